import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { useBrowserSession } from '../helpers/browser.ts';
import { livePost, profileWhere, type LivePost, type ListedProfile } from '../fixtures/catalogue.ts';
import type { ListingType } from '../../src/shared/constants.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});

/** The slug of the first live post of a type that `matches` accepts. */
async function slug(type: ListingType, matches: (post: LivePost) => boolean = () => true): Promise<string> {
  return (await livePost(session, type, { matches })).slug;
}

/** The slug of the first profile that `matches` accepts. */
async function profileSlug(matches: (profile: ListedProfile) => boolean): Promise<string> {
  return (await profileWhere(session, matches)).slug;
}

async function jsonLd(): Promise<{ '@type': string }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.flatMap((text) => JSON.parse(text) as { '@type': string } | { '@type': string }[]);
}

describe('post detail', () => {
  it('jobs: job sections, Salary, Apply Now, JobPosting data', async () => {
    const path = `/jobs/${await slug('jobs', ({ row }) => row.job_confidential === false && row.job_experience_years! > 0 && row.price_min_sen !== null)}`;
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
    const job = await livePost(session, 'jobs', { matches: ({ row }) => row.job_confidential === true });
    await page.goto(`${baseUrl}/jobs/${job.slug}`);
    expect(await page.getByTestId('post-company').innerText()).toBe('Confidential');
    expect(await page.content()).not.toContain(job.profile);
  });

  it('a confidential job is on no list of its employer’s profile page, in any language (probe finding 1)', async () => {
    const job = await livePost(session, 'jobs', { matches: ({ row }) => row.job_confidential === true });
    for (const prefix of ['', '/ms', '/zh']) {
      const answer = await fetch(`${baseUrl}${prefix}/${job.profileSlug}`);
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain(job.profile);
      expect(html, `${prefix || '/'} names the job`).not.toContain(job.slug);
    }
  });

  it('hireme: hireme sections, Rate, Hire Now, no map and no reviews', async () => {
    await page.goto(`${baseUrl}/hireme/${await slug('hireme', ({ row }) => row.price_min_sen !== null)}`);
    for (const text of ['Language', 'Expertise Level', 'Vaccination', 'Skill Description', 'Work Experience', 'Education']) {
      expect(await page.getByTestId('type-details').innerText()).toContain(text);
    }
    expect(await page.getByTestId('post-price').innerText()).toMatch(/^RM [\d,]+ Per (Hour|Day|Month|Project)$/);
    expect(await page.getByTestId('action').innerText()).toBe('Hire Now');
    expect(await page.getByRole('link', { name: 'Waze' }).count()).toBe(0);
    expect(await page.getByTestId('reviews').count()).toBe(0);
  });

  it('buysell: post type, condition, quantity, percent off, Make Offer, Product data, reviews', async () => {
    await page.goto(`${baseUrl}/buysell/${await slug('buysell', ({ row }) => row.buysell_type === 'sell' && row.op_sen !== null)}`);
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
    const { slug: postSlug, row: post } = await livePost(session, 'services', { matches: ({ row }) => row.rating_count > 5 });
    await page.goto(`${baseUrl}/services/${postSlug}`);
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
    await page.goto(`${baseUrl}/services/${await slug('services')}`);
    await page.getByTestId('post-location').click();
    await page.waitForURL(/\/services\/l\?where=/);
    expect(Number((await page.getByTestId('result-count').innerText()).split(' ')[0])).toBeGreaterThan(0);
  });

  it('has no serious accessibility violations', async () => {
    await page.goto(`${baseUrl}/services/${await slug('services', ({ row }) => row.rating_count > 0)}`);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

describe('business profile', () => {
  it('shows the claim box when unclaimed, opening hours with open now, badges and LocalBusiness data', async () => {
    await page.goto(`${baseUrl}/${await profileSlug(({ row }) => row.kind === 'business' && !row.claimed)}`);
    expect(await page.getByTestId('claim-box').isVisible()).toBe(true);
    expect(await page.getByTestId('open-now').innerText()).toMatch(/^(Open now|Closed now)$/);
    expect(await page.getByTestId('opening-hours').innerText()).toContain('Monday');
    expect((await jsonLd()).map((block) => block['@type'])).toEqual(['LocalBusiness', 'BreadcrumbList']);
    expect(await page.getByTestId('floating-actions').getByRole('button', { name: 'Enquire Now' }).isVisible()).toBe(true);
  });

  it('loads the Related row of a FREE profile when scrolled near it', async () => {
    // A FREE business (its page has a Related row when other businesses post in its categories, as the seed's do).
    const free = await profileSlug(({ row }) => row.kind === 'business' && row.plan === 'FREE');
    const response = await page.goto(`${baseUrl}/${free}`);
    expect(await response!.text()).not.toContain('data-testid="related-posts"');
    await page.locator('[data-lazy-fragment]').scrollIntoViewIfNeeded();
    const related = page.getByTestId('related-posts');
    await related.waitFor();
    expect(await related.locator('.card').count()).toBeGreaterThan(0);
    expect(await related.locator('.card').count()).toBeLessThanOrEqual(10);
  });

  it('has no claim box when claimed, and no serious accessibility violations', async () => {
    await page.goto(`${baseUrl}/${await profileSlug(({ row }) => row.kind === 'business' && row.claimed)}`);
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
