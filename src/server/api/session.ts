import type { MiddlewareHandler } from 'hono';
import { findLiveSession, sessionCookieName, sessionTokenOf, signedOutCookies } from '../accounts/sessions.ts';
import type { AppContext } from '../app-types.ts';
import type { ApiEnv } from './env.ts';

/**
 * Reads the request's session once (one primary-key read) for everything after it: the CSRF check
 * (a session's token is the one to send) and the handlers that need a signed-in user. A cookie whose
 * session has ended is dropped from the browser (unless the answer starts a new session).
 */
export function readSession(app: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const token = sessionTokenOf(c.req.header('Cookie'), app.config.siteUrl);
    const session = (await findLiveSession(app, token)) ?? null;
    c.set('session', session);
    const stale = token !== undefined && session === null;
    c.set('staleSession', stale);
    await next();
    const name = `${sessionCookieName(app.config.siteUrl)}=`;
    if (stale && !c.res.headers.getSetCookie().some((cookie) => cookie.startsWith(name))) {
      c.res.headers.append('Set-Cookie', signedOutCookies(app)[0]!);
    }
  };
}
