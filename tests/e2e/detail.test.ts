import type { Db } from '../../src/server/db/sqlite/connection.ts';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { useBrowserSession } from '../helpers/browser.ts';
import { liveSql } from '../helpers/live.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
let page: Page;
let db: Db;
beforeEach(() => {
  page = session.page;
  db = session.db;
});

function slug(sql: string): string {
  return String(db.prepare(sql).get()!.slug);
}

async function jsonLd(): Promise<{ '@type': string }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => JSON.parse(text) as { '@type': string } | { '@type': string }[]);
}

describe('post detail', () => {
  it('jobs: job sections, Salary, Apply Now, JobPosting data', async () => {
    const path = `/jobs/${slug(`SELECT p.slug FROM posts p JOIN job_details j ON j.post_id = p.id WHERE j.company_confidential = 0 AND j.experience_years > 0 AND p.price_min_sen IS NOT NULL AND ${liveSql()} LIMIT 1`)}`;
    await page.goto(baseUrl + path);
    const details = page.getByTestId('type-details');
    for (const text of ['Job Type', 'Qualifications', 'Career Level', 'Requirements', 'Responsibilities', 'Benefits']) expect(await details.innerText()).toContain(text);
    expect(await details.innerText()).toMatch(/Minimum \d+ years/);
    expect(await page.getByTestId('price-box').innerText()).toContain('Salary');
    expect(await page.getByTestId('action').innerText()).toBe('Apply Now');
    expect((await jsonLd()).map((block) => block['@type'])).toEqual(['JobPosting', 'BreadcrumbList']);
    expect(await page.getByTestId('reviews').count()).toBe(0);
  });

  it('a confidential job says Confidential and shows no company, overview or reviews', async () => {
    const id = db.prepare('SELECT p.id, p.slug, pr.name FROM posts p JOIN job_details j ON j.post_id = p.id JOIN profiles pr ON pr.id = p.profile_id WHERE j.company_confidential = 1 LIMIT 1').get()!;
    await page.goto(`${baseUrl}/jobs/${id.slug}`);
    expect(await page.getByTestId('post-company').innerText()).toBe('Confidential');
    expect(await page.content()).not.toContain(String(id.name));
  });

  it('hireme: hireme sections, Rate, Hire Now, no map and no reviews', async () => {
    await page.goto(`${baseUrl}/hireme/${slug('SELECT slug FROM posts WHERE type = \'hireme\' AND price_min_sen IS NOT NULL LIMIT 1')}`);
    for (const text of ['Language', 'Expertise Level', 'Vaccination', 'Skill Description', 'Work Experience', 'Education']) {
      expect(await page.getByTestId('type-details').innerText()).toContain(text);
    }
    expect(await page.getByTestId('post-price').innerText()).toMatch(/^RM [\d,]+ Per (Hour|Day|Month|Project)$/);
    expect(await page.getByTestId('action').innerText()).toBe('Hire Now');
    expect(await page.getByRole('link', { name: 'Waze' }).count()).toBe(0);
    expect(await page.getByTestId('reviews').count()).toBe(0);
  });

  it('buysell: post type, condition, quantity, percent off, Make Offer, Product data, reviews', async () => {
    await page.goto(`${baseUrl}/buysell/${slug("SELECT p.slug FROM posts p JOIN buysell_details b ON b.post_id = p.id WHERE b.deal_type = 'sell' AND p.op_sen IS NOT NULL LIMIT 1")}`);
    const details = await page.getByTestId('type-details').innerText();
    expect(details).toContain('We are Selling');
    expect(details).toMatch(/Condition\s+(New|Used)/);
    expect(details).toMatch(/Quantity\s+(\d+|N\/A)/);
    expect(await page.getByTestId('price-box').innerText()).toMatch(/\d+% OFF/);
    expect(await page.getByTestId('action').innerText()).toBe('Make Offer');
    expect(await page.getByTestId('buysell-badge').innerText()).toBe('SELL');
    expect((await jsonLd()).map((block) => block['@type'])).toContain('Product');
    expect(await page.getByTestId('reviews').isVisible()).toBe(true);
  });

  it('services: details, Enquire Now, Call, map links and paged reviews', async () => {
    const post = db.prepare("SELECT slug, rating_count FROM posts WHERE type = 'services' AND rating_count > 5 LIMIT 1").get()!;
    await page.goto(`${baseUrl}/services/${post.slug}`);
    expect(await page.getByTestId('type-details').innerText()).toContain('Details');
    expect(await page.getByTestId('action').innerText()).toBe('Enquire Now');
    expect(await page.getByRole('link', { name: 'Call' }).getAttribute('href')).toMatch(/^tel:\+60\d+$/);
    expect(await page.getByRole('link', { name: 'Waze' }).first().getAttribute('href')).toMatch(/^https:\/\/waze\.com\/ul\?ll=/);
    expect(await page.getByTestId('review').count()).toBe(5);
    await page.getByRole('link', { name: 'Older reviews' }).click();
    await page.waitForURL(/reviews=2/);
    expect(await page.getByTestId('review').count()).toBe(Number(post.rating_count) - 5);
  });

  it("links the location to the type's search for that place, which finds the post", async () => {
    const post = db.prepare("SELECT slug, title FROM posts WHERE type = 'services' LIMIT 1").get()!;
    await page.goto(`${baseUrl}/services/${post.slug}`);
    await page.getByTestId('post-location').click();
    await page.waitForURL(/\/services\/l\?where=/);
    expect(Number((await page.getByTestId('result-count').innerText()).split(' ')[0])).toBeGreaterThan(0);
  });

  it('has no serious accessibility violations', async () => {
    await page.goto(`${baseUrl}/services/${slug("SELECT slug FROM posts WHERE type = 'services' AND rating_count > 0 LIMIT 1")}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('business profile', () => {
  it('shows the claim box when unclaimed, opening hours with open now, badges and LocalBusiness data', async () => {
    await page.goto(`${baseUrl}/${slug("SELECT slug FROM profiles WHERE kind = 'business' AND claimed = 0 LIMIT 1")}`);
    expect(await page.getByTestId('claim-box').isVisible()).toBe(true);
    expect(await page.getByTestId('open-now').innerText()).toMatch(/^(Open now|Closed now)$/);
    expect(await page.getByTestId('opening-hours').innerText()).toContain('Monday');
    expect((await jsonLd()).map((block) => block['@type'])).toEqual(['LocalBusiness', 'BreadcrumbList']);
    expect(await page.getByTestId('floating-actions').getByRole('button', { name: 'Enquire Now' }).isVisible()).toBe(true);
  });

  it('loads the Related row of a FREE profile when scrolled near it', async () => {
    const free = slug(`SELECT pr.slug FROM profiles pr WHERE pr.kind = 'business' AND pr.plan = 'FREE'
      AND EXISTS (SELECT 1 FROM post_categories pc JOIN post_categories other ON other.category_id = pc.category_id
        JOIN posts p ON p.id = pc.post_id JOIN posts o ON o.id = other.post_id
        WHERE p.profile_id = pr.id AND o.profile_id != pr.id) LIMIT 1`);
    const response = await page.goto(`${baseUrl}/${free}`);
    expect(await response!.text()).not.toContain('data-testid="related-posts"');
    await page.locator('[data-lazy-fragment]').scrollIntoViewIfNeeded();
    const related = page.getByTestId('related-posts');
    await related.waitFor();
    expect(await related.locator('.card').count()).toBeGreaterThan(0);
    expect(await related.locator('.card').count()).toBeLessThanOrEqual(10);
  });

  it('has no claim box when claimed, and no serious accessibility violations', async () => {
    await page.goto(`${baseUrl}/${slug("SELECT slug FROM profiles WHERE kind = 'business' AND claimed = 1 LIMIT 1")}`);
    expect(await page.getByTestId('claim-box').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('static pages and contact', () => {
  it('shows a CMS page and 404 for a missing one', async () => {
    await page.goto(`${baseUrl}/pages/about-us`);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('About Us');
    const missing = await page.goto(`${baseUrl}/pages/no-such-page`);
    expect(missing?.status()).toBe(404);
  });

  it('contact form shows errors under the fields, then sends', async () => {
    await page.goto(`${baseUrl}/pages/contact-us`);
    await page.getByLabel('Email (optional)').fill('nope');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForLoadState();
    expect(await page.locator('#name-error').innerText()).toBe('Name is required.');
    expect(await page.locator('#email-error').innerText()).toBe('Enter a valid email address.');
    expect(await page.locator('#message-error').innerText()).toBe('Message is required.');
    await page.getByLabel('Name').fill('Siti');
    await page.getByLabel('Email (optional)').fill('siti@example.com');
    await page.getByLabel('Phone number').fill('012-345 6789');
    await page.getByLabel('Message').fill('Hello');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('contact-sent').waitFor();
    expect(await page.locator('#name-error').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('crawler files', () => {
  it('robots.txt keeps filters out, /me/ and /api/ too, and points to the sitemap', async () => {
    const text = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Disallow: /me/');
    expect(text).toContain('Disallow: /*?*sort=');
    expect(text).toContain('Disallow: /*?*live_since=');
    expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  it('the sitemap index lists files whose URLs open', async () => {
    const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(files).toContain('/sitemaps/posts-services-1.xml');
    const services = await (await fetch(`${baseUrl}/sitemaps/posts-services-1.xml`)).text();
    const first = new URL([...services.matchAll(/<loc>([^<]+)<\/loc>/g)][0]![1]!).pathname;
    expect((await fetch(baseUrl + first)).status).toBe(200);
    expect((await fetch(`${baseUrl}/sitemaps/nothing-here.xml`)).status).toBe(404);
  });
});
