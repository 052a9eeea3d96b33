/**
 * One-click unsubscribe of saved-search alerts (issue 29, RFC 8058). The link of each alert holds a token that names
 * one saved search, signed with the site's key: `{id}.{signature}`. Posting it turns that search's alerts off with
 * no sign-in, cookie or CSRF token (a mail provider posts it server to server); a GET only shows a page that asks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-context.ts';
import type { SavedSearchRow } from '../db/rows.ts';
import { notFound } from '../errors.ts';

/** A token has one spelling (security probe item 8): no leading zero, so `01.<signature>` is not `1.<signature>`. */
const TOKEN = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{32})$/;

function signature(key: string, id: number): string {
  return createHmac('sha256', key).update(`saved-search-unsubscribe:${id}`).digest('base64url').slice(0, 32);
}

export function unsubscribeToken(app: AppContext, id: number): string {
  return `${id}.${signature(app.secrets.unsubscribe, id)}`;
}

/** The one-click link of a saved search's alerts: short, so its header stays on one line. */
export function unsubscribeUrl(app: AppContext, id: number): string {
  return absoluteUrl(app.config.siteUrl, `/api/saved-searches/unsubscribe?token=${unsubscribeToken(app, id)}`);
}

/** The saved search a token names, or 404: a forged token, or one whose search is gone. */
export async function savedSearchOfToken(app: AppContext, token: string | undefined): Promise<SavedSearchRow> {
  const match = TOKEN.exec(token ?? '');
  if (!match) throw notFound('This unsubscribe link is not valid.');
  const id = Number(match[1]);
  const expected = Buffer.from(signature(app.secrets.unsubscribe, id));
  const given = Buffer.from(match[2]!);
  if (!timingSafeEqual(expected, given)) throw notFound('This unsubscribe link is not valid.');
  const row = await app.repos.savedSearches.findSavedSearch(id);
  if (!row) throw notFound('This saved search was deleted: it sends no alerts.');
  return row;
}

/** POST saved-searches/unsubscribe?token=…: the search the token names sends no more alerts. */
export async function unsubscribe(app: AppContext, token: string | undefined): Promise<{ message: string; name: string }> {
  const row = await savedSearchOfToken(app, token);
  if (row.frequency !== 'off') await app.repos.savedSearches.updateSavedSearch(row.id, { frequency: 'off' });
  return { message: `You will get no more alerts for "${row.name}".`, name: row.name };
}
