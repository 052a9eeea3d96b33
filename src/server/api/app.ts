import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../errors.ts';
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
import type { ApiEnv } from './env.ts';
import { postRoutes, profileRoutes, reviewRoutes } from './listings.ts';

/** Errors as the API answers them: an AppError with its status, body (spec §8) and headers; anything else a logged 500. */
export function apiError(error: Error, c: Context): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra },
      // 419 (CSRF token mismatch, spec §8) is Laravel's, so Hono's list of codes lacks it.
      error.status as ContentfulStatusCode);
  }
  console.error(error);
  return c.json({ message: 'Server Error' }, 500);
}

/** Paths whose answers are about one person: no cache may store them. */
const PERSONAL_PATHS = ['/register', '/register/*', '/auth/*', '/2fa/*', '/password/*', '/user', '/account', '/account/*', '/follow',
  '/enquire', '/enquire/*', '/job-application', '/job-application/*', '/hireme/enquire', '/hireme/enquire/*', '/buysell/enquire', '/buysell/enquire/*',
  '/advertiser', '/advertiser/*', '/operator', '/operator/*'];

/** Marks an answer no-store, unless its route said something stricter already (a CV download: private, no-store). */
const noStore: MiddlewareHandler<ApiEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
};

/**
 * The JSON API of spec §7, mounted under /api. This list of mounts is the map of the API.
 * Every handler calls the same domain services the pages use, through the one app context.
 */
export function createApi(app: AppContext) {
  const api = new Hono<ApiEnv>().basePath('/api');
  api.use(readSession(app));
  api.use(requireCsrfToken(app));
  for (const path of PERSONAL_PATHS) api.use(path, noStore);
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
  api.route('/advertiser', advertiserRoutes(app));
  api.route('/', paymentCallbackRoutes(app));
  api.route('/operator', operatorRoutes(app));

  api.notFound((c) => c.json({ message: 'Not Found' }, 404));
  api.onError(apiError);
  return api;
}
