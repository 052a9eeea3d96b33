/**
 * The spec's search rules (§2–§4, §7 post/search, §9), whatever the engine: a request becomes a filter, the
 * sort falls back when it cannot apply, facets are keyed and ordered as spec §3's response says, cards are
 * built from the catalogue and distances measured from the visitor. Below it, an engine's `SearchIndex`
 * answers narrow questions (which category or place a name is; counts and a page of ids for a filter);
 * the SQLite one is db/sqlite/search.ts, and the brute-force oracle checks any index through this service.
 */
import { DEFAULT_NEAR_ME_KM } from '../../shared/constants.ts';
import { clampToMalaysia } from '../../shared/map.ts';
import { isNearMe } from '../../shared/near-me.ts';
import { ATTRIBUTE_FILTERS, ATTRIBUTES } from '../../shared/search-attributes.ts';
import type { FacetOption, SearchFilters, SearchQuery, SearchResponse } from '../../shared/search.ts';
import type { CatalogContext } from '../catalog/context.ts';
import { getPostCards } from '../catalog/posts.ts';
import type { FacetCounts, SearchFilter, SearchSort } from './engine/filter.ts';
import type { FacetLookups, SearchIndex } from './engine/search-index.ts';
import { haversineKm } from './engine/geo.ts';
import { searchWords } from './engine/filter.ts';


const EMPTY_FILTERS: SearchFilters = {
  min_price: { value: null }, max_price: { value: null },
  categories_with_parent_slug: [], categories_with_parent: [], parent_categories_slug: [], parent_categories: [], states: [],
  job_qualification: [], job_type: [], job_level: [], hireme_type: [], hireme_rate: [], hireme_expertise: [], buysell_method: [],
};

/** The request as a filter, or null when it names a category or place that does not exist (no results, not everything). */
export async function resolveFilter(index: SearchIndex, query: SearchQuery): Promise<SearchFilter | null> {
  const filter: SearchFilter = { type: query.type, attributes: [] };
  if (query.specialization !== undefined) {
    filter.categoryId = await index.findCategoryId(query.type, query.specialization, false);
    if (filter.categoryId === undefined) return null;
  }
  if (query.parent_specialization !== undefined) {
    filter.parentId = await index.findCategoryId(query.type, query.parent_specialization, true);
    if (filter.parentId === undefined) return null;
  }
  const nearMe = isNearMe(query.location);
  if (query.location !== undefined && !nearMe) {
    const place = await index.findPlace(query.location);
    if (!place) return null;
    Object.assign(filter, place);
  }
  if (query.user_location) {
    filter.geo = { ...query.user_location, km: query.distance ?? (nearMe ? DEFAULT_NEAR_ME_KM : null) };
  }
  if (query.bbox) {
    // A box wholly outside Malaysia holds nothing: an empty map, not an error.
    const box = clampToMalaysia(query.bbox);
    if (!box) return null;
    filter.box = box;
  }
  if (query.price) filter.price = query.price;
  for (const { field, attribute } of ATTRIBUTE_FILTERS) {
    const keys = query[field];
    if (Array.isArray(keys) && keys.length > 0) filter.attributes.push({ name: attribute, keys: keys as string[] });
  }
  if (query.search !== undefined) {
    const words = searchWords(query.search);
    if (words.length > 0) filter.words = words;
  }
  if (query.live_since !== undefined) filter.liveSince = query.live_since;
  return filter;
}

/** Relevance needs a keyword and distance a location; otherwise the default order applies. */
export function effectiveSort(query: SearchQuery, filter: SearchFilter): SearchSort {
  if (query.sort === 'relevance' && filter.words === undefined) return 'recommended';
  if (query.sort === 'distance' && filter.geo === undefined) return 'recommended';
  return query.sort;
}

function options(counts: Map<string, number>, order: 'count' | readonly string[]): FacetOption[] {
  const entries = [...counts].filter(([, count]) => count > 0);
  if (order === 'count') entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  else entries.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
  return entries.map(([key, doc_count]) => ({ key, doc_count }));
}

function add(counts: Map<string, number>, key: string, count: number) {
  counts.set(key, (counts.get(key) ?? 0) + count);
}

/** Spec §3's `filters` of a response: facets by category (slug and name keys), main category and state, price range, attributes. */
function buildFilters(lookups: FacetLookups, counts: FacetCounts): SearchFilters {
  const { categories, states } = lookups;
  const bySlug = new Map<string, number>();
  const byName = new Map<string, number>();
  const parentSlugs = new Map<string, number>();
  const parentNames = new Map<string, number>();
  const byState = new Map<string, number>();
  let min: number | null = null;
  let max: number | null = null;
  for (const group of counts.categories) {
    const category = categories.get(group.category_id);
    if (category) {
      if (category.slugKey !== null && category.nameKey !== null) {
        add(bySlug, category.slugKey, group.n);
        add(byName, category.nameKey, group.n);
      }
      add(parentSlugs, category.mainSlug, group.n);
      add(parentNames, category.mainName, group.n);
    }
    if (group.min_price !== null) min = min === null ? group.min_price : Math.min(min, group.min_price);
    if (group.max_price !== null) max = max === null ? group.max_price : Math.max(max, group.max_price);
  }
  for (const [stateId, n] of counts.states) add(byState, states.get(stateId) ?? String(stateId), n);
  const attributeFacet = (name: keyof typeof ATTRIBUTES) => options(counts.attributes.get(name) ?? new Map(), ATTRIBUTES[name].keys);
  return {
    min_price: { value: min },
    max_price: { value: max },
    categories_with_parent_slug: options(bySlug, 'count'),
    categories_with_parent: options(byName, 'count'),
    parent_categories_slug: options(parentSlugs, 'count'),
    parent_categories: options(parentNames, 'count'),
    states: options(byState, 'count'),
    job_qualification: attributeFacet('job_qualification'),
    job_type: attributeFacet('job_type'),
    job_level: attributeFacet('job_level'),
    hireme_type: attributeFacet('hireme_type'),
    hireme_rate: attributeFacet('hireme_rate'),
    hireme_expertise: attributeFacet('hireme_expertise'),
    buysell_method: attributeFacet('buysell_method'),
  };
}

/** Runs a search (spec §7 post/search) on `index`, with cards from `catalog`. */
export async function runSearch(index: SearchIndex, catalog: CatalogContext, query: SearchQuery): Promise<SearchResponse> {
  const filter = await resolveFilter(index, query);
  if (filter === null) return { total: 0, results: [], filters: EMPTY_FILTERS };
  const { counts, rows } = await index.countAndPage(filter, effectiveSort(query, filter), query.limit, (query.page - 1) * query.limit);
  const results = await getPostCards(catalog, rows.map((row) => row.post_id));
  if (filter.geo) {
    const origin = filter.geo;
    // Cards skip ids that vanished meanwhile, so distances are matched by id, never by position.
    const byId = new Map(rows.map((row) => [row.post_id, row]));
    for (const card of results) {
      const row = byId.get(card.id);
      // A confidential listing's place is its town's centre (issue 38): its distance is said in whole kilometres.
      const km = row && haversineKm(origin, { lat: row.lat, lon: row.lon });
      if (km !== undefined) card.distance = card.confidential ? Math.round(km) : Math.round(km * 100) / 100;
    }
  }
  return { total: counts.total, results, filters: buildFilters(await index.facetLookups(), counts) };
}
