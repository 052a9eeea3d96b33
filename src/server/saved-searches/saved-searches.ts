/**
 * Saved searches (issue 29, decision 0025): a person keeps a search page as it was, canonical (the search page's
 * own parameters, in their fixed order), and is told when something new matches it. Saving needs an account; alerts
 * need an e-mail on it. A search that names no keyword, category or place alerts weekly at most.
 */
import { isNearMe } from '../../shared/near-me.ts';
import { FrequencySchema, SAVED_SEARCH_RULES, SavedSearchChangeSchema, SavedSearchNameSchema, type Frequency, type SavedSearch } from '../../shared/saved-searches.ts';
import { searchSummary } from './summary.ts';
import type { Locale } from '../../shared/locale.ts';
import { toSearchTree, type SearchTree } from '../../shared/search-page.ts';
import { PARAM_FIELDS, searchHref, SEARCH_PARAMS, toSearchRequest, type SearchState } from '../../shared/search-params.ts';
import { toSearchQuery } from '../../shared/search-query.ts';
import { SearchRequestSchema, type SearchQuery } from '../../shared/search.ts';
import type { ListingType } from '../../shared/constants.ts';
import type { AppContext } from '../app-types.ts';
import { getSpecializationsByType } from '../catalog/home.ts';
import type { SavedSearchRow } from '../db/rows.ts';
import { invalid, notFound, parseInput } from '../errors.ts';
import { canManageSavedSearch, type Actor } from '../policies.ts';
import { z } from 'zod';
import { say } from '../../shared/said.ts';

/** The page parameters a saved search keeps: not the page number, nor "new since" (an alert adds it). */
const KEPT_PARAMS = SEARCH_PARAMS.filter((param) => param !== 'page' && param !== 'live_since');

/** What a saved search stores of its search page besides its type. */
interface StoredQuery {
  main: string | null;
  sub: string | null;
  params: SearchState['params'];
}

/** A saved search's search page. */
export function stateOf(row: Pick<SavedSearchRow, 'type' | 'query'>): SearchState {
  const stored = JSON.parse(row.query) as StoredQuery;
  return { cat: row.type as ListingType, main: stored.main, sub: stored.sub, params: stored.params, view: 'grid' };
}

/** A parsed value of the search request as the page's parameter writes it. */
function paramValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : undefined;
  if (typeof value === 'object' && 'lat' in value && 'lon' in value) return `${(value as { lat: number }).lat},${(value as { lon: number }).lon}`;
  if (typeof value === 'object' && 'min' in value) {
    const { min, max } = value as { min: number; max: number | null };
    return max === null ? `${min}++` : `${min}-${max}`;
  }
  return String(value);
}

/**
 * The search page a body of the search API (spec §7 post/search; the page's own names, `what` or `where`, are taken
 * too) is: validated as search validates it, its categories found in the type's tree, its values written as the page
 * writes them. A saved search is exactly the page a person saw.
 */
async function canonicalSearch(app: AppContext, body: Record<string, unknown>): Promise<SearchState> {
  const input: Record<string, unknown> = {};
  for (const [param, field] of Object.entries(PARAM_FIELDS)) {
    if (body[param] !== undefined && param !== field) input[field] = body[param];
  }
  for (const field of Object.keys(SearchRequestSchema.shape)) if (body[field] !== undefined) input[field] = body[field];
  const query: SearchQuery = parseInput(SearchRequestSchema, input);
  if (query.type === undefined) throw invalid('type', 'choose_what_search_services_jobs');
  const tree = (await getSpecializationsByType(app))[query.type];
  let main = query.parent_specialization === undefined ? undefined : tree.find((category) => category.slug === query.parent_specialization);
  if (query.parent_specialization !== undefined && !main) throw invalid('parent_specialization', 'no_such_category');
  let sub: { slug: string } | undefined;
  if (query.specialization !== undefined) {
    main ??= tree.find((category) => category.child.some((child) => child.slug === query.specialization));
    sub = main?.child.find((child) => child.slug === query.specialization);
    if (!sub) throw invalid('specialization', 'no_such_category');
  }
  const params: SearchState['params'] = {};
  for (const param of KEPT_PARAMS) {
    const value = paramValue(query[PARAM_FIELDS[param] as keyof SearchQuery]);
    if (value !== undefined && !(param === 'sort' && value === 'recommended')) params[param] = value;
  }
  return { cat: query.type, main: main?.slug ?? null, sub: sub?.slug ?? null, params, view: 'grid' };
}

/** True when a search narrows by keyword, category or place: only those alert more often than weekly. */
function isNarrow(state: SearchState): boolean {
  return Boolean(state.params.what || state.main || state.params.where);
}

/** The frequency a search alerts at: what was asked, weekly at most for a wide search. */
function allowedFrequency(state: SearchState, asked: Frequency): Frequency {
  return !isNarrow(state) && (asked === 'instant' || asked === 'daily') ? 'weekly' : asked;
}

/**
 * Why a saved search finds nothing now, if it names a category or place that is gone (the catalogue changed since
 * it was saved): it is paused, and its row says so.
 */
export async function pausedReason(app: AppContext, state: SearchState, tree?: SearchTree,
  placeExists: (name: string) => Promise<boolean> = (name) => app.repos.savedSearches.placeExists(name)): Promise<string | null> {
  const categories = tree ?? toSearchTree((await getSpecializationsByType(app))[state.cat]);
  const main = state.main ? categories.find((category) => category.slug === state.main) : undefined;
  if (state.main && !main) return `The category "${state.main}" no longer exists.`;
  if (state.sub && !main?.child.some((child) => child.slug === state.sub)) return `The category "${state.sub}" no longer exists.`;
  const where = state.params.where;
  if (where && !isNearMe(where) && !(await placeExists(where))) return `The place "${where}" is no longer listed.`;
  return null;
}

/** The search request of a saved search: its page's, newest first from `since` when given. */
export function savedQuery(state: SearchState, since?: string, limit?: number): SearchQuery {
  const { query } = toSearchQuery(state);
  return { ...query, page: 1, ...(since === undefined ? {} : { live_since: since, sort: 'newest' }), ...(limit === undefined ? {} : { limit }) };
}

/** Who reads the answer: the account, and the language its page is in (issue 42: summaries say it). */
type Reader = Pick<Actor, 'id'> & { locale?: Locale };

/** A saved search as the API answers it, with its new matches counted now; its summary in the reader's language. */
async function savedSearchJson(app: AppContext, row: SavedSearchRow, locale: Locale): Promise<SavedSearch> {
  const state = stateOf(row);
  const tree = toSearchTree((await getSpecializationsByType(app, { locale }))[state.cat]);
  const paused = await pausedReason(app, state, tree);
  // New since it was last opened, a week and a day back at most.
  const since = new Date(Math.max(Date.parse(row.seen_at), app.clock.now() - SAVED_SEARCH_RULES.newForDays * 86_400_000)).toISOString();
  const newCount = paused ? 0 : (await app.search.search(savedQuery(state, since, 1), { cache: false })).total;
  return {
    id: row.id, name: row.name, frequency: row.frequency as Frequency, query: toSearchRequest(state) as SavedSearch['query'], url: searchHref(state),
    summary: searchSummary(state, tree, locale), new_count: newCount, paused: paused !== null, paused_reason: paused, created_at: row.created_at,
  };
}

/** Whether the account can be mailed: alerts need an e-mail address (every address on an account was verified). */
async function canBeMailed(app: AppContext, actor: Pick<Actor, 'id'>): Promise<boolean> {
  return Boolean((await app.repos.users.findUser(actor.id))?.email);
}


const SaveSchema = z.object({
  name: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), SavedSearchNameSchema.optional()),
  frequency: FrequencySchema.optional(),
});

/**
 * POST saved-searches: the body is the search API's, plus `name` (the search's heading by default) and `frequency`
 * (daily by default; off for an account without an e-mail, which is told to add one).
 */
export async function saveSearch(app: AppContext, actor: Reader, body: unknown): Promise<{ data: SavedSearch; message: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid('type', 'send_search_json_object');
  const input = body as Record<string, unknown>;
  const settings = parseInput(SaveSchema, { name: input.name, frequency: input.frequency });
  const state = await canonicalSearch(app, input);
  const mailable = await canBeMailed(app, actor);
  if (!mailable && settings.frequency !== undefined && settings.frequency !== 'off') throw invalid('frequency', 'alerts_need_email');
  const frequency = allowedFrequency(state, mailable ? settings.frequency ?? 'daily' : 'off');
  const locale = actor.locale ?? 'en';
  const name = settings.name ?? searchSummary(state, toSearchTree((await getSpecializationsByType(app, { locale }))[state.cat]), locale).slice(0, SAVED_SEARCH_RULES.nameMax);
  const id = await app.repos.transaction(async (tx) => {
    if (await tx.savedSearches.countSavedSearches(actor.id) >= SAVED_SEARCH_RULES.maxPerAccount) {
      throw invalid('name', 'saved_searches_full', { count: SAVED_SEARCH_RULES.maxPerAccount });
    }
    const { main, sub, params } = state;
    return await tx.savedSearches.insertSavedSearch({ userId: actor.id, name, type: state.cat, query: JSON.stringify({ main, sub, params } satisfies StoredQuery), frequency });
  });
  const saved = await savedSearchJson(app, (await app.repos.savedSearches.findSavedSearch(id))!, locale);
  const message = !mailable ? 'Search saved. Alerts are sent by e-mail: add an e-mail address to your account to get them.'
    : frequency === 'off' ? 'Search saved.' : `Search saved. We will e-mail you ${frequency === 'instant' ? 'as soon as' : frequency === 'daily' ? 'once a day when' : 'once a week when'} something new matches it.`;
  return { data: saved, message };
}

/** The actor's saved search, or 404 (another person's is not said to exist). */
async function ownSavedSearch(app: AppContext, actor: Pick<Actor, 'id'>, id: number): Promise<SavedSearchRow> {
  const row = await app.repos.savedSearches.findSavedSearch(id);
  if (!row || !canManageSavedSearch(actor, row)) throw notFound('no_such_saved_search');
  return row;
}

/** GET saved-searches: the actor's saved searches, newest first, with their new matches. */
export async function listSavedSearches(app: AppContext, actor: Reader): Promise<SavedSearch[]> {
  const rows = await app.repos.savedSearches.findSavedSearches(actor.id, SAVED_SEARCH_RULES.maxPerAccount);
  return await Promise.all(rows.map((row) => savedSearchJson(app, row, actor.locale ?? 'en')));
}

/** PATCH saved-searches/{id}: renames it or changes how often it alerts (alerts need an e-mail; a wide search weekly at most). */
export async function changeSavedSearch(app: AppContext, actor: Reader, id: number, body: unknown): Promise<{ data: SavedSearch; message: string }> {
  const row = await ownSavedSearch(app, actor, id);
  const change = parseInput(SavedSearchChangeSchema, body);
  if (change.frequency !== undefined && change.frequency !== 'off' && !(await canBeMailed(app, actor))) throw invalid('frequency', 'alerts_need_email');
  const frequency = change.frequency === undefined ? undefined : allowedFrequency(stateOf(row), change.frequency);
  await app.repos.savedSearches.updateSavedSearch(row.id, {
    ...(change.name === undefined ? {} : { name: change.name }),
    ...(frequency === undefined ? {} : { frequency }),
    // Alerts turned on again start from now: what went live while they were off is not mailed as new.
    ...(frequency !== undefined && frequency !== 'off' && row.frequency === 'off' ? { alertedAt: new Date(app.clock.now()).toISOString() } : {}),
  });
  const saved = await savedSearchJson(app, (await app.repos.savedSearches.findSavedSearch(row.id))!, actor.locale ?? 'en');
  const message = frequency !== undefined && frequency !== change.frequency
    ? 'Saved. A search with no keyword, category or place alerts weekly at most.' : 'Saved.';
  return { data: saved, message };
}

/** DELETE saved-searches/{id}. */
export async function deleteSavedSearch(app: AppContext, actor: Pick<Actor, 'id'>, id: number): Promise<{ message: string }> {
  const row = await ownSavedSearch(app, actor, id);
  await app.repos.savedSearches.deleteSavedSearch(row.id);
  return { message: say('api_saved_search_deleted') };
}

/** Opening a saved search (My area): what is new is now seen. Answers its search page. */
export async function openSavedSearch(app: AppContext, actor: Pick<Actor, 'id'>, id: number): Promise<string> {
  const row = await ownSavedSearch(app, actor, id);
  await app.repos.savedSearches.updateSavedSearch(row.id, { seenAt: new Date(app.clock.now()).toISOString() });
  return searchHref(stateOf(row));
}
