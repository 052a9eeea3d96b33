import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { changeSavedSearch, deleteSavedSearch, listSavedSearches, saveSearch } from '../saved-searches/saved-searches.ts';
import { unsubscribe } from '../saved-searches/unsubscribe.ts';
import { pathId } from './advertiser-access.ts';
import { jsonBody, limitBody } from './body.ts';
import { answer, requestLocale, requireUserId, signedIn, type ApiEnv } from './env.ts';
import type { Context } from 'hono';
import { isLocale, localizePath } from '../../shared/locale.ts';

/** The page that asks before unsubscribing (a GET never unsubscribes: mail scanners follow links). */
const UNSUBSCRIBE_PAGE = '/saved-searches/unsubscribe';

/**
 * Saved searches (issue 29): GET and POST saved-searches, PATCH and DELETE saved-searches/{id}, and the one-click
 * unsubscribe of their alerts, `POST saved-searches/unsubscribe?token=…` (RFC 8058): a mail provider posts it server
 * to server with no Origin, cookie or CSRF token (the CSRF middleware lets this route alone through: SIGNED_POSTS),
 * so the token's signature is its only proof. A GET of the link shows the page that asks.
 */
/** The signed-in caller and the language of its page (summaries are said in it). */
const reader = (c: Context<ApiEnv>) => ({ id: requireUserId(c), locale: requestLocale(c) });

/** The unsubscribe page in a language the link or form names; English otherwise. */
const unsubscribePage = (locale: unknown) => localizePath(UNSUBSCRIBE_PAGE, isLocale(locale) ? locale : 'en');

export function savedSearchRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .post('/saved-searches/unsubscribe', limitBody(1024), async (c) => {
      const done = await unsubscribe(app, c.req.query('token'));
      // The confirmation page's own button (a person, not a mail provider) goes back to the page, in its language,
      // which says it is done.
      const form = /^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '') ? new URLSearchParams(await c.req.text()) : null;
      if (form?.get('from') === 'page') return c.redirect(`${unsubscribePage(form.get('lang'))}?token=${encodeURIComponent(c.req.query('token') ?? '')}&done=1`, 303);
      return answer(c, { message: done.message }, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/saved-searches/unsubscribe', (c) => c.redirect(`${unsubscribePage(c.req.query('lang'))}?token=${encodeURIComponent(c.req.query('token') ?? '')}`, 303))
    .get('/saved-searches', signedIn, async (c) => answer(c, { data: await listSavedSearches(app, reader(c)) }))
    .post('/saved-searches', signedIn, limitBody(8 * 1024), async (c) => answer(c, await saveSearch(app, reader(c), await jsonBody(c)), 201))
    .patch('/saved-searches/:id', signedIn, limitBody(1024), async (c) => answer(c, await changeSavedSearch(app, reader(c), pathId(c), await jsonBody(c))))
    .delete('/saved-searches/:id', signedIn, async (c) => answer(c, await deleteSavedSearch(app, { id: requireUserId(c) }, pathId(c))));
}
