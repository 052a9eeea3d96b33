import { beforeAll, describe, expect, it } from 'vitest';
import { expire } from '../../src/server/listings/index.ts';
import { ErrorBodySchema, HomeSchema, PostSchema, ProfileSchema } from '../../src/shared/schemas/catalog.ts';
import { SearchResponseSchema } from '../../src/shared/search.ts';
import { LISTING_TYPES } from '../../src/shared/constants.ts';
import { apiClient } from '../helpers/api.ts';
import { TestClock } from '../../src/server/clock.ts';
import { hiddenPosts, livePost, livePosts } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const clock = new TestClock();
const copy = useTestDatabase({}, { clock });
let get: ReturnType<typeof apiClient>;

beforeAll(() => {
  get = apiClient(copy.app);
});

describe('GET /api/post/slug/{slug}', () => {
  it.each(LISTING_TYPES)('gives a %s post with its own type-specific object and no other', async (type) => {
    const { slug } = await livePost(copy.app, type, { matches: ({ row }) => row.job_confidential !== true });
    const { status, body } = await get(`/api/post/slug/${slug}`);
    expect(status).toBe(200);
    const post = PostSchema.parse(body);
    expect(post).toMatchObject({ slug, type, variant: 'post', followed: false });
    const own = { services: 'service', jobs: 'job', hireme: 'hireme', buysell: 'buysell' } as const;
    for (const [listingType, key] of Object.entries(own)) {
      if (listingType === type) expect(post[key]).not.toBeNull();
      else expect(post[key]).toBeNull();
    }
    expect(post.categories[0]?.type).toBe(type);
    expect(post.locations.length).toBeGreaterThan(0);
    expect(post.locations[0]!.city_state).toContain(post.locations[0]!.city.name);
    expect(post.profile?.slug).toBeTruthy();
  });

  it('gives job details as stored: types, qualifications, level and salary in RM', async () => {
    const { slug, row } = await livePost(copy.app, 'jobs', { matches: ({ row }) => row.job_confidential === false && row.price_min_sen !== null });
    const post = PostSchema.parse((await get(`/api/post/slug/${slug}`)).body);
    expect(post.job).toMatchObject({ level: row.job_level, salary_min: row.price_min_sen! / 100, salary_currency: 'RM' });
    expect(post.job!.type.length).toBeGreaterThan(0);
    expect(post.job!.qualification.length).toBeGreaterThan(0);
  });

  it('hides the employer of a confidential job: no profile, no address, no phone', async () => {
    const { slug, profile } = await livePost(copy.app, 'jobs', { matches: ({ row }) => row.job_confidential === true });
    const post = PostSchema.parse((await get(`/api/post/slug/${slug}`)).body);
    expect(post.confidential).toBe(true);
    expect(post.profile).toBeNull();
    expect(post.job!.company_confidential).toBe(true);
    for (const location of post.locations) {
      expect(location).toMatchObject({ name: 'Confidential', address_line1: null, phone_number: null, email: null });
    }
    expect(JSON.stringify(post)).not.toContain(profile);
  });

  it('lists images with all four variants, the first one selected', async () => {
    const items = await livePosts(copy.app, 'buysell', 50);
    const media = await copy.repos.catalog.findPostMedia(items.map((item) => item.id));
    const { slug } = items.find((item) => media.filter((row) => row.owner_id === item.id).length > 1)!;
    const post = PostSchema.parse((await get(`/api/post/slug/${slug}`)).body);
    expect(post.images.length).toBeGreaterThan(1);
    expect(post.images.map((item) => item.selected)).toEqual([1, ...post.images.slice(1).map(() => 0)]);
    expect(post.images[0]!.image).toEqual({
      thumbnail: expect.stringMatching(/-thumb\.jpg$/), full: expect.stringMatching(/-full\.jpg$/),
      thumbnail_webp: expect.stringMatching(/-thumb\.webp$/), full_webp: expect.stringMatching(/-full\.webp$/),
    });
  });

  it('answers 404 JSON for an unknown or malformed slug', async () => {
    for (const slug of ['no-such-post-123', 'Bad_Slug!', '%27%20OR%201%3D1']) {
      const { status, body } = await get(`/api/post/slug/${slug}`);
      expect(status).toBe(404);
      expect(ErrorBodySchema.parse(body).message).toBe('Post not found.');
    }
  });
});

describe('GET /api/profile/slug/{slug}', () => {
  it('gives a business with locations, a full week of opening hours, badges and its posts by type', async () => {
    const { profileSlug: slug } = await livePost(copy.app, 'services', { matches: ({ row }) => row.profile_kind === 'business' });
    const { status, body } = await get(`/api/profile/slug/${slug}`);
    expect(status).toBe(200);
    const profile = ProfileSchema.parse(body);
    expect(profile.slug).toBe(slug);
    expect(profile.locations.length).toBeGreaterThan(0);
    expect(profile.business_hours.map((entry) => entry.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(profile.posts.services.length).toBeGreaterThan(0);
    for (const type of ['services', 'jobs', 'buysell'] as const) {
      expect(profile.posts[type].every((post) => post.type === type)).toBe(true);
    }
    expect(profile.categories.length).toBeGreaterThan(0);
    expect(profile.categories.every((category) => category.parent !== null)).toBe(true);
  });

  it('answers 404 JSON for an unknown profile', async () => {
    const { status, body } = await get('/api/profile/slug/nobody-here');
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).message).toBe('Profile not found.');
  });
});

describe('expired listings', () => {
  const search = async (body: object) => SearchResponseSchema.parse((await get('/api/post/search', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).body);

  it('leave search, home rows and the API (a 404, issue 39): nothing but a live ad is on the public site', async () => {
    const hidden = await hiddenPosts(copy.query, 10_000, new Date(clock.now()));
    const expired = hidden[0]!;
    expect((await get(`/api/post/slug/${expired.slug}`)).status).toBe(404);
    const [row] = await copy.repos.catalog.findPostRows([expired.id]);
    expect(row!.live).toBe(false);
    expect((await search({ type: expired.type, search: row!.title })).results.map((card) => card.id)).not.toContain(expired.id);
    const home = HomeSchema.parse((await get('/api/home')).body);
    const shown = [...home.featured_posts, ...home.home_category_posts.flatMap((row) => row.posts)].map((card) => card.id);
    expect(shown.length).toBeGreaterThan(0);
    const notLive = new Set(hidden.map((row) => row.id));
    expect(shown.filter((id) => notLive.has(id))).toEqual([]);
  });

  it('are swept out of search when their time runs out', async () => {
    // The live job that runs out first; the clock moves just past its time.
    const [live] = (await livePosts(copy.app, 'jobs', 200, ({ row }) => row.expires_at !== null))
      .sort((a, b) => a.row.expires_at!.localeCompare(b.row.expires_at!));
    const query = { type: 'jobs', search: live!.title };
    expect((await search(query)).results.map((card) => card.id)).toContain(live!.id);
    clock.advance(Date.parse(live!.row.expires_at!) - clock.now() + 1_000);
    expect(await expire(copy.app.listings)).toBeGreaterThanOrEqual(1);
    const [after] = await copy.repos.catalog.findPostRows([live!.id]);
    expect(after).toMatchObject({ status: 'expired', live: false });
    expect((await search(query)).results.map((card) => card.id)).not.toContain(live!.id);
  });
});
