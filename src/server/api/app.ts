import { safetyRoutes } from './safety.ts';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from '../app-types.ts';
import { AppError, WRITES_PAUSED } from '../errors.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { REFERENCE_CACHE, SEARCH_CACHE } from '../http.ts';
import { homeRoutes, referenceRoutes } from './content.ts';
import { accountSettingsRoutes } from './account-settings.ts';
import { advertiserRoutes } from './advertiser.ts';
import { paymentCallbackRoutes } from './advertiser-billing.ts';
import { operatorRoutes } from './operator.ts';
import { accountRoutes } from './accounts.ts';
import { csrfRoutes, requireCsrfToken } from './csrf.ts';
import { readSession } from './session.ts';
import { engagementRoutes } from './engagement.ts';
import { savedSearchRoutes } from './saved-searches.ts';
import { enquiryRoutes } from './enquiries.ts';
import { conversationRoutes } from './conversations.ts';
import { requestLocale, wordAnswer, type ApiEnv } from './env.ts';
import { errorsIn, sayIn } from '../say-in.ts';
import { say } from '../../shared/said.ts';
import { postRoutes, profileRoutes, reviewRoutes } from './listings.ts';

/**
 * Errors as the API answers them: an AppError with its status, body (spec §8) and headers; a database that cannot take
 * the write (read-only, switching over, connection lost) a 503 with Retry-After; anything else a logged 500.
 */
export function apiError(error: Error, c: Context<ApiEnv>): Response {
  const locale = requestLocale(c);
  c.header('Content-Language', locale);
  if (isDatabaseUnavailable(error)) {
    console.warn(`Write refused while the database cannot take it: ${error.message}`);
    return c.json({ message: sayIn(WRITES_PAUSED, locale), code: 'writes_paused' }, 503, { 'Retry-After': '5' });
  }
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json(wordAnswer({ message: error.said, code: error.code, ...(error.errors ? { errors: errorsIn(error.errors, locale) } : {}), ...error.extra }, locale),
      // 419 (CSRF token mismatch, spec §8) is Laravel's, so Hono's list of codes lacks it.
      error.status as ContentfulStatusCode);
  }
  console.error(error);
  return c.json({ message: sayIn(say('api_server_error'), locale), code: 'server_error' }, 500);
}

/**
 * The answers a shared cache may keep, by route (issue 38): the search, the autocompletes and the reference data, the
 * same for everybody. Every other answer of the API is `no-store` (a person's saved searches answered with no
 * Cache-Control before), so a new route is private until it is named here.
 */
export const PUBLIC_API_ROUTES: ReadonlyMap<string, string> = new Map([
  ['POST /api/post/search', SEARCH_CACHE],
  ['POST /api/post/map', SEARCH_CACHE],
  ['POST /api/post/autocomplete', SEARCH_CACHE],
  ['POST /api/cities/autocomplete', SEARCH_CACHE],
  ['GET /api/countries', REFERENCE_CACHE],
  ['GET /api/states', REFERENCE_CACHE],
  ['GET /api/specialization', REFERENCE_CACHE],
  ['GET /api/specialization/parent', REFERENCE_CACHE],
]);

/** Sets each answer's Cache-Control: its route's public caching when it is named and succeeded, else no-store (unless the route said private already). */
const cacheControl: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  const route = matchedRoutes(c).at(-1);
  const shared = route && c.res.ok ? PUBLIC_API_ROUTES.get(`${route.method} ${route.path}`) : undefined;
  if (shared) c.header('Cache-Control', shared);
  else if (!/\bno-store\b/.test(c.res.headers.get('Cache-Control') ?? '')) c.header('Cache-Control', 'no-store');
};

/**
 * The JSON API of spec §7, mounted under /api. This list of mounts is the map of the API.
 * Every handler calls the same domain services the pages use, through the one app context.
 */
export function createApi(app: AppContext) {
  const api = new Hono<ApiEnv>().basePath('/api');
  api.use(readSession(app));
  api.use(requireCsrfToken(app));
  api.use(cacheControl);
  api.route('/', csrfRoutes(app));
  api.route('/', accountRoutes(app));
  api.route('/', accountSettingsRoutes(app));
  api.route('/home', homeRoutes(app));
  api.route('/post', postRoutes(app));
  api.route('/profile', profileRoutes(app));
  api.route('/', referenceRoutes(app));
  api.route('/', reviewRoutes(app));
  api.route('/', engagementRoutes(app));
  api.route('/', savedSearchRoutes(app));
  api.route('/', enquiryRoutes(app));
  api.route('/', conversationRoutes(app));
  api.route('/', safetyRoutes(app));
  api.route('/advertiser', advertiserRoutes(app));
  api.route('/', paymentCallbackRoutes(app));
  // The development doubles' routes when one is on (the sandbox checkout): its callback goes through this API itself.
  if (app.development) api.route('/', app.development.routes((request) => api.fetch(request)));
  api.route('/operator', operatorRoutes(app));

  api.notFound((c) => c.json({ message: sayIn(say('api_not_found'), requestLocale(c)), code: 'not_found' }, 404));
  api.onError(apiError);
  return api;
}
