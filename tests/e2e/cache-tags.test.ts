import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { saveReview } from '../../src/server/engagement/reviews.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { openTestDatabase } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/** Invalidation by tag on the running server (decision 0017): a change drops what shows it, and nothing else. */
const baseUrl = inject('baseUrl');
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase(inject('e2eUrl'));
});
afterAll(async () => {
  await database.close();
});

const cacheOf = async (path: string) => {
  const response = await fetch(baseUrl + path);
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('X-Cache'), tags: response.headers.get('Cache-Tag') };
};

describe('cached pages and a change to one listing', () => {
  it('drop that listing’s page and the lists it is in within seconds, and keep the other pages', async () => {
    const changed = await livePost(database, 'services', { offset: 150 });
    const other = await livePost(database, 'jobs', { offset: 150 });
    const pages = {
      changed: `/services/${changed.slug}`,
      other: `/jobs/${other.slug}`,
      otherList: '/jobs/l',
      list: '/services/l',
    };
    // Kept fresh first: a page another test file cached near the TTL answers STALE once while it is rendered again.
    for (const path of Object.values(pages)) await expect.poll(async () => (await cacheOf(path)).cache, { timeout: scaled(10_000), interval: 100 }).toBe('HIT');
    expect((await cacheOf(pages.changed)).tags).toContain(`post:${changed.id}`);

    // Another process (an advertiser's edit, a review) changes the listing.
    const userId = await database.repos.users.createUser({ name: 'Tag Reviewer', email: `tags-${Date.now()}@example.my`, phone_number: null, phone_number_country: null, password_hash: null });
    await saveReview(database.repos, { listing: changed, userId, reviewerName: 'Tag Reviewer', rating: 5, content: 'Quick and tidy.', mediaIds: [] });

    await expect.poll(async () => (await cacheOf(pages.changed)).cache, { timeout: scaled(10_000), interval: 250 }).toBe('MISS');
    await expect.poll(async () => (await cacheOf(pages.list)).cache, { timeout: scaled(10_000), interval: 250 }).toBe('MISS');
    // Kept: a HIT, or STALE when another test file had it cached close to the TTL (a change would have dropped it: MISS).
    expect(['HIT', 'STALE']).toContain((await cacheOf(pages.other)).cache);
    expect(['HIT', 'STALE']).toContain((await cacheOf(pages.otherList)).cache);
    expect(await (await fetch(baseUrl + pages.changed)).text()).toContain('Quick and tidy.');
  });

  it('ends a cached 404 when a listing is published at its path', async () => {
    const path = `/jobs/not-yet-here-${Date.now()}`;
    expect((await cacheOf(path)).status).toBe(404);
    expect((await cacheOf(path)).cache).toBe('HIT');
    // What publishing at that path tells the caches (the advertiser site's write names the path so).
    await database.repos.cache.invalidate([`path:${path}`]);
    await expect.poll(async () => (await cacheOf(path)).cache, { timeout: scaled(10_000), interval: 250 }).toBe('MISS');
  });
});
