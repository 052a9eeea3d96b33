import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApi } from '../../src/server/api/app.ts';
import { reindexPosts } from '../../src/server/db/sqlite/repositories/search-index.ts';
import { createSqliteSearchEngine } from '../../src/server/db/sqlite/search-engine.ts';
import { withResponseCache } from '../../src/server/search/engine.ts';
import {
  CategoryHomeSchema, EducationHomeSchema, ErrorBodySchema, ParentSpecializationSchema, ProfileSchema,
  ReviewPageSchema, SpecialHomeSchema,
} from '../../src/shared/schemas/catalog.ts';
import { CitySuggestionSchema, SearchRequestSchema, SearchResponseSchema, SuggestionSchema } from '../../src/shared/search.ts';
import { apiClient } from '../helpers/api.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';

const copy = useTemplateCopy();
let call: ReturnType<typeof apiClient>;

beforeAll(() => {
  call = apiClient(copy.app);
});

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
    const heaviest = copy.db.prepare(`SELECT label, type FROM search_suggestions WHERE kind = 'category' AND lower(label) LIKE 'plum%'
      ORDER BY weight DESC, label LIMIT 1`).get()!;
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
    const expected = copy.db.prepare("SELECT count(*) AS n FROM categories WHERE type = 'services' AND parent_id IS NULL").get()!.n;
    expect(parents).toHaveLength(Number(expected));
  });
});

describe('GET /api/{type}/{id}/review', () => {
  const reviewed = () => copy.db.prepare(`SELECT p.id, p.type, p.rating_count FROM posts p WHERE p.rating_count >= 6 LIMIT 1`).get()!;

  it('gives 5 reviews a page, newest first, with the total', async () => {
    const { id, type, rating_count: count } = reviewed();
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
    const profile = copy.db.prepare('SELECT id, rating_count FROM profiles WHERE rating_count > 0 LIMIT 1').get()!;
    const page = ReviewPageSchema.parse((await call(`/api/profile/${profile.id}/review`)).body);
    expect(page.total).toBe(profile.rating_count);
  });

  it('answers 404 for an unknown listing or a post under the wrong type, 422 for a bad page', async () => {
    const { id, type } = reviewed();
    const other = type === 'services' ? 'jobs' : 'services';
    expect((await call(`/api/${other}/${id}/review`)).status).toBe(404);
    expect((await call('/api/services/99999999/review')).status).toBe(404);
    expect((await call(`/api/${type}/${id}/review?page=abc`)).status).toBe(422);
  });
});

describe('view counting', () => {
  const views = (table: 'posts' | 'profiles', id: number) => Number(copy.db.prepare(`SELECT view_count FROM ${table} WHERE id = ?`).get(id)!.view_count);
  const beacon = (body: object, client: string, agent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0') => call('/api/views', {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'User-Agent': agent }, body: JSON.stringify(body),
  }, client);

  it('counts a person opening a post once per client and day, and writes the counts in one batch', async () => {
    const before = views('posts', 3);
    const type = String(copy.db.prepare('SELECT type FROM posts WHERE id = 3').get()!.type);
    expect((await beacon({ type, id: 3 }, '203.0.113.9')).status).toBe(202);
    expect((await beacon({ type, id: 3 }, '203.0.113.9')).status).toBe(204);
    expect((await beacon({ type, id: 3 }, '203.0.113.10')).status).toBe(202);
    expect(views('posts', 3)).toBe(before);
    await copy.app.views.flush();
    expect(views('posts', 3)).toBe(before + 2);
  });

  it('skips crawlers and counts profiles the same way', async () => {
    const before = views('profiles', 2);
    expect((await beacon({ type: 'profile', id: 2 }, '203.0.113.11', 'Mozilla/5.0 (compatible; Googlebot/2.1)')).status).toBe(204);
    await beacon({ type: 'profile', id: 2 }, '203.0.113.11');
    await beacon({ type: 'profile', id: 2 }, '203.0.113.11');
    await copy.app.views.flush();
    expect(views('profiles', 2)).toBe(before + 1);
  });

  it('does not count on GET: reading a post through the API writes nothing', async () => {
    const { slug, view_count: before } = copy.db.prepare('SELECT slug, view_count FROM posts WHERE id = 5').get()!;
    await call(`/api/post/slug/${slug}`);
    await copy.app.views.flush();
    expect(views('posts', 5)).toBe(Number(before));
  });

  it('refuses a beacon that names no listing', async () => {
    expect((await beacon({ type: 'shop', id: 3 }, '203.0.113.12')).status).toBe(422);
  });
});

describe('profile related posts', () => {
  it('lists up to 10 posts of other businesses in the same categories for a FREE profile only', async () => {
    const free = copy.db.prepare("SELECT slug FROM profiles WHERE plan = 'FREE' AND kind = 'business' LIMIT 1").get()!.slug;
    const profile = ProfileSchema.parse((await call(`/api/profile/slug/${free}`)).body);
    expect(profile.related_posts.length).toBeGreaterThan(0);
    expect(profile.related_posts.length).toBeLessThanOrEqual(10);
    const own = new Set([...profile.posts.services, ...profile.posts.jobs, ...profile.posts.buysell].map((card) => card.id));
    expect(profile.related_posts.some((card) => own.has(card.id))).toBe(false);
    const categorySlugs = new Set(profile.categories.map((category) => category.slug));
    expect(profile.related_posts.every((card) => card.categories.some((category) => categorySlugs.has(category.slug)))).toBe(true);
    const gold = copy.db.prepare("SELECT slug FROM profiles WHERE plan = 'GOLD' LIMIT 1").get()!.slug;
    expect(ProfileSchema.parse((await call(`/api/profile/slug/${gold}`)).body).related_posts).toEqual([]);
  });
});

describe('search response cache', () => {
  it('serves a repeat from the cache with the same results, and refreshes when a listing changes', async () => {
    const engine = withResponseCache(createSqliteSearchEngine(copy.app, { workers: 0, databasePath: copy.path, mediaBaseUrl: '/media' }), copy.app.repos, 10);
    const api = createApi({ ...copy.app, search: engine });
    const search = async (body: object) => SearchResponseSchema.parse(await (await api.request('/api/post/search', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    })).json());
    const first = await search({ search: 'zanzibar' });
    expect(first.total).toBe(0);
    expect(await search({ search: 'zanzibar', page: 1, sort: 'recommended' })).toEqual(first);

    copy.db.prepare("UPDATE posts SET title = 'Zanzibar Spice Catering' WHERE id = 7").run();
    reindexPosts(copy.db, [7]);
    const after = await search({ search: 'zanzibar' });
    expect(after.total).toBe(1);
    expect(after.results[0]).toMatchObject({ id: 7, title: 'Zanzibar Spice Catering' });
    await engine.close();
  });
});

describe('search worker threads', () => {
  it('give the same answers as searching on the calling thread', async () => {
    const engine = createSqliteSearchEngine(copy.app, { workers: 1, databasePath: copy.path, mediaBaseUrl: '/media' });
    try {
      for (const body of [{ type: 'services', search: 'aircon' }, { type: 'jobs', job_type: 'FT' }, { type: 'services', location: 'Near Me', user_location: '3.139,101.6869' }]) {
        const query = SearchRequestSchema.parse(body);
        const inline = createSqliteSearchEngine(copy.app, { workers: 0, databasePath: copy.path, mediaBaseUrl: '/media' });
        expect(await engine.search(query)).toEqual(await inline.search(query));
        await inline.close();
      }
    } finally {
      await engine.close();
    }
  });

  it('answer a burst first come, first served (no search waits behind later ones)', async () => {
    const engine = createSqliteSearchEngine(copy.app, { workers: 1, databasePath: copy.path, mediaBaseUrl: '/media' });
    try {
      await engine.search(SearchRequestSchema.parse({ type: 'services' }));
      const finished: number[] = [];
      await Promise.all(Array.from({ length: 40 }, (_, index) =>
        engine.search(SearchRequestSchema.parse({ type: 'services', search: ['plumbing', 'aircon', 'tuition', 'catering'][index % 4], page: 1 + index }))
          .then(() => finished.push(index))));
      expect(finished).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await engine.close();
    }
  });
});
