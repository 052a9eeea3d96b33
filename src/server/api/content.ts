import { Hono } from 'hono';
import { z } from 'zod';
import { ListingTypeSchema } from '../../shared/schemas/catalog.ts';
import { CityAutocompleteRequestSchema } from '../../shared/search.ts';
import { getCmsPage, getCountries, getStates } from '../catalog/content.ts';
import {
  getAppData, getCategoryHome, getEducationHome, getHome, getParentSpecializations, getSpecialHome, getSpecializationsByType,
} from '../catalog/home.ts';
import type { Db } from '../db/connection.ts';
import { notFound, parseInput } from '../errors.ts';
import { autocompletePlaces } from '../search/autocomplete.ts';
import type { ApiEnv } from './env.ts';
import { jsonBody } from './json-body.ts';

const PageParamSchema = z.string().regex(/^[a-z0-9-]{1,100}$/);
const TypeQuerySchema = z.object({ type: ListingTypeSchema.default('services') });

/** Reference data changes rarely; browsers and CDNs may keep it an hour (spec §7: states are cached). */
const REFERENCE_CACHE = 'public, max-age=3600';

/** GET home, home/app_data, home/cat_type/{type}, home/education, home/raya-special. */
export function homeRoutes(db: Db) {
  return new Hono<ApiEnv>()
    .get('/', (c) => c.json(getHome(db)))
    .get('/app_data', (c) => c.json(getAppData(db)))
    .get('/cat_type/:type', (c) => {
      const type = ListingTypeSchema.safeParse(c.req.param('type'));
      if (!type.success) throw notFound('Category not found.');
      return c.json(getCategoryHome(db, type.data));
    })
    .get('/education', (c) => c.json(getEducationHome(db)))
    .get('/raya-special', (c) => c.json(getSpecialHome(db, 'raya-special')));
}

/** GET countries, states, specialization(/parent), cms/page/{page}; POST cities/autocomplete. */
export function referenceRoutes(db: Db) {
  return new Hono<ApiEnv>()
    .get('/countries', (c) => c.json(getCountries(db), 200, { 'Cache-Control': REFERENCE_CACHE }))
    .get('/states', (c) => c.json(getStates(db), 200, { 'Cache-Control': REFERENCE_CACHE }))
    .get('/specialization', (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      return c.json(getSpecializationsByType(db)[type], 200, { 'Cache-Control': REFERENCE_CACHE });
    })
    .get('/specialization/parent', (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      return c.json(getParentSpecializations(db, type), 200, { 'Cache-Control': REFERENCE_CACHE });
    })
    .post('/cities/autocomplete', async (c) => {
      const { query } = parseInput(CityAutocompleteRequestSchema, await jsonBody(c));
      return c.json({ data: autocompletePlaces(db, query) });
    })
    .get('/cms/page/:page', (c) => {
      const page = PageParamSchema.safeParse(c.req.param('page'));
      const found = page.success ? getCmsPage(db, page.data) : undefined;
      if (!found) throw notFound('Page not found.');
      return c.json(found);
    });
}
