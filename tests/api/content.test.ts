import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppDataSchema, CmsPageSchema, CountrySchema, ErrorBodySchema, HomeSchema, SpecializationSchema, StateSchema,
} from '../../src/shared/schemas/catalog.ts';
import { LISTING_TYPES } from '../../src/shared/constants.ts';
import { apiClient } from '../helpers/api.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
let get: ReturnType<typeof apiClient>;

beforeAll(() => {
  get = apiClient(copy.app);
});

describe('GET /api/home', () => {
  it('gives main and sub banners, featured posts and one row per home category', async () => {
    const { status, body } = await get('/api/home');
    expect(status).toBe(200);
    const home = HomeSchema.parse(body);
    expect(home.banners.main.length).toBeGreaterThan(1);
    expect(home.banners.sub.length).toBeGreaterThan(0);
    const featured = (await copy.query.selectFrom('featured_posts').select('post_id').where('placement', '=', 'home').orderBy('position').execute())
      .map((row) => row.post_id);
    expect(home.featured_posts.map((post) => post.id)).toEqual(featured);
    const homeCategories = (await copy.query.selectFrom('home_categories').innerJoin('categories', 'categories.id', 'home_categories.category_id')
      .select('categories.slug').orderBy('home_categories.position').execute()).map((row) => row.slug);
    expect(home.home_category_posts.map((row) => row.category.slug)).toEqual(homeCategories);
    for (const row of home.home_category_posts) {
      expect(row.category.parent).not.toBeNull();
      for (const post of row.posts) {
        expect(post.categories.some((category) => category.slug === row.category.slug || category.parent?.slug === row.category.slug)).toBe(true);
      }
    }
  });

  it('serves media from the local media base, never from another host', async () => {
    const home = HomeSchema.parse((await get('/api/home')).body);
    expect(home.banners.main[0]!.image.full).toMatch(/^\/media\/seed\/banner-\d+-full\.jpg$/);
    expect(home.featured_posts[0]!.image?.thumbnail_webp).toMatch(/^\/media\/.*\.webp$/);
  });
});

describe('GET /api/home/app_data', () => {
  it('gives header config and the categories of every type with their children', async () => {
    const { status, body } = await get('/api/home/app_data');
    expect(status).toBe(200);
    const data = AppDataSchema.parse(body);
    expect(Object.keys(data.categories).sort()).toEqual([...LISTING_TYPES].sort());
    for (const type of LISTING_TYPES) {
      expect(data.categories[type]!.length).toBeGreaterThan(0);
      expect(data.categories[type]!.every((parent) => parent.type === type && parent.child.length > 0)).toBe(true);
    }
    expect(data.header.popular_searches.length).toBeGreaterThan(0);
    expect(data.header.suggested_locations).toContain('Kuala Lumpur');
  });
});

describe('reference data', () => {
  it('GET /api/countries lists countries with calling codes, Malaysia first with 60', async () => {
    const countries = z.array(CountrySchema).parse((await get('/api/countries')).body);
    expect(countries[0]).toMatchObject({ name: 'Malaysia', calling_code: '60' });
  });

  it('GET /api/states lists the 16 states and federal territories by name, cacheable', async () => {
    const { body, headers } = await get('/api/states');
    expect(headers.get('Cache-Control')).toMatch(/max-age=\d+/);
    const states = z.array(StateSchema).parse(body);
    expect(states).toHaveLength(16);
    expect(states.map((state) => state.name)).toEqual([...states.map((state) => state.name)].sort());
    expect(states.map((state) => state.name)).toEqual(expect.arrayContaining(['Selangor', 'Sabah', 'Sarawak', 'Labuan', 'Putrajaya']));
  });

  it('GET /api/specialization gives the service categories, or another type with ?type=', async () => {
    const services = z.array(SpecializationSchema).parse((await get('/api/specialization')).body);
    expect(services.length).toBeGreaterThanOrEqual(30);
    expect(services.every((parent) => parent.type === 'services')).toBe(true);
    const jobs = z.array(SpecializationSchema).parse((await get('/api/specialization?type=jobs')).body);
    expect(jobs.every((parent) => parent.type === 'jobs')).toBe(true);
  });

  it('answers a bad type with 422 and the message under the field', async () => {
    const { status, body } = await get('/api/specialization?type=cars');
    expect(status).toBe(422);
    const error = ErrorBodySchema.parse(body);
    expect(error.errors?.type?.[0]).toMatch(/services/);
  });
});

describe('GET /api/cms/page/{page}', () => {
  it('gives the title and sanitised HTML of a static page', async () => {
    const { status, body } = await get('/api/cms/page/about-us');
    expect(status).toBe(200);
    const page = CmsPageSchema.parse(body);
    expect(page.article_title).toBe('About Us');
    expect(page.article_content).toContain('<p>');
  });

  it('strips scripts an editor pasted in', async () => {
    // Pages are edited outside this site (no editor here yet): the query layer plays the editor.
    await copy.query.updateTable('cms_pages').set({ article_content: '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>' }).where('page', '=', 'faq').execute();
    const page = CmsPageSchema.parse((await get('/api/cms/page/faq')).body);
    expect(page.article_content).toBe('<p>Hi</p>');
  });

  it('answers 404 JSON for an unknown page', async () => {
    const { status, body } = await get('/api/cms/page/no-such-page');
    expect(status).toBe(404);
    expect(ErrorBodySchema.parse(body).message).toBeTruthy();
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const { status, body } = await get('/api/nothing/here');
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Not Found', code: 'not_found' });
  });
});
