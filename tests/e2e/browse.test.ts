import type { Db } from '../../src/server/db/sqlite/connection.ts';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { useBrowserSession } from '../helpers/browser.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
let page: Page;
let db: Db;
beforeEach(() => {
  page = session.page;
  db = session.db;
});

function column(sql: string): string[] {
  return db.prepare(sql).all().map((row) => String(Object.values(row)[0]));
}

describe('home page', () => {
  it('shows the main banner, the featured posts and one row per home category from the database', async () => {
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);

    const bannerTitles = column("SELECT title FROM banners WHERE placement = 'home' AND slot = 'main' ORDER BY position");
    expect(await page.getByTestId('main-banner').locator('li').count()).toBe(bannerTitles.length);
    expect(await page.getByTestId('main-banner').innerText()).toContain(bannerTitles[0]);

    const featuredTitles = column(`SELECT p.title FROM featured_posts f JOIN posts p ON p.id = f.post_id
      WHERE f.placement = 'home' ORDER BY f.position`);
    const shown = await page.getByTestId('featured-row').getByRole('heading', { level: 3 }).allInnerTexts();
    expect(shown).toEqual(featuredTitles);

    const rows = db.prepare(`SELECT c.name, c.slug, parent.slug AS parent_slug FROM home_categories h
      JOIN categories c ON c.id = h.category_id JOIN categories parent ON parent.id = c.parent_id ORDER BY h.position`).all();
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
    const summary = column(`SELECT summary FROM posts WHERE slug = '${slug}'`)[0];
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
    const slug = column("SELECT slug FROM posts WHERE type = 'services' LIMIT 1")[0];
    for (const path of ['/no-such-business', `/jobs/${slug}`]) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('404 Page Unavailable!');
    }
  });
});
