import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema, HomeSchema, PostSchema, ProfileSchema } from '../../src/shared/schemas/catalog.ts';
import { SearchResponseSchema } from '../../src/shared/search.ts';
import { LISTING_TYPES } from '../../src/shared/constants.ts';
import { apiClient } from '../helpers/api.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';
import { liveSql } from '../helpers/live.ts';

const copy = useTemplateCopy();
let get: ReturnType<typeof apiClient>;

beforeAll(() => {
  get = apiClient(copy.app);
});

function slugOf(sql: string): string {
  return String(copy.db.prepare(sql).get()?.slug);
}

describe('GET /api/post/slug/{slug}', () => {
  it.each(LISTING_TYPES)('gives a %s post with its own type-specific object and no other', async (type) => {
    const slug = slugOf(`SELECT p.slug FROM posts p LEFT JOIN job_details j ON j.post_id = p.id
      WHERE p.type = '${type}' AND coalesce(j.company_confidential, 0) = 0 ORDER BY p.id LIMIT 1`);
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
    const row = copy.db.prepare(`SELECT p.slug, p.price_min_sen / 100.0 AS price_min, j.level FROM posts p JOIN job_details j ON j.post_id = p.id
      WHERE j.company_confidential = 0 AND p.price_min_sen IS NOT NULL LIMIT 1`).get()!;
    const post = PostSchema.parse((await get(`/api/post/slug/${row.slug}`)).body);
    expect(post.job).toMatchObject({ level: row.level, salary_min: row.price_min, salary_currency: 'RM' });
    expect(post.job!.type.length).toBeGreaterThan(0);
    expect(post.job!.qualification.length).toBeGreaterThan(0);
  });

  it('hides the employer of a confidential job: no profile, no address, no phone', async () => {
    const slug = slugOf('SELECT p.slug FROM posts p JOIN job_details j ON j.post_id = p.id WHERE j.company_confidential = 1 LIMIT 1');
    const post = PostSchema.parse((await get(`/api/post/slug/${slug}`)).body);
    expect(post.confidential).toBe(true);
    expect(post.profile).toBeNull();
    expect(post.job!.company_confidential).toBe(true);
    for (const location of post.locations) {
      expect(location).toMatchObject({ name: 'Confidential', address_line1: null, phone_number: null, email: null });
    }
    expect(JSON.stringify(post)).not.toContain(String(copy.db.prepare('SELECT pr.name FROM posts p JOIN profiles pr ON pr.id = p.profile_id WHERE p.slug = ?').get(slug)?.name));
  });

  it('lists images with all four variants, the first one selected', async () => {
    const slug = slugOf("SELECT p.slug FROM posts p WHERE p.type = 'buysell' AND (SELECT count(*) FROM post_media m WHERE m.post_id = p.id) > 1 LIMIT 1");
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
    const slug = slugOf(`SELECT pr.slug FROM profiles pr WHERE pr.kind = 'business'
      AND EXISTS (SELECT 1 FROM posts p WHERE p.profile_id = pr.id AND p.type = 'services') ORDER BY pr.id LIMIT 1`);
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
  const LIVE = liveSql();
  const search = async (body: object) => SearchResponseSchema.parse((await get('/api/post/search', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  })).body);

  it('leave search and home rows but keep their page, marked as not live', async () => {
    const expired = copy.db.prepare(`SELECT p.id, p.slug, p.type FROM posts p WHERE NOT (${LIVE}) LIMIT 1`).get()!;
    const post = PostSchema.parse((await get(`/api/post/slug/${String(expired.slug)}`)).body);
    expect(post.live).toBe(false);
    const indexed = copy.db.prepare('SELECT count(*) AS n FROM search_posts WHERE post_id = ?').get(Number(expired.id))!;
    expect(indexed.n).toBe(0);
    const home = HomeSchema.parse((await get('/api/home')).body);
    const shown = [...home.featured_posts, ...home.home_category_posts.flatMap((row) => row.posts)].map((card) => card.id);
    expect(shown.length).toBeGreaterThan(0);
    const notLive = new Set(copy.db.prepare(`SELECT p.id FROM posts p WHERE NOT (${LIVE})`).all().map((row) => Number(row.id)));
    expect(shown.filter((id) => notLive.has(id))).toEqual([]);
  });

  it('are swept out of search when their time runs out', async () => {
    const live = copy.db.prepare(`SELECT p.id, p.title, p.type FROM posts p WHERE ${LIVE} AND p.type = 'jobs' LIMIT 1`).get()!;
    const query = { type: 'jobs', search: String(live.title) };
    expect((await search(query)).results.map((card) => card.id)).toContain(live.id);
    copy.db.prepare("UPDATE posts SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?").run(Number(live.id));
    expect(await copy.app.repos.maintenance.expirePosts()).toBeGreaterThanOrEqual(1);
    expect(copy.db.prepare('SELECT status FROM posts WHERE id = ?').get(Number(live.id))!.status).toBe('expired');
    expect((await search(query)).results.map((card) => card.id)).not.toContain(live.id);
  });
});
