/**
 * The operator console's pages (issue 28): for a signed-in operator only; anyone else gets the site's 404 page, as
 * the console's API answers 404. Read on the server, from the session cookie and the role as stored now. Called from
 * each page's own frontmatter: a layout would be too late to set the status (the response is streaming by then).
 */
import type { AstroGlobal } from 'astro';
import { findPageSession } from '../accounts/sessions.ts';
import type { AppContext } from '../app-types.ts';
import { requireOperator } from '../operator/access.ts';
import type { Actor } from '../policies.ts';

async function operatorOfPage(app: AppContext, request: Request): Promise<Actor | undefined> {
  const session = await findPageSession(app, request);
  return requireOperator(app, session ?? null).catch(() => undefined);
}

/** The page's operator; for anyone else the page answers 404 (`valid: false` also answers 404, for a malformed path). */
export async function operatorPage(astro: Pick<AstroGlobal, 'locals' | 'request' | 'response'>, valid = true): Promise<Actor | undefined> {
  const operator = valid ? await operatorOfPage(astro.locals.app, astro.request) : undefined;
  if (!operator) {
    astro.response.status = 404;
    astro.response.headers.set('Cache-Control', 'private, no-store');
  }
  return operator;
}
