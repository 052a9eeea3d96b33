import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/connection.ts';
import { AppError } from '../errors.ts';
import { homeRoutes, referenceRoutes } from './content.ts';
import { postRoutes, profileRoutes } from './listings.ts';

/**
 * The JSON API of spec §7, mounted under /api. This list of mounts is the map of the API.
 * Every handler calls the same domain services the pages use.
 */
export function createApi(db: Db) {
  const api = new Hono().basePath('/api');
  api.route('/home', homeRoutes(db));
  api.route('/post', postRoutes(db));
  api.route('/profile', profileRoutes(db));
  api.route('/', referenceRoutes(db));

  api.notFound((c) => c.json({ message: 'Not Found' }, 404));
  api.onError((error, c) => {
    if (error instanceof AppError) {
      return c.json(error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
        // 419 (CSRF token mismatch, spec §8) is Laravel's, so Hono's list of codes lacks it.
        error.status as ContentfulStatusCode);
    }
    console.error(error);
    return c.json({ message: 'Server Error' }, 500);
  });
  return api;
}
