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
import { answer, requestClient, requestLocale, type ApiEnv } from './env.ts';

const TypeQuerySchema = z.object({ type: ListingTypeSchema.default('services') });

/**
 * GET home, home/app_data, home/cat_type/{type}, home/education, home/raya-special: the categories, banners and
 * specials named in the caller's language (issue 63: its Accept-Language, else English).
 */
export function homeRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/', async (c) => answer(c, await getHome(app, requestLocale(c))))
    .get('/app_data', async (c) => answer(c, await getAppData(app)))
    .get('/cat_type/:type', async (c) => {
      const type = ListingTypeSchema.safeParse(c.req.param('type'));
      if (!type.success) throw notFound('category_not_found');
      return answer(c, await getCategoryHome(app, type.data, requestLocale(c)));
    })
    .get('/education', async (c) => answer(c, await getEducationHome(app, requestLocale(c))))
    .get('/raya-special', async (c) => answer(c, await getSpecialHome(app, 'raya-special', requestLocale(c))));
}

/** GET countries, states, specialization(/parent), cms/page/{page}; POST cities/autocomplete. */
export function referenceRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/countries', async (c) => answer(c, await getCountries(app)))
    .get('/states', async (c) => answer(c, await getStates(app)))
    // Categories named in the caller's language: a shared cache keeps one answer per language.
    .get('/specialization', async (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      c.header('Vary', 'Accept-Language');
      return answer(c, (await getSpecializationsByType(app, { locale: requestLocale(c) }))[type]);
    })
    .get('/specialization/parent', async (c) => {
      const { type } = parseInput(TypeQuerySchema, c.req.query());
      c.header('Vary', 'Accept-Language');
      return answer(c, await getParentSpecializations(app, type, requestLocale(c)));
    })
    .post('/cities/autocomplete', limitRoute(app.limits, 'autocomplete', requestClient), limitBody(), async (c) => {
      const { query } = parseInput(CityAutocompleteRequestSchema, await jsonBody(c));
      return answer(c, { data: await autocompletePlaces(app.repos, query) });
    })
    .get('/cms/page/:page', async (c) => {
      const page = SlugSchema.safeParse(c.req.param('page'));
      const found = page.success ? await getCmsPage(app, page.data, requestLocale(c)) : undefined;
      if (!found) throw notFound('page_not_found');
      return answer(c, found);
    });
}
