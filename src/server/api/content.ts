import { Hono } from 'hono';
import { z } from 'zod';
import { ListingTypeSchema } from '../../shared/schemas/catalog.ts';
import { getCmsPage, getCountries, getStates } from '../catalog/content.ts';
import { getAppData, getHome, getSpecializationsByType } from '../catalog/home.ts';
import type { Db } from '../db/connection.ts';
import { notFound, parseInput } from '../errors.ts';

const PageParamSchema = z.string().regex(/^[a-z0-9-]{1,100}$/);

/** Reference data changes rarely; browsers and CDNs may keep it an hour (spec §7: states are cached). */
const REFERENCE_CACHE = 'public, max-age=3600';

/** GET home, home/app_data: what the home page and the header show. */
export function homeRoutes(db: Db) {
  return new Hono()
    .get('/', (c) => c.json(getHome(db)))
    .get('/app_data', (c) => c.json(getAppData(db)));
}

/** GET countries, states, specialization and cms/page/{page}. */
export function referenceRoutes(db: Db) {
  return new Hono()
    .get('/countries', (c) => c.json(getCountries(db), 200, { 'Cache-Control': REFERENCE_CACHE }))
    .get('/states', (c) => c.json(getStates(db), 200, { 'Cache-Control': REFERENCE_CACHE }))
    .get('/specialization', (c) => {
      const { type } = parseInput(z.object({ type: ListingTypeSchema.default('services') }), c.req.query());
      return c.json(getSpecializationsByType(db)[type], 200, { 'Cache-Control': REFERENCE_CACHE });
    })
    .get('/cms/page/:page', (c) => {
      const page = PageParamSchema.safeParse(c.req.param('page'));
      const found = page.success ? getCmsPage(db, page.data) : undefined;
      if (!found) throw notFound('Page not found.');
      return c.json(found);
    });
}
