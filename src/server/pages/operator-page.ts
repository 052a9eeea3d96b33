/**
 * The operator console's pages (issue 28): for a signed-in operator only; anyone else gets the site's 404 page, as
 * the console's API answers 404. Read on the server, from the session cookie and the role as stored now.
 */
import { findLiveSession, sessionTokenOf } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { requireOperator } from '../operator/access.ts';
import type { Actor } from '../policies.ts';

export async function operatorOfPage(app: AppContext, request: Request): Promise<Actor | undefined> {
  const session = await findLiveSession(app, sessionTokenOf(request.headers.get('cookie') ?? undefined, app.config.siteUrl));
  return requireOperator(app, session ?? null).catch(() => undefined);
}
