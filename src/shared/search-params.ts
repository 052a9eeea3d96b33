/**
 * The search page's query string (spec §2) ↔ the search request (spec §3). Both directions live
 * here so links built on the server and navigation in the browser agree.
 */
import { LISTING_TYPES, type ListingType } from './constants.ts';
import { isNearMe } from './near-me.ts';
import type { SearchRequest } from './search.ts';
import { localHref } from './i18n.ts';
import { splitLocale } from './locale.ts';

/** Query parameter → search request field. */
export const PARAM_FIELDS = {
  what: 'search',
  where: 'location',
  ul: 'user_location',
  range: 'distance',
  price: 'price',
  qualification: 'job_qualification',
  job_type: 'job_type',
  job_level: 'job_level',
  deal_method: 'buysell_deal_method',
  hireme_type: 'hireme_type',
  hireme_rate: 'hireme_rate',
  hireme_expertise: 'hireme_expertise',
  condition: 'buysell_condition',
  post_type: 'buysell_type',
  method: 'buysell_method',
  sort: 'sort',
  live_since: 'live_since',
  bbox: 'bbox',
  page: 'page',
} as const satisfies Record<string, keyof SearchRequest>;
export type SearchParam = keyof typeof PARAM_FIELDS;
export const SEARCH_PARAMS = Object.keys(PARAM_FIELDS) as SearchParam[];

/** Parameters that, when present, make a search page a variant not worth indexing (see README, SEO). */
export const NON_INDEXABLE_PARAMS: readonly SearchParam[] = SEARCH_PARAMS.filter((param) => param !== 'where' && param !== 'page');

export const SEARCH_VIEWS = ['grid', 'list', 'map'] as const;
type SearchViewName = (typeof SEARCH_VIEWS)[number];

/** What a search page shows: its path parts, its parameters as strings, and the results layout (the map: issue 43). */
export interface SearchState {
  cat: ListingType;
  main: string | null;
  sub: string | null;
  params: Partial<Record<SearchParam, string>>;
  view: SearchViewName;
}

/** Reads the parameters of a URL, keeping only the known ones that are not empty. */
function readParams(search: URLSearchParams): SearchState['params'] {
  const params: SearchState['params'] = {};
  for (const param of SEARCH_PARAMS) {
    const value = search.get(param)?.trim();
    if (value) params[param] = value;
  }
  return params;
}

/** The search request body for a page, as the API takes it. */
export function toSearchRequest(state: SearchState, dropped: readonly SearchParam[] = []): SearchRequest {
  const request: Record<string, unknown> = { type: state.cat };
  if (state.main) request.parent_specialization = state.main;
  if (state.sub) request.specialization = state.sub;
  for (const [param, value] of Object.entries(state.params) as [SearchParam, string][]) {
    if (!dropped.includes(param)) request[PARAM_FIELDS[param]] = value;
  }
  return request as SearchRequest;
}

/** A search page's state from its URL parts. */
export function readSearchState(cat: ListingType, main: string | null, sub: string | null, search: URLSearchParams): SearchState {
  const view = search.get('view');
  return { cat, main, sub, params: readParams(search), view: view === 'list' || view === 'map' ? view : 'grid' };
}

/** The search page a site-relative address names (`/{type}/l[/main[/sub]]?…`), or null when it names none. */
export function readSearchHref(address: string): SearchState | null {
  if (!address.startsWith('/') || address.startsWith('//')) return null;
  const url = new URL(address, 'http://site.invalid');
  // The same search in every language (issue 42): '/ms/jobs/l?…' reads as '/jobs/l?…'.
  const [cat, l, main = null, sub = null, ...rest] = splitLocale(url.pathname).path.split('/').filter(Boolean);
  if (!(LISTING_TYPES as readonly string[]).includes(cat ?? '') || l !== 'l' || rest.length > 0) return null;
  return readSearchState(cat as ListingType, main, sub, url.searchParams);
}

/**
 * The URL of a search page, in the language being rendered (src/shared/urls.ts). Parameters keep a fixed order so one
 * page has one URL.
 */
export function searchHref(state: SearchState): string {
  return localHref(searchPath(state));
}

/** The URL of a search page without a language prefix: what a saved search stores. */
export function searchPath(state: SearchState): string {
  const path = ['', state.cat, 'l', state.main, state.main ? state.sub : null].filter((part) => part !== null).join('/');
  const query = new URLSearchParams();
  for (const param of SEARCH_PARAMS) {
    const value = state.params[param];
    if (value !== undefined && value !== '' && !(param === 'page' && value === '1')) query.set(param, value);
  }
  if (state.view !== 'grid') query.set('view', state.view);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * The state after a change of filters. Any change but the page itself goes back to page 1
 * (spec §4); choosing a state-level place clears the user location.
 */
export function changeSearch(
  state: SearchState,
  change: Partial<Pick<SearchState, 'cat' | 'main' | 'sub' | 'view'>> & { params?: Partial<Record<SearchParam, string | null>> },
): SearchState {
  const params = { ...state.params };
  for (const [param, value] of Object.entries(change.params ?? {}) as [SearchParam, string | null][]) {
    if (value === null || value === '') delete params[param];
    else params[param] = value;
  }
  const pageOnly = Object.keys(change.params ?? {}).every((param) => param === 'page')
    && change.main === undefined && change.sub === undefined && change.cat === undefined;
  if (!pageOnly) delete params.page;
  // A state-level place replaces the user's position (spec §4).
  if (change.params?.where && !isNearMe(change.params.where) && change.params.ul === undefined) {
    delete params.ul;
    delete params.range;
  }
  return {
    cat: change.cat ?? state.cat,
    main: change.main === undefined ? state.main : change.main,
    sub: change.sub === undefined ? state.sub : change.sub,
    params,
    view: change.view ?? state.view,
  };
}

/** Adds or removes one value of a comma list (spec §4 multi-select); an empty list removes the parameter. */
export function toggleListValue(list: string | undefined, value: string): string | null {
  const values = (list ?? '').split(',').filter(Boolean);
  const next = values.includes(value) ? values.filter((item) => item !== value) : [...values, value];
  return next.length > 0 ? next.join(',') : null;
}

/** True when a search page is one of the bounded set crawlers should index. */
export function isIndexable(state: SearchState): boolean {
  return state.view === 'grid' && NON_INDEXABLE_PARAMS.every((param) => state.params[param] === undefined) && !isNearMe(state.params.where);
}

/** The nearest indexable page: same path and place, nothing else. */
export function canonicalState(state: SearchState): SearchState {
  const where = state.params.where && !isNearMe(state.params.where) ? state.params.where : undefined;
  const params: SearchState['params'] = where ? { where } : {};
  if (isIndexable(state) && state.params.page) params.page = state.params.page;
  return { ...state, params, view: 'grid' };
}
