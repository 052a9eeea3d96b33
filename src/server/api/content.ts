import { Hono } from 'hono';
import { ListingTypeSchema, SlugSchema } from '../../shared/schemas/catalog.ts';
import { CityAutocompleteRequestSchema } from '../../shared/search.ts';
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import { getCmsPage, getCountries, getStates } from '../catalog/content.ts';
import {
  getAppData, getCategoryHome, getEducationHome, getHome, getParentSpecializations, getSpecialHome, getSpecializationsByType,
} from '../catalog/home.ts';
import { notFound, parseInput } from '../errors.ts';
import { autocompletePlaces } from '../search/autocomplete.ts';
import { limitRoute } from '../rate-limits.ts';
import { jsonBody, limitBody } from './body.ts';
import { requestClient, type ApiEnv } from './env.ts';

const TypeQuerySchema = z.object({ type: ListingTypeSchema.default('services') });

/** GET home, home/app_data, home/cat_type/{type}, home/education, home/raya-special. */
export function homeRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json(await getHome(app)))
    .get('/app_data', async (c) => c.json(await getAppData(app)))
    .get('/cat_type/:type', async (c) => {
      const type = ListingTypeSchema.safeParse(c.req.param('type'));
      if (!type.success) throw notFound('Category not found.');
      return c.json(await getCategoryHome(app, type.data));
    })
    .get('/education', async (c) => c.json(await getEducationHome(app)))
    .get('/raya-special', async (c) => c.json(await getSpecialHome(app, 'raya-special')));
}

/** GET countries, states, specialization(/parent), cms/page/{page}; POST cities/autocomplete. */
export function referenceRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/countries', async (c) => c.json(await getCountries(app)))
    .get('/states', async (c) => c.json(await getStates(app)))
    .get('/specialization', async (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      return c.json((await getSpecializationsByType(app))[type]);
    })
    .get('/specialization/parent', async (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      return c.json(await getParentSpecializations(app, type));
    })
    .post('/cities/autocomplete', limitRoute(app.limits, 'autocomplete', requestClient), limitBody(), async (c) => {
      const { query } = parseInput(CityAutocompleteRequestSchema, await jsonBody(c));
      return c.json({ data: await autocompletePlaces(app.repos, query) });
    })
    .get('/cms/page/:page', async (c) => {
      const page = SlugSchema.safeParse(c.req.param('page'));
      const found = page.success ? await getCmsPage(app, page.data) : undefined;
      if (!found) throw notFound('Page not found.');
      return c.json(found);
    });
}
