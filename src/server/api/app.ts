import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db } from '../db/connection.ts';
import { ViewCounter } from '../engagement/views.ts';
import type { Throttle } from '../engagement/throttle.ts';
import { AppError } from '../errors.ts';
import { createSearchEngine, type SearchEngine } from '../search/engine.ts';
import { homeRoutes, referenceRoutes } from './content.ts';
import { engagementRoutes } from './engagement.ts';
import type { ApiEnv } from './env.ts';
import { postRoutes, profileRoutes, reviewRoutes } from './listings.ts';

export interface ApiOptions {
  /** The search engine; by default searches run on the calling thread with a small response cache. */
  search?: SearchEngine;
  views?: ViewCounter;
  /** Limit of the public forms; one per process by default. */
  formThrottle?: Throttle;
}

/**
 * The JSON API of spec §7, mounted under /api. This list of mounts is the map of the API.
 * Every handler calls the same domain services the pages use.
 */
export function createApi(db: Db, options: ApiOptions = {}) {
  const search = options.search ?? createSearchEngine(db, { workers: 0, cacheSize: 500 });
  const views = options.views ?? new ViewCounter();
  const api = new Hono<ApiEnv>().basePath('/api');
  api.route('/home', homeRoutes(db));
  api.route('/post', postRoutes(db, search, views));
  api.route('/profile', profileRoutes(db, views));
  api.route('/', referenceRoutes(db));
  api.route('/', reviewRoutes(db));
  api.route('/', engagementRoutes(db, options.formThrottle));

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
