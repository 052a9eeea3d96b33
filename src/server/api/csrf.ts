import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { csrfCookie, csrfCookieOf, csrfTokensMatch, isSignedCsrfToken, newSignedCsrfToken, sameOrigin, XSRF_HEADER } from '../csrf.ts';
import { AppError } from '../errors.ts';
import type { ApiEnv } from './env.ts';

/**
 * POSTs that only read (search and autocomplete: crawler- and cache-friendly), and the view and click
 * beacons, which navigator.sendBeacon cannot give a header and which only add to counters.
 */
const TOKENLESS_POSTS = new Set(['/api/post/search', '/api/post/map', '/api/post/autocomplete', '/api/cities/autocomplete', '/api/views', '/api/analytics']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Server-to-server POSTs with no Origin, cookie or token, whose signature their route checks: a payment gateway's
 * callback, and a mail provider's one-click unsubscribe of a saved search's alerts (RFC 8058).
 */
const SIGNED_POSTS = /^\/api\/(payments\/[a-z_]+\/callback|payments\/sandbox\/bills\/[\w.-]+|saved-searches\/unsubscribe|conversations\/mute)$/;

/**
 * `GET /api/sanctum/csrf-cookie`: 204 with the XSRF-TOKEN cookie (spec §7): the session's token when
 * signed in, else a fresh one.
 */
export function csrfRoutes(app: AppContext) {
  return new Hono<ApiEnv>().get('/sanctum/csrf-cookie', (c) => {
    c.header('Set-Cookie', csrfCookie(c.get('session')?.csrf_token ?? newSignedCsrfToken(app.secrets.csrf), app.config.siteUrl));
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });
}

/**
 * The token an unsafe request must send in X-XSRF-TOKEN: the session's own when signed in (so it
 * rotates with the session, and a cookie planted by a sibling host cannot stand in for it), else the
 * XSRF-TOKEN cookie's (double submit).
 */
export function csrfTokenSent(c: Context<ApiEnv>, key: string): boolean {
  const session = c.get('session');
  if (session) return csrfTokensMatch(session.csrf_token, c.req.header(XSRF_HEADER));
  const cookie = csrfCookieOf(c.req.header('Cookie'));
  return isSignedCsrfToken(cookie, key) && csrfTokensMatch(cookie, c.req.header(XSRF_HEADER));
}

/** Unsafe API requests need a same-site Origin (403) and the right token in X-XSRF-TOKEN (419). */
export function requireCsrfToken(app: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || TOKENLESS_POSTS.has(c.req.path) || (c.req.method === 'POST' && SIGNED_POSTS.test(c.req.path))) return next();
    if (!sameOrigin(c.req.raw.headers, c.req.url, app.config)) throw new AppError('cross_site_requests_not_allowed');
    if (!csrfTokenSent(c, app.secrets.csrf)) throw new AppError('csrf_mismatch');
    return next();
  };
}
