import type { ListingType } from '../../shared/constants.ts';
import * as m from '../../paraglide/messages.js';
import { searchHeading, searchTitle, toSearchTree, type NoResultsHelp, type SearchTree } from '../../shared/search-page.ts';
import { isNearMe } from '../../shared/near-me.ts';
import { canonicalState, isIndexable, readSearchState, searchHref, toSearchRequest, type SearchParam, type SearchState } from '../../shared/search-params.ts';
import { toSearchQuery } from '../../shared/search-query.ts';
import { MapRequestSchema, toSearchView, type SearchView } from '../../shared/search.ts';
import { formatBoundingBox, MALAYSIA_BOUNDS, type BoundingBox } from '../../shared/map.ts';
import type { AppContext } from '../app-types.ts';
import { getSpecializationsByType } from '../catalog/home.ts';
import { currentLocale } from '../../shared/i18n.ts';
import type { Impression } from '../search/impressions.ts';
import { helpForNoResults } from '../search/no-results.ts';
import { cacheTags } from '../cache/tags.ts';
import { localizePath, splitLocale, type Locale } from '../../shared/locale.ts';
import { englishPlace } from '../../shared/place-names.ts';
import { normaliseText } from '../../shared/schemas/text.ts';
import type { Repositories } from '../db/repositories.ts';

export interface SearchPage {
  state: SearchState;
  response: SearchView;
  tree: SearchTree;
  adClient: string | null;
  seo: { title: string; description: string; canonical: string; noindex: boolean };
  /**
   * What a change to drops the cached page (decision 0017): its category (a change to a post in it, or in a
   * subcategory, names it), else its place (a state or town), else its type's lists.
   */
  tags: string[];
  /** What a keyword search that found nothing offers instead (close categories, corrected words); null otherwise. */
  help: NoResultsHelp | null;
  /** A first page's posts and term, counted as search impressions on every serve (search/impressions.ts); null past page 1. */
  impression: Impression | null;
  /**
   * On a map view without a box of its own: the box of every match, which the map fits at once (so its first view
   * asks post/map once, not once to find the results and again where they are); null otherwise.
   */
  mapExtent: BoundingBox | null;
}

/** The box of every match of a map view's search in Malaysia, or null (a list view, a map of a box, or no match). */
async function mapExtent(app: AppContext, state: SearchState, dropped: readonly SearchParam[], locale: Locale): Promise<BoundingBox | null> {
  if (state.view !== 'map' || state.params.bbox) return null;
  const request = { ...toSearchRequest(state, dropped), bbox: formatBoundingBox(MALAYSIA_BOUNDS), zoom: 5, ...(locale === 'en' ? {} : { lang: locale }) };
  const query = MapRequestSchema.safeParse(request);
  return query.success ? (await app.search.map(query.data)).bounds : null;
}

/**
 * The English address of a search page whose `where` names a place in Malay or Chinese (Pulau Pinang, 槟城): the same
 * path and parameters in the page's language (`locale`: the middleware has taken its prefix off the page's URL), with the English name, since `where` values stay English (decision 0030).
 * Undefined for any other page.
 */
export function placeRedirect(url: URL, locale: Locale): string | undefined {
  const where = url.searchParams.get('where');
  const english = where === null ? undefined : englishPlace(where);
  if (english === undefined) return undefined;
  const params = new URLSearchParams(url.searchParams);
  params.set('where', english);
  return localizePath(`${splitLocale(url.pathname).path}?${params}`, locale);
}

/**
 * The state or town a `where` names ('Selangor', 'Petaling Jaya', 'Petaling Jaya, Selangor'), lower-cased as the
 * search rows' cache tags name it, or undefined for anything else: only a known place becomes a cache tag, and a tag
 * is a header, which takes no character past Latin-1 (probe finding 4).
 */
async function taggedPlace(repos: Repositories, where: string): Promise<string | undefined> {
  const [town = '', region] = normaliseText(where, false).split(',').map((part) => part.trim().toLowerCase());
  if (town === '') return undefined;
  const places = await repos.suggestions.findPlacesByPrefix(town, 20);
  return places.find((place) => place.name.toLowerCase() === town && (region === undefined || (place.kind === 'city' && place.state_name.toLowerCase() === region)))
    ?.name.toLowerCase();
}

/**
 * Everything a search page /{type}/l[/main[/sub]] renders, or undefined when the path names no
 * real category (a 404, not an empty page for crawlers to keep). Unparseable parameters are dropped.
 * This runs only when the page cache missed: a non-indexable page counts against the client's limit of
 * such renders (429 past it; security probe item 9).
 */
export async function getSearchPage(app: AppContext, type: ListingType, path: string[], params: URLSearchParams, client: string): Promise<SearchPage | undefined> {
  const tree = (await getSpecializationsByType(app, { locale: currentLocale() }))[type];
  const main = path[0] ? tree.find((category) => category.slug === path[0]) : undefined;
  const sub = main && path[1] ? main.child.find((category) => category.slug === path[1]) : undefined;
  if (path.length > 2 || (path[0] && !main) || (path[1] && !sub)) return undefined;
  const state = readSearchState(type, main?.slug ?? null, sub?.slug ?? null, params);
  if (!isIndexable(state) && app.config.searchPageLimit > 0) await app.limits.hit('searchPage', client, app.config.searchPageLimit);
  const { query, dropped } = toSearchQuery(state);
  for (const param of dropped) delete state.params[param];
  // Cards and facets name categories and places in the page's language (issue 42); English pages share the cache
  // entries of API calls without `lang`.
  const locale = currentLocale();
  const response = await app.search.search(locale === 'en' ? query : { ...query, lang: locale });
  const searchTree = toSearchTree(tree);
  const where = state.params.where;
  const place = where && !isNearMe(where) && !main ? await taggedPlace(app.repos, where) : undefined;
  return {
    state,
    response: toSearchView(response),
    tree: searchTree,
    adClient: app.config.adClient,
    help: response.total === 0 && query.search ? await helpForNoResults(app, type, query, locale) : null,
    impression: query.page > 1 ? null : { term: query.search ?? '', postIds: response.results.map((card) => card.id) },
    mapExtent: await mapExtent(app, state, dropped, locale),
    tags: [sub ? cacheTags.category(type, sub.slug) : main ? cacheTags.category(type, main.slug) : place ? cacheTags.location(type, place) : cacheTags.list(type)],
    seo: {
      title: searchTitle(searchTree, state, query.page, response.results.map((card) => card.plan)),
      description: m.search_description({ heading: searchHeading(state), total: response.total, titles: response.results.slice(0, 5).map((card) => card.title).join(', ') }),
      canonical: searchHref(canonicalState(state)),
      noindex: !isIndexable(state) || response.total === 0 || dropped.length > 0,
    },
  };
}
