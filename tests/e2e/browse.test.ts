import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { livePost } from '../fixtures/catalogue.ts';
import { useBrowserSession } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
let page: Page;
beforeEach(() => {
  page = session.page;
});

describe('home page', () => {
  it('shows the main banner, the featured posts and one row per home category from the database', async () => {
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);

    const bannerTitles = (await session.query.selectFrom('banners').select('title').where('placement', '=', 'home').where('slot', '=', 'main')
      .orderBy('position').execute()).map((row) => row.title);
    expect(await page.getByTestId('main-banner').locator('li').count()).toBe(bannerTitles.length);
    expect(await page.getByTestId('main-banner').innerText()).toContain(bannerTitles[0]);

    const featuredTitles = (await session.query.selectFrom('featured_posts').innerJoin('posts', 'posts.id', 'featured_posts.post_id')
      .select('posts.title').where('featured_posts.placement', '=', 'home').orderBy('featured_posts.position').execute()).map((row) => row.title);
    const shown = await page.getByTestId('featured-row').getByRole('heading', { level: 3 }).allInnerTexts();
    expect(shown).toEqual(featuredTitles);

    const rows = await session.query.selectFrom('home_categories as h').innerJoin('categories as c', 'c.id', 'h.category_id')
      .innerJoin('categories as parent', 'parent.id', 'c.parent_id').select(['c.name', 'c.slug', 'parent.slug as parent_slug']).orderBy('h.position').execute();
    const rowSections = page.getByTestId('home-category-row');
    expect(await rowSections.count()).toBe(rows.length);
    for (const [index, row] of rows.entries()) {
      const section = rowSections.nth(index);
      expect(await section.getByRole('heading', { level: 2 }).innerText()).toBe(row.name);
      expect(await section.getByRole('link', { name: 'View More' }).getAttribute('href')).toBe(`/services/l/${row.parent_slug}/${row.slug}`);
      expect(await section.locator('.card').count()).toBeGreaterThan(0);
    }
  });

  it('has the header tabs and the footer version label', async () => {
    await page.goto(`${baseUrl}/`);
    const tabs = await page.getByRole('navigation', { name: 'Listing types' }).getByRole('link').allInnerTexts();
    expect(tabs).toEqual(['Home', 'Services', 'Buy & Sell', 'Jobs', 'Hire Me', 'Education']);
    expect(await page.getByTestId('version-label').innerText()).toBe('1.0.58-dev');
  });

  it('opens a post detail page from a home card', async () => {
    await page.goto(`${baseUrl}/`);
    const card = page.getByTestId('featured-row').locator('.card').first();
    const title = await card.getByRole('heading', { level: 3 }).innerText();
    await card.getByRole('heading', { level: 3 }).getByRole('link').click();
    await page.waitForURL(/\/(services|jobs|hireme|buysell)\/[a-z0-9-]+$/);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(title);
    const slug = new URL(page.url()).pathname.split('/')[2];
    const [row] = await session.repos.catalog.findPostRows([(await session.repos.catalog.findPostIdBySlug(slug!))!]);
    const summary = row!.summary;
    expect(await page.getByTestId('post-summary').innerText()).toBe(summary);
    expect(await page.getByTestId('post-price').innerText()).toMatch(/^(RM [\d,]+( - RM [\d,]+)?|Negotiable)$/);
    expect(await page.getByTestId('locations').locator('li').count()).toBeGreaterThan(0);
  });

  it('opens a business profile from the company link on a home card', async () => {
    await page.goto(`${baseUrl}/`);
    const card = page.getByTestId('home-category-row').first().locator('.card').first();
    const company = card.locator('.card-company');
    const name = await company.innerText();
    await company.click();
    await page.waitForURL((url) => url.pathname.split('/').length === 2 && url.pathname !== '/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
    expect(await page.getByTestId('locations').locator('li').count()).toBeGreaterThan(0);
  });
});

describe('missing pages', () => {
  it("shows '404 Page Unavailable!' with HTTP 404 for an unknown post", async () => {
    const response = await page.goto(`${baseUrl}/services/no-such-post-anywhere`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Unavailable!');
  });

  it('shows the same for an unknown profile and for a post under the wrong type', async () => {
    const { slug } = await livePost(session, 'services');
    for (const path of ['/no-such-business', `/jobs/${slug}`]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Unavailable!');
    }
  });
});
