/**
 * One-click unsubscribe of saved-search alerts (issue 29, RFC 8058). The link of each alert holds a token that names
 * one saved search, signed with the site's key: `{id}.{signature}`. Posting it turns that search's alerts off with
 * no sign-in, cookie or CSRF token (a mail provider posts it server to server); a GET only shows a page that asks.
 */
import type { Locale } from '../../shared/locale.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { SavedSearchRow } from '../db/rows.ts';
import { notFound } from '../errors.ts';
import { signedId, signedToken } from '../signed-links.ts';
import { say } from '../../shared/said.ts';

const PURPOSE = 'saved-search-unsubscribe';

export function unsubscribeToken(app: AppContext, id: number): string {
  return signedToken(app.secrets.unsubscribe, PURPOSE, id);
}

/**
 * The one-click link of a saved search's alerts: short, so its header stays on one line. Opened in a browser, it shows
 * the page that asks in the recipient's language (`lang`, issue 42).
 */
export function unsubscribeUrl(app: AppContext, id: number, locale: Locale = 'en'): string {
  return absoluteUrl(app.config.siteUrl, `/api/saved-searches/unsubscribe?token=${unsubscribeToken(app, id)}${locale === 'en' ? '' : `&lang=${locale}`}`);
}

/** The saved search a token names, or 404: a forged token, or one whose search is gone. */
export async function savedSearchOfToken(app: AppContext, token: string | undefined): Promise<SavedSearchRow> {
  const id = signedId(app.secrets.unsubscribe, PURPOSE, token);
  if (id === null) throw notFound('unsubscribe_link_not_valid');
  const row = await app.repos.savedSearches.findSavedSearch(id);
  if (!row) throw notFound('saved_search_was_deleted_sends');
  return row;
}

/** POST saved-searches/unsubscribe?token=…: the search the token names sends no more alerts. */
export async function unsubscribe(app: AppContext, token: string | undefined): Promise<{ message: string; name: string }> {
  const row = await savedSearchOfToken(app, token);
  if (row.frequency !== 'off') await app.repos.savedSearches.updateSavedSearch(row.id, { frequency: 'off' });
  return { message: say('api_no_more_alerts', { name: row.name }), name: row.name };
}
