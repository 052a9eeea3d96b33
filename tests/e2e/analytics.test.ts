import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
// Playwright's request routing (below) drops a beacon that a closing page sends through a service worker
// (Playwright advises blocking service workers when routing); real browsers send it. Blocked here: this file
// is about the beacon, tests/e2e/offline.test.ts about the worker.
const session = useBrowserSession({ serviceWorkers: 'block' });
let page: Page;
beforeEach(async () => {
  page = session.page;
  // The map links open other sites in a new tab: nothing is reachable here, so answer them locally.
  await session.context.route(/^https:\/\/(www\.)?(waze\.com|google\.com)\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Map</title>' }));
});

/** A live services post (every listing has a location: its Waze and maps links). */
const postWithLocation = (offset: number) => livePost(session, 'services', { offset });

/** The clicks of one kind counted for a post today and yesterday (Malaysian days), as its stats store them. */
async function count(postId: number, action: string): Promise<number> {
  const today = malaysiaToday();
  const stats = await session.repos.stats.findListingStats({ type: 'services', id: postId }, malaysiaToday(Date.now() - 86_400_000), today);
  return stats.filter((row) => row.action === action).reduce((sum, row) => sum + row.count, 0);
}

describe('click analytics (spec §4)', () => {
  it('sends a Waze click 5 s after the last click, in one batch', async () => {
    const post = await postWithLocation(5);
    await page.goto(`${baseUrl}/services/${post.slug}`);
    await hydrated(page);
    const popup = page.context().waitForEvent('page');
    await page.getByRole('link', { name: 'Waze' }).first().click();
    await (await popup).close();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('analytics') ?? '[]').length)).toBe(1);
    expect(await count(post.id, 'visit_waze_direction')).toBe(0);
    await expect.poll(() => count(post.id, 'visit_waze_direction'), { timeout: scaled(10_000), interval: 500 }).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('analytics'))).toBeNull();
  });

  it('loses nothing when the visitor leaves before the batch goes: the page sends it as it goes', async () => {
    const post = await postWithLocation(6);
    await page.goto(`${baseUrl}/services/${post.slug}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Google Maps' }).first().click({ modifiers: ['Shift'] }).catch(() => undefined);
    await page.goto(`${baseUrl}/`);
    await expect.poll(() => count(post.id, 'visit_maps_location'), { timeout: scaled(5_000), interval: 250 }).toBe(1);
  });
});
