import type { MiddlewareHandler } from 'hono';
import { findLiveSession, sessionTokenOf } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import type { ApiEnv } from './env.ts';

/**
 * Reads the request's session once (one primary-key read) for everything after it: the CSRF check
 * (a session's token is the one to send) and the handlers that need a signed-in user.
 */
export function readSession(app: AppContext): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const token = sessionTokenOf(c.req.header('Cookie'), app.config.siteUrl);
    const session = (await findLiveSession(app, token)) ?? null;
    c.set('session', session);
    c.set('staleSession', token !== undefined && session === null);
    await next();
  };
}
