/**
 * Saved-search alerts (issue 29, decision 0025), the `saved-search-alerts` job. Each due saved search runs again
 * through the search service, newest first, for listings that first went live after its watermark; its owner's own
 * listings and those an alert named before are left out; nothing new, no mail. What is mailed is recorded
 * (`saved_search_alerts`, unique per search and listing) in the transaction that queues the mail and moves the
 * watermark, so no listing is mailed twice for one search, whatever crashes or runs again.
 *
 * - daily: once 07:00 (Malaysia) has passed, for searches last looked at before it; weekly: the same, seven days on;
 * - instant: a listing going live queues a run at the end of its 15-minute period, so a burst is one mail; the
 *   recurring run (every 15 minutes) catches up, and one search gets at most one mail per period.
 */
import { counted } from '../../shared/plurals.ts';
import { escapeUTF8 } from 'entities';
import { formatPriceRange } from '../../shared/format.ts';
import { lastMalaysiaHour } from '../../shared/malaysia-time.ts';
import { z } from 'zod';
import { FREQUENCIES, FrequencySchema, SAVED_SEARCH_RULES, type Frequency } from '../../shared/saved-searches.ts';
import { searchPath, type SearchState } from '../../shared/search-params.ts';
import { HTML_LANG, localizePath, type Locale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';
import type { PostCard } from '../../shared/schemas/catalog.ts';
import { SITE_NAME } from '../../shared/seo.ts';
import { absoluteUrl, postUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { Clock } from '../clock.ts';
import { jobKind } from '../jobs/kind.ts';
import type { DueSavedSearchRow } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import type { Mail } from '../outbox/outbox.ts';
import { pausedReason, savedQuery, stateOf } from './saved-searches.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** The alert run: every due search, or only those of the given frequencies (an instant period's run). */
export const SavedSearchAlertsJob = jobKind('saved-search-alerts', z.object({ frequencies: z.array(FrequencySchema).min(1).optional() }).strict());
export const SAVED_SEARCH_ALERTS_JOB = SavedSearchAlertsJob.name;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The hour (Malaysia) after which daily and weekly alerts go out. */
const DIGEST_HOUR = 7;
/** Instant alerts are batched per period of this length. */
const INSTANT_PERIOD_MS = 15 * MINUTE;
/** An instant search mailed less than this long ago waits: one mail per period (a minute's slack for a run's own length). */
const INSTANT_GAP_MS = INSTANT_PERIOD_MS - MINUTE;
/**
 * Each look starts this long before the watermark: a listing whose go-live committed just after the last look, with
 * an earlier time, is still found (the delivery rows keep it from being mailed twice).
 */
const OVERLAP_MS = 5 * MINUTE;
/** An alert looks back this far at most: older listings are not news, and the stretch the engine reads stays short. */
const LOOK_BACK_MS = SAVED_SEARCH_RULES.newForDays * DAY;
/** Saved searches read per query of a run. */
const BATCH = 200;
/**
 * Listings one look reads: the mail shows the first ten, two more leave room for the saver's own or one named
 * before (each card read costs: 20 cost 1.9 ms a search at 500,000 listings, 1 costs 0.8).
 */
const LOOK_LIMIT = SAVED_SEARCH_RULES.cardsPerAlert + 2;
/** Saved searches looked at together (each a search on the engine, which has its own workers). */
const PARALLEL = 4;
/** Saved searches whose alerts are written in one transaction (a crash rolls them back together: none was sent). */
const WRITE_GROUP = 10;

const ALERTING: readonly Frequency[] = FREQUENCIES.filter((frequency) => frequency !== 'off');

/** Saved searches of a frequency last looked at before this are due now. */
function dueBefore(frequency: Frequency, now: number): string {
  if (frequency === 'instant') return new Date(now).toISOString();
  return new Date(lastMalaysiaHour(now, DIGEST_HOUR) - (frequency === 'weekly' ? 6 * DAY : 0)).toISOString();
}

export interface AlertRun {
  looked: number;
  mailed: number;
}

/** What one look at a saved search found: the new listings to mail (none when paused or nothing is new). */
interface Look {
  row: DueSavedSearchRow;
  state: SearchState;
  cards: PostCard[];
  total: number;
}

/** One run of the job: every due saved search of these frequencies is looked at once. */
export async function runSavedSearchAlerts(app: AppContext, frequencies: readonly Frequency[] = ALERTING): Promise<AlertRun> {
  const run: AlertRun = { looked: 0, mailed: 0 };
  const now = app.clock.now();
  // Places asked about in this run: many saved searches name the same state.
  const places = new Map<string, Promise<boolean>>();
  const placeExists = (name: string) => places.get(name) ?? places.set(name, app.repos.savedSearches.placeExists(name)).get(name)!;
  for (const frequency of frequencies) {
    const before = dueBefore(frequency, now);
    let afterId = 0;
    for (;;) {
      const due = await app.repos.savedSearches.findDueSavedSearches(frequency, before, afterId, BATCH);
      if (due.length === 0) break;
      afterId = due.at(-1)!.id;
      const waiting = frequency === 'instant' ? due.filter((row) => row.mailed_at === null || Date.parse(row.mailed_at) <= now - INSTANT_GAP_MS) : due;
      for (let start = 0; start < waiting.length; start += WRITE_GROUP) {
        const looks: Look[] = [];
        const group = waiting.slice(start, start + WRITE_GROUP);
        for (let from = 0; from < group.length; from += PARALLEL) {
          looks.push(...(await Promise.all(group.slice(from, from + PARALLEL).map((row) => look(app, row, now, placeExists).catch((error: unknown) => {
            // One search that fails (a bad row) does not stop the others; it is looked at again next run.
            console.error(`saved-search alert ${row.id} failed`, error);
            return null;
          })))).filter((found): found is Look => found !== null));
        }
        run.looked += looks.length;
        run.mailed += await send(app, looks, new Date(now).toISOString());
        // Requests waiting on this process go first between groups: the site keeps serving through a run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return run;
}

/** Looks at one saved search: the live listings new since its watermark, not its owner's, not named before. */
async function look(app: AppContext, row: DueSavedSearchRow, now: number, placeExists: (name: string) => Promise<boolean>): Promise<Look> {
  const state = stateOf(row);
  // A search naming a category or place that is gone finds nothing: it is paused (its row says why), not mailed.
  if (await pausedReason(app, state, undefined, placeExists) !== null) return { row, state, cards: [], total: 0 };
  const since = new Date(Math.max(Date.parse(row.alerted_at) - OVERLAP_MS, now - LOOK_BACK_MS)).toISOString();
  // The cards name their place in the recipient's language.
  const response = await app.search.search({ ...savedQuery(state, since, LOOK_LIMIT), lang: row.locale }, { cache: false });
  if (response.results.length === 0) return { row, state, cards: [], total: 0 };
  const ids = response.results.map((card) => card.id);
  const [own, named] = await Promise.all([app.repos.savedSearches.findOwnPostIds(row.user_id, ids), app.repos.savedSearches.findAlertedPostIds(row.id, ids)]);
  const left = new Set([...own, ...named]);
  const cards = response.results.filter((card) => !left.has(card.id));
  return { row, state, cards, total: Math.max(cards.length, response.total - left.size) };
}

/**
 * Writes a group's looks in one transaction: each search's watermark moves, the listings its mail names are recorded
 * (those recorded before are left out of the mail), and the mail is queued as bulk. Answers how many mails.
 */
async function send(app: AppContext, looks: readonly Look[], lookedAt: string): Promise<number> {
  if (looks.length === 0) return 0;
  return await app.repos.transaction(async (tx) => {
    let mailed = 0;
    for (const { row, state, cards, total } of looks) {
      const fresh = new Set(await tx.savedSearches.recordAlert(row.id, cards.map((card) => card.id), lookedAt));
      const named = cards.filter((card) => fresh.has(card.id));
      if (named.length === 0) continue;
      await app.outbox.queueMail(alertMail(app, row, state, named, total), { tx, bulk: true });
      mailed += 1;
    }
    return mailed;
  });
}

/** A card of the mail: title, where and what it costs, with a link. */
function cardLines(app: AppContext, card: PostCard, locale: Locale) {
  const url = absoluteUrl(app.config.siteUrl, localizePath(postUrl(card.type, card.slug), locale));
  const facts = [card.price_min !== null || card.price_max !== null ? formatPriceRange(card.price_min, card.price_max, card.price_currency) : null,
    card.city_state, card.confidential ? null : card.profile?.name ?? null].filter((fact): fact is string => Boolean(fact));
  return { url, facts, image: card.image ? absoluteUrl(app.config.siteUrl, card.image.thumbnail) : null };
}

/**
 * The alert: up to ten cards in both parts, a link to everything new, the saved searches page, one-click unsubscribe;
 * in the account's language, its links to that language's pages (issue 42).
 */
export function alertMail(app: AppContext, row: DueSavedSearchRow, state: SearchState, cards: PostCard[], total: number): Mail {
  const { locale } = row;
  const words = { locale };
  const shown = cards.slice(0, SAVED_SEARCH_RULES.cardsPerAlert);
  const site = app.config.siteUrl;
  const newSince = absoluteUrl(site, localizePath(searchPath({ ...state, params: { ...state.params, live_since: row.alerted_at, sort: 'newest' } }), locale));
  const manage = absoluteUrl(site, localizePath('/me/saved-searches', locale));
  const unsubscribe = unsubscribeUrl(app, row.id, locale);
  const count = locale === 'en' ? counted(total, 'new listing') : m.alert_count({ count: total }, words);
  const english = locale === 'en';
  const matches = english ? `${count} match${total === 1 ? 'es' : ''} your saved search "${row.name}".` : m.alert_matches({ count, name: row.name }, words);
  const subject = `${english ? `${count} for "${row.name}"` : m.alert_subject({ count, name: row.name }, words)} | ${SITE_NAME}`;
  const items = shown.map((card) => ({ card, ...cardLines(app, card, locale) }));
  const text = [
    m.alert_hello({ name: row.user_name }, words),
    matches,
    ...items.map(({ card, url, facts }) => `${card.title}\n${facts.length > 0 ? `${facts.join(' · ')}\n` : ''}${url}`),
    total > shown.length ? m.alert_see_all({ total, url: newSince }, words) : m.alert_see_them({ url: newSince }, words),
    m.alert_manage({ url: manage }, words),
    m.alert_stop({ url: unsubscribe }, words),
  ].join('\n\n');
  const html = `<!doctype html><html lang="${HTML_LANG[locale]}"><body style="font-family:sans-serif;max-width:640px"><h1 style="font-size:18px">${escapeUTF8(SITE_NAME)}</h1>`
    + `<p>${escapeUTF8(m.alert_hello({ name: row.user_name }, words))}</p><p>${escapeUTF8(matches)}</p>`
    + items.map(({ card, url, facts, image }) => `<table role="presentation" style="border:1px solid #ddd;border-radius:8px;margin:8px 0;width:100%"><tr>`
      + (image ? `<td style="width:96px;padding:8px"><img src="${escapeUTF8(image)}" alt="" width="96" height="72" style="object-fit:cover;border-radius:4px"></td>` : '')
      + `<td style="padding:8px"><a href="${escapeUTF8(url)}" style="font-weight:bold;color:#1e40af">${escapeUTF8(card.title)}</a>`
      + (facts.length > 0 ? `<br><span style="color:#444">${escapeUTF8(facts.join(' · '))}</span>` : '') + '</td></tr></table>').join('')
    + `<p><a href="${escapeUTF8(newSince)}">${escapeUTF8(total > shown.length ? m.alert_see_all_link({ total, site: SITE_NAME }, words) : m.alert_see_them_link({ site: SITE_NAME }, words))}</a></p>`
    + `<p style="color:#555;font-size:13px">${escapeUTF8(m.alert_footer({}, words))} <a href="${escapeUTF8(manage)}">${escapeUTF8(m.alert_change_often({}, words))}</a> ${escapeUTF8(m.alert_or({}, words))} `
    + `<a href="${escapeUTF8(unsubscribe)}">${escapeUTF8(m.alert_stop_link({}, words))}</a>.</p></body></html>`;
  return {
    to: row.email, subject, text: `${text}\n\n${SITE_NAME}\n`, html,
    // RFC 8058 one-click unsubscribe, each header on one line (a folded one breaks DKIM signatures: nodemailer#1654).
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Content-Language': locale },
  };
}

/**
 * A listing went live for the first time (in `tx`, its transaction): instant alerts run at the end of this
 * 15-minute period, once for every listing of the period.
 */
export async function queueInstantAlerts(app: { clock: Clock }, tx: Repositories): Promise<void> {
  const periodEnd = new Date(Math.ceil((app.clock.now() + 1) / INSTANT_PERIOD_MS) * INSTANT_PERIOD_MS).toISOString();
  await SavedSearchAlertsJob.queue(tx.jobs, { frequencies: ['instant'] }, { runAt: periodEnd, idempotencyKey: `${SAVED_SEARCH_ALERTS_JOB}:instant@${periodEnd}` });
}
