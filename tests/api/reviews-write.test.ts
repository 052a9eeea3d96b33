import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import type { Review } from '../../src/shared/schemas/catalog.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { SearchRequestSchema } from '../../src/shared/search.ts';
import { livePost, profileAt } from '../fixtures/catalogue.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import type { SessionClient } from '../helpers/session-client.ts';

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 500, height: 300, channels: 3, background: '#36c' } }).png().toBuffer();
});
const { copy, api, browser, registerByEmail, signIn } = useAccountsApp('reviews');
let people = 0;

async function reviewer(name = 'Kavitha') {
  const email = `reviewer-${++people}@example.my`;
  await registerByEmail(email, name);
  return signIn(email);
}

async function uploadImage(visitor: SessionClient): Promise<{ status: number; data: Record<string, string> }> {
  if (!visitor.jar.has('XSRF-TOKEN')) await visitor.get('/api/sanctum/csrf-cookie');
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const response = await api().request('/api/review/image', {
    method: 'POST', body: form, headers: { Cookie: visitor.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(visitor.jar.get('XSRF-TOKEN')!) },
  }, { clientAddress: visitor.client });
  const body = await response.json() as { data: Record<string, string> };
  return { status: response.status, data: body.data };
}

/** A post's rating and count as the catalogue answers them. */
const postRating = async (id: number) => {
  const [row] = await copy.app.repos.catalog.findPostRows([id]);
  return { rating: row!.rating, rating_count: row!.rating_count };
};
const profileRating = async (slug: string) => {
  const row = (await copy.app.repos.catalog.findProfileBySlug(slug))!;
  return { rating: row.rating, rating_count: row.rating_count };
};
const aPost = async (type: ListingType, offset: number) => (await livePost(copy.app, type, { offset })).id;
/** The tags changes wrote to the invalidation log after `afterId`. */
const tagsSince = async (afterId: number) => (await copy.repos.cache.invalidationsSince(afterId, 10_000)).map((entry) => entry.tag);

describe('writing reviews (spec §4, §5, §7)', () => {
  it('answers 401 signed out', async () => {
    const visitor = browser();
    expect((await visitor.post('/api/review', { type: 'services', id: aPost('services', 0), content: 'x', rating: 5 })).status).toBe(401);
    expect((await uploadImage(visitor)).status).toBe(401);
  });

  it('posts a review with 2 images: it comes first, and the rating, count, search row and cache tags follow', async () => {
    const visitor = await reviewer();
    const id = await aPost('services', 10);
    const before = await postRating(id);
    const logBefore = await copy.repos.cache.latestInvalidation();
    const images = [(await uploadImage(visitor)).data, (await uploadImage(visitor)).data];
    expect(images[0]!.full).toMatch(/^\/media\/uploads\/.+-full\.jpg$/);
    const posted = await visitor.post('/api/review', { type: 'services', id, content: 'Fixed our aircon the same day.\nFair price.', rating: 4, images });
    expect(posted.status).toBe(201);
    const review = posted.body.data as Review;
    expect(review).toMatchObject({ rating: 4, content: 'Fixed our aircon the same day.\nFair price.', user: { name: 'Kavitha' } });
    expect(review.images.map((item) => item.image.full)).toEqual(images.map((image) => image.full));
    const after = await postRating(id);
    expect(after.rating_count).toBe(before.rating_count + 1);
    const page = (await browser().get(`/api/services/${id}/review`)).body as unknown as { data: Review[]; total: number };
    expect(page.data[0]).toMatchObject({ id: review.id, rating: 4 });
    expect(page.data[0]!.images).toHaveLength(2);
    // Search shows the new rating too.
    const [row] = await copy.repos.catalog.findPostRows([id]);
    const found = await copy.app.search.search(SearchRequestSchema.parse({ type: 'services', search: row!.title }));
    expect(found.results.find((card) => card.id === id)).toMatchObject({ rating: after.rating, rating_count: after.rating_count });
    expect(await tagsSince(logBefore)).toEqual(expect.arrayContaining([`post:${id}`, 'list:services', 'list:all', `path:/services/${row!.slug}`]));
    // The images are in use now: the stale-upload sweep leaves them.
    expect(await copy.query.selectFrom('uploads').innerJoin('review_media', 'review_media.media_id', 'uploads.media_id').select('uploads.id')
      .where('review_media.review_id', '=', review.id).where('uploads.attached_at', 'is', null).execute()).toEqual([]);

    // A second review of the same listing edits the first.
    const edited = await visitor.post('/api/review', { type: 'services', id, content: 'Still good a month later.', rating: 5 });
    expect((edited.body.data as Review).id).toBe(review.id);
    expect((await postRating(id)).rating_count).toBe(after.rating_count);
  });

  it('reviews a profile and a buysell post, and updates the profile rating', async () => {
    const visitor = await reviewer('Jason');
    const profile = await profileAt(copy.app, 7);
    const before = await profileRating(profile.slug);
    expect((await visitor.post('/api/review', { type: 'profile', id: profile.id, content: 'Friendly staff.', rating: 5 })).status).toBe(201);
    expect((await profileRating(profile.slug)).rating_count).toBe(before.rating_count + 1);
    expect((await visitor.post('/api/review', { type: 'buysell', id: await aPost('buysell', 2), content: 'As described.', rating: 3 })).status).toBe(201);
  });

  it('answers every bad field with 422, an unknown listing with 404, and images of someone else with 422', async () => {
    const visitor = await reviewer();
    const id = await aPost('services', 20);
    const empty = await visitor.post('/api/review', { type: 'services', id });
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['content', 'rating']);
    expect((await visitor.post('/api/review', { type: 'jobs', id: await aPost('jobs', 0), content: 'x', rating: 5 })).body.errors!.type)
      .toEqual(['Reviews are for services, buy & sell posts and business profiles.']);
    for (const rating of [0, 6, 2.5]) expect((await visitor.post('/api/review', { type: 'services', id, content: 'x', rating })).body.errors!.rating).toEqual(['Choose a rating from 1 to 5.']);
    const four = [1, 2, 3, 4].map(() => ({ full: '/media/uploads/x-full.jpg' }));
    expect((await visitor.post('/api/review', { type: 'services', id, content: 'x', rating: 5, images: four })).body.errors!.images).toEqual(['At most 3 images.']);
    expect((await visitor.post('/api/review', { type: 'services', id: 999_999_999, content: 'x', rating: 5 })).status).toBe(404);
    const someoneElses = (await uploadImage(await reviewer())).data;
    expect((await visitor.post('/api/review', { type: 'services', id, content: 'x', rating: 5, images: [someoneElses] })).body.errors!.images).toEqual(['Upload the images again.']);
  });

  it(`limits an account to ${RATE_LIMITS.review.limit} reviews per 10 minutes`, async () => {
    const visitor = await reviewer();
    let last = 0;
    for (let count = 0; count <= RATE_LIMITS.review.limit; count += 1) {
      last = (await visitor.post('/api/review', { type: 'services', id: await aPost('services', 30 + count), content: 'Good.', rating: 4 })).status;
    }
    expect(last).toBe(429);
  });

  it('leaves a hidden review (a reported one a moderator hid) out of the listing\'s list', async () => {
    const visitor = await reviewer('Hidden Harun');
    const id = await aPost('services', 50);
    const posted = await visitor.post('/api/review', { type: 'services', id, content: 'Rude staff, avoid.', rating: 1 });
    const reviewId = (posted.body.data as Review).id;
    const ids = async () => ((await browser().get(`/api/services/${id}/review`)).body as unknown as { data: Review[] }).data.map((review) => review.id);
    expect(await ids()).toContain(reviewId);
    // Moderators hide reviews from the operator console (a later issue); until then the query layer plays the moderator.
    await copy.query.updateTable('reviews').set({ hidden: 1 }).where('id', '=', reviewId).execute();
    expect(await ids()).not.toContain(reviewId);
  });
});
