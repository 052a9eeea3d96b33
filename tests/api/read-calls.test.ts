import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CategoryHomeSchema, EducationHomeSchema, ErrorBodySchema, ParentSpecializationSchema, ProfileSchema,
  ReviewPageSchema, SpecialHomeSchema,
} from '../../src/shared/schemas/catalog.ts';
import { CitySuggestionSchema, SearchResponseSchema, SuggestionSchema } from '../../src/shared/search.ts';
import { apiClient } from '../helpers/api.ts';
import { livePost, profileWhere } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { saveReview } from '../../src/server/engagement/reviews.ts';

const copy = useTestDatabase();
let call: ReturnType<typeof apiClient>;

beforeAll(() => {
  call = apiClient(copy.app);
});

/**
 * The category (label and type) starting with `prefix` that holds the most live listings, itself or through
 * its subcategories, counted here from the stored posts (by each post's first category), independently of the index.
 */
async function heaviestCategoryStartingWith(prefix: string): Promise<{ label: string; type: string }> {
  const now = new Date().toISOString();
  const counts = new Map((await copy.query.selectFrom('post_categories').innerJoin('posts', 'posts.id', 'post_categories.post_id')
    .select((eb) => ['post_categories.category_id', eb.fn.countAll<number>().as('n')])
    .where('post_categories.position', '=', 0).where('posts.status', '=', 'active')
    .where((eb) => eb.or([eb('posts.expires_at', 'is', null), eb('posts.expires_at', '>', now)]))
    .groupBy('post_categories.category_id').execute()).map((row) => [row.category_id, Number(row.n)]));
  const tree = await copy.repos.catalog.findCategoryTree();
  const weights = new Map<string, { label: string; type: string; weight: number }>();
  for (const category of tree.filter((entry) => entry.name.toLowerCase().startsWith(prefix))) {
    const own = counts.get(category.id) ?? 0;
    const children = category.parent_id === null ? tree.filter((entry) => entry.parent_id === category.id).reduce((sum, entry) => sum + (counts.get(entry.id) ?? 0), 0) : 0;
    const key = `${category.type}|${category.name}`;
    const entry = weights.get(key) ?? { label: category.name, type: category.type, weight: 0 };
    entry.weight += own + children;
    weights.set(key, entry);
  }
  const [heaviest] = [...weights.values()].sort((a, b) => b.weight - a.weight || a.label.localeCompare(b.label));
  return { label: heaviest!.label, type: heaviest!.type };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('POST /api/post/autocomplete', () => {
  it('suggests at most 10 categories, businesses and titles matching the prefix, those starting with it first', async () => {
    const { status, body } = await post('/api/post/autocomplete', { query: 'plum' });
    expect(status).toBe(200);
    const { data } = z.object({ data: z.array(SuggestionSchema) }).parse(body);
    expect(data.length).toBeGreaterThan(0);
    expect(data.length).toBeLessThanOrEqual(10);
    // Categories come first among those starting with the text, the one holding most listings leading.
    const heaviest = await heaviestCategoryStartingWith('plum');
    expect(data[0]).toEqual({ label: heaviest.label, kind: 'category', type: heaviest.type });
    for (const suggestion of data) expect(suggestion.label.toLowerCase()).toMatch(/(^|[^a-z0-9])plum/);
    const startsWith = data.map((suggestion) => suggestion.label.toLowerCase().startsWith('plum'));
    expect(startsWith).toEqual([...startsWith].sort((a, b) => Number(b) - Number(a)));
  });

  it('keeps to one listing type when asked', async () => {
    const { data } = z.object({ data: z.array(SuggestionSchema) }).parse((await post('/api/post/autocomplete', { query: 'acc', type: 'jobs' })).body);
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((suggestion) => suggestion.type === 'jobs')).toBe(true);
  });

  it('rejects an empty query with 422', async () => {
    const { status, body } = await post('/api/post/autocomplete', { query: '  ' });
    expect(status).toBe(422);
    expect(ErrorBodySchema.parse(body).errors?.query).toBeDefined();
  });
});

describe('POST /api/cities/autocomplete', () => {
  it('suggests states and towns by the start of any word of their name', async () => {
    const { data } = z.object({ data: z.array(CitySuggestionSchema) }).parse((await post('/api/cities/autocomplete', { query: 'jaya' })).body);
    expect(data.map((place) => place.name)).toContain('Petaling Jaya');
    const selangor = z.object({ data: z.array(CitySuggestionSchema) }).parse((await post('/api/cities/autocomplete', { query: 'sel' })).body).data;
    expect(selangor[0]).toMatchObject({ kind: 'state', name: 'Selangor', city_state: 'Selangor' });
  });
  it('treats % and _ as plain characters', async () => {
    const { data } = z.object({ data: z.array(CitySuggestionSchema) }).parse((await post('/api/cities/autocomplete', { query: '%' })).body);
    expect(data).toEqual([]);
  });
});

describe('home variants', () => {
  it('GET /api/home/cat_type/{type} gives the categories, banners, featured posts and per-category posts of the type', async () => {
    const home = CategoryHomeSchema.parse((await call('/api/home/cat_type/jobs')).body);
    expect(home.type).toBe('jobs');
    expect(home.categories.length).toBeGreaterThan(0);
    expect(home.categories.every((category) => category.type === 'jobs')).toBe(true);
    expect(home.banners.main.length).toBeGreaterThan(0);
    expect(home.featured_posts.length).toBeGreaterThan(0);
    expect(home.featured_posts.every((card) => card.type === 'jobs')).toBe(true);
    expect(home.category_posts.length).toBeGreaterThan(0);
    for (const row of home.category_posts) {
      expect(row.posts.length).toBeGreaterThan(0);
      expect(row.posts.every((card) => card.parent_categories.some((parent) => parent.slug === row.category.slug))).toBe(true);
    }
    expect((await call('/api/home/cat_type/cars')).status).toBe(404);
  });

  it('GET /api/home/education regroups the education categories of every type', async () => {
    const home = EducationHomeSchema.parse((await call('/api/home/education')).body);
    expect(new Set(home.categories.map((category) => category.type)).size).toBeGreaterThan(1);
    expect(home.categories.map((category) => category.slug)).toContain('education-and-tuition');
    expect(home.banners.main.length).toBeGreaterThan(0);
  });

  it('GET /api/home/raya-special gives its banners and featured posts', async () => {
    const home = SpecialHomeSchema.parse((await call('/api/home/raya-special')).body);
    expect(home.banners.main.length).toBeGreaterThan(0);
    expect(home.featured_posts.length).toBeGreaterThan(0);
  });

  it('GET /api/specialization/parent lists main categories only', async () => {
    const parents = z.array(ParentSpecializationSchema).parse((await call('/api/specialization/parent')).body);
    const expected = (await copy.repos.catalog.findCategoryTree()).filter((category) => category.type === 'services' && category.parent_id === null);
    expect(parents).toHaveLength(expected.length);
  });
});

describe('GET /api/{type}/{id}/review', () => {
  const reviewed = async () => {
    const { row } = await livePost(copy.app, 'services', { matches: (post) => post.row.rating_count >= 6 });
    return { id: row.id, type: row.type, rating_count: row.rating_count };
  };

  it('gives 5 reviews a page, newest first, with the total', async () => {
    const { id, type, rating_count: count } = await reviewed();
    const first = ReviewPageSchema.parse((await call(`/api/${type}/${id}/review`)).body);
    expect(first).toMatchObject({ total: count, page: 1 });
    expect(first.data).toHaveLength(5);
    const second = ReviewPageSchema.parse((await call(`/api/${type}/${id}/review?page=2`)).body);
    expect(second.data).toHaveLength(Number(count) - 5);
    const dates = [...first.data, ...second.data].map((review) => review.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.data, ...second.data].map((review) => review.id)).size).toBe(Number(count));
    const beyond = ReviewPageSchema.parse((await call(`/api/${type}/${id}/review?page=9`)).body);
    expect(beyond.data).toEqual([]);
  });

  it('gives the reviews of a profile', async () => {
    const profile = await profileWhere(copy.app, ({ row }) => row.rating_count > 0);
    const page = ReviewPageSchema.parse((await call(`/api/profile/${profile.id}/review`)).body);
    expect(page.total).toBe(profile.row.rating_count);
  });

  it('answers 404 for an unknown listing or a post under the wrong type, 422 for a bad page', async () => {
    const { id, type } = await reviewed();
    const other = type === 'services' ? 'jobs' : 'services';
    expect((await call(`/api/${other}/${id}/review`)).status).toBe(404);
    expect((await call('/api/services/99999999/review')).status).toBe(404);
    expect((await call(`/api/${type}/${id}/review?page=abc`)).status).toBe(422);
  });
});

describe('view counting', () => {
  const views = async (table: 'posts' | 'profiles', id: number) =>
    (await copy.query.selectFrom(table).select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;
  const beacon = (body: object, client: string, agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0') => call('/api/views', {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': agent }, body: JSON.stringify(body),
  }, client);

  it('counts a person opening a post once per client and day, and writes the counts in one batch', async () => {
    const { id, type } = await livePost(copy.app, 'buysell', { offset: 3 });
    const before = await views('posts', id);
    expect((await beacon({ type, id }, '203.0.113.9')).status).toBe(202);
    expect((await beacon({ type, id }, '203.0.113.9')).status).toBe(204);
    expect((await beacon({ type, id }, '203.0.113.10')).status).toBe(202);
    expect(await views('posts', id)).toBe(before);
    await copy.app.views.flush();
    expect(await views('posts', id)).toBe(before + 2);
  });

  it('skips crawlers and counts profiles the same way', async () => {
    const before = await views('profiles', 2);
    expect((await beacon({ type: 'profile', id: 2 }, '203.0.113.11', 'Mozilla/5.0 (compatible; Googlebot/2.1)')).status).toBe(204);
    await beacon({ type: 'profile', id: 2 }, '203.0.113.11');
    await beacon({ type: 'profile', id: 2 }, '203.0.113.11');
    await copy.app.views.flush();
    expect(await views('profiles', 2)).toBe(before + 1);
  });

  it('does not count on GET: reading a post through the API writes nothing', async () => {
    const { id, slug } = await livePost(copy.app, 'jobs', { offset: 5 });
    const before = await views('posts', id);
    await call(`/api/post/slug/${slug}`);
    await copy.app.views.flush();
    expect(await views('posts', id)).toBe(before);
  });

  it('refuses a beacon that names no listing', async () => {
    expect((await beacon({ type: 'shop', id: 3 }, '203.0.113.12')).status).toBe(422);
  });
});

describe('profile related posts', () => {
  it('lists up to 10 posts of other businesses in the same categories for a FREE profile only', async () => {
    const { slug: free } = await profileWhere(copy.app, ({ row }) => row.plan === 'FREE' && row.kind === 'business');
    const profile = ProfileSchema.parse((await call(`/api/profile/slug/${free}`)).body);
    expect(profile.related_posts.length).toBeGreaterThan(0);
    expect(profile.related_posts.length).toBeLessThanOrEqual(10);
    const own = new Set([...profile.posts.services, ...profile.posts.jobs, ...profile.posts.buysell].map((card) => card.id));
    expect(profile.related_posts.some((card) => own.has(card.id))).toBe(false);
    const categorySlugs = new Set(profile.categories.map((category) => category.slug));
    expect(profile.related_posts.every((card) => card.categories.some((category) => categorySlugs.has(category.slug)))).toBe(true);
    const { slug: gold } = await profileWhere(copy.app, ({ row }) => row.plan === 'GOLD');
    expect(ProfileSchema.parse((await call(`/api/profile/slug/${gold}`)).body).related_posts).toEqual([]);
  });
});

describe('search response cache', () => {
  it('serves a repeat from the cache with the same results, and refreshes when a listing changes', async () => {
    const search = async (body: object) => SearchResponseSchema.parse((await post('/api/post/search', body)).body);
    const target = await livePost(copy.app, 'services', { offset: 40 });
    const query = { type: 'services', search: target.title };
    const first = await search(query);
    const card = () => first.results.find((result) => result.id === target.id);
    expect(card()).toBeDefined();
    expect(await search({ ...query, page: 1, sort: 'recommended' })).toEqual(first);

    // A new review changes the listing's rating: the cached answer must not outlive it.
    const userId = await copy.repos.users.createUser({ name: 'Cache Reviewer', email: 'cache-reviewer@example.my', phone_number: null, phone_number_country: null, password_hash: null });
    await saveReview(copy.repos, { listing: target, userId, reviewerName: 'Cache Reviewer', rating: 5, content: 'Fresh.', mediaIds: [] });
    const after = await search(query);
    expect(after.results.find((result) => result.id === target.id)!.rating_count).toBe(card()!.rating_count + 1);
  });
});
