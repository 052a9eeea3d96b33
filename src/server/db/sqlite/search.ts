/**
 * The SQLite search engine: resolves a request, counts facets, pages results and builds the cards.
 * A PostgreSQL backend brings its own engine behind the same SearchEngine interface (decision 0002).
 */
import { DEFAULT_NEAR_ME_KM } from '../../../shared/constants.ts';
import { ATTRIBUTE_FILTERS, ATTRIBUTES, facetAttributesFor } from '../../../shared/search-attributes.ts';
import { isNearMe } from '../../../shared/near-me.ts';
import type { FacetOption, SearchFilters, SearchQuery, SearchResponse } from '../../../shared/search.ts';
import { getPostCards } from '../../catalog/posts.ts';
import type { CatalogContext } from '../../catalog/context.ts';
import { haversineKm } from '../../search/geo.ts';
import type { Db } from './connection.ts';
import { findStates } from './repositories/content.ts';
import { facetStoreFor } from './facet-store.ts';
import {
  candidateIds, catalogVersion, findCategoryId, findCategoryMeta, findPlace, pageRows, scanGroups, summaryCanAnswer,
  summaryGroups, walkPage, type GroupRow, type PageRow, type SearchFilter, type SearchSort,
} from './repositories/search.ts';

/**
 * An FTS5 expression for what a person typed: every word must match, the last one as a prefix
 * (so 'aircon serv' finds 'Aircon Servicing'), inside title and body only, optionally in one type.
 */
export function matchExpression(search: string, type: string | undefined): string | undefined {
  const words = (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 12);
  if (words.length === 0) return undefined;
  const terms = words.map((word, index) => `"${word}"${index === words.length - 1 && word.length >= 2 ? '*' : ''}`);
  const text = `{title body}: (${terms.join(' AND ')})`;
  return type ? `kind:"type${type}" AND ${text}` : text;
}

/** The request as SQL-ready filters, or null when it names a category or place that does not exist. */
export function resolveFilter(db: Db, query: SearchQuery): SearchFilter | null {
  const filter: SearchFilter = { type: query.type, attributes: [] };
  if (query.specialization !== undefined) {
    filter.categoryId = findCategoryId(db, query.type, query.specialization, false);
    if (filter.categoryId === undefined) return null;
  }
  if (query.parent_specialization !== undefined) {
    filter.parentId = findCategoryId(db, query.type, query.parent_specialization, true);
    if (filter.parentId === undefined) return null;
  }
  const nearMe = isNearMe(query.location);
  if (query.location !== undefined && !nearMe) {
    const place = findPlace(db, query.location);
    if (!place) return null;
    Object.assign(filter, place);
  }
  if (query.user_location) {
    filter.geo = { ...query.user_location, km: query.distance ?? (nearMe ? DEFAULT_NEAR_ME_KM : null) };
  }
  if (query.price) filter.price = query.price;
  for (const { field, attribute } of ATTRIBUTE_FILTERS) {
    const keys = query[field];
    if (Array.isArray(keys) && keys.length > 0) filter.attributes.push({ name: attribute, keys: keys as string[] });
  }
  if (query.search !== undefined) {
    filter.match = matchExpression(query.search, query.type);
    filter.matchAnyType = matchExpression(query.search, undefined);
  }
  return filter;
}

/** Relevance needs a keyword and distance a location; otherwise the default order applies. */
export function effectiveSort(query: SearchQuery, filter: SearchFilter): SearchSort {
  if (query.sort === 'relevance' && filter.match === undefined) return 'recommended';
  if (query.sort === 'distance' && filter.geo === undefined) return 'recommended';
  return query.sort;
}

/** Facet keys of one category, worked out once per catalogue version. */
interface CategoryKeys {
  slugKey: string | null;
  nameKey: string | null;
  mainSlug: string;
  mainName: string;
}

const metaCache = new WeakMap<Db, { version: number; categories: Map<number, CategoryKeys>; states: Map<number, string> }>();

function lookups(db: Db) {
  const version = catalogVersion(db);
  let cached = metaCache.get(db);
  if (!cached || cached.version !== version) {
    const rows = new Map(findCategoryMeta(db).map((category) => [category.id, category]));
    const categories = new Map<number, CategoryKeys>();
    for (const category of rows.values()) {
      const parent = category.parent_id === null ? undefined : rows.get(category.parent_id);
      categories.set(category.id, {
        slugKey: parent ? `${parent.slug}--${category.slug}` : null,
        nameKey: parent ? `${parent.name}--${category.name}` : null,
        mainSlug: (parent ?? category).slug,
        mainName: (parent ?? category).name,
      });
    }
    cached = { version, categories, states: new Map(findStates(db).map((state) => [state.id, state.name])) };
    metaCache.set(db, cached);
  }
  return cached;
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

export const EMPTY_FILTERS: SearchFilters = {
  min_price: { value: null }, max_price: { value: null },
  categories_with_parent_slug: [], categories_with_parent: [], parent_categories_slug: [], parent_categories: [], states: [],
  job_qualification: [], job_type: [], job_level: [], hireme_type: [], hireme_rate: [], hireme_expertise: [], buysell_method: [],
};

/** Counts over the filtered set: per category (with prices), per state, and per attribute value. */
interface Counts {
  total: number;
  categories: GroupRow[];
  states: Map<number, number>;
  attributes: Map<string, Map<string, number>>;
}

function buildFilters(db: Db, counts: Counts): SearchFilters {
  const { categories, states } = lookups(db);
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

function minOf(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

function maxOf(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.max(a, b);
}

/** How a search is counted: the summary tables, the facet store, or SQL alone (tests compare all three). */
export interface SearchOptions {
  /** Plain browsing from the per-(type, category, state) summary tables. Default true. */
  useSummary?: boolean;
  /** Everything else counted by the in-memory facet store over index-provided ids. Default true. */
  useFacetStore?: boolean;
}

/** A page is walked from its sort index when it should take no more rows than this; else SQL sorts the matches. */
const WALK_LIMIT = 20_000;

/** Totals and facet counts, plus the ids they counted when the facet store did it. */
function countFacets(db: Db, filter: SearchFilter, options: Required<SearchOptions>): Counts & { ids?: Uint32Array } {
  const attributes = new Map<string, Map<string, number>>();
  const facetNames = facetAttributesFor(filter.type);
  if (options.useSummary && summaryCanAnswer(filter)) {
    const summary = summaryGroups(db, filter);
    for (const row of summary.facets) {
      if (!(facetNames as string[]).includes(row.facet)) continue;
      if (!attributes.has(row.facet)) attributes.set(row.facet, new Map());
      attributes.get(row.facet)!.set(row.key, row.n);
    }
    return {
      total: summary.categories.reduce((sum, group) => sum + group.n, 0),
      categories: summary.categories,
      states: new Map(summary.states.map((row) => [row.state_id, row.n])),
      attributes,
    };
  }
  if (options.useFacetStore) {
    const store = facetStoreFor(db);
    store.refresh(db);
    return store.count(filter, facetNames, candidateIds(db, filter));
  }
  const groups = scanGroups(db, filter, facetNames);
  const byCategory = new Map<number, GroupRow>();
  const states = new Map<number, number>();
  for (const group of groups) {
    const merged = byCategory.get(group.category_id);
    if (!merged) byCategory.set(group.category_id, { ...group });
    else {
      merged.n += group.n;
      merged.min_price = minOf(merged.min_price, group.min_price);
      merged.max_price = maxOf(merged.max_price, group.max_price);
    }
    states.set(group.state_id, (states.get(group.state_id) ?? 0) + group.n);
  }
  for (const name of facetNames) {
    const counts = new Map<string, number>();
    for (const key of ATTRIBUTES[name].keys) {
      counts.set(key, groups.reduce((sum, group) => sum + Number(group[`${name}:${key}`] ?? 0), 0));
    }
    attributes.set(name, counts);
  }
  return { total: groups.reduce((sum, group) => sum + group.n, 0), categories: [...byCategory.values()], states, attributes };
}

/** The page's rows: walked from the sort's index over the counted ids when that is short, else sorted by SQL. */
function pageOf(db: Db, filter: SearchFilter, sort: SearchSort, counts: { total: number; ids?: Uint32Array }, limit: number, offset: number): PageRow[] {
  if (counts.ids) {
    const store = facetStoreFor(db);
    if (((offset + limit) * store.size(filter.type)) / Math.max(counts.total, 1) <= WALK_LIMIT) {
      const rows = store.withMembership(counts.ids, (members) => walkPage(db, filter, sort, members, limit, offset));
      if (rows) return rows;
    }
  }
  return pageRows(db, filter, sort, limit, offset);
}

/**
 * Runs a search on this connection; `catalog` builds the cards (on the same connection). Counts and
 * page are read in one transaction, so they agree even while a write lands.
 */
export async function runSearch(db: Db, catalog: CatalogContext, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResponse> {
  const settings = { useSummary: options.useSummary ?? true, useFacetStore: options.useFacetStore ?? true };
  const ownTransaction = !db.isTransaction;
  if (ownTransaction) db.exec('BEGIN');
  let filter: SearchFilter | null;
  let counts: Counts | undefined;
  let rows: PageRow[] = [];
  try {
    filter = resolveFilter(db, query);
    if (filter !== null) {
      const found = countFacets(db, filter, settings);
      counts = found;
      const offset = (query.page - 1) * query.limit;
      if (offset < found.total) rows = pageOf(db, filter, effectiveSort(query, filter), found, query.limit, offset);
    }
  } finally {
    if (ownTransaction) db.exec('COMMIT');
  }
  if (filter === null || counts === undefined) return { total: 0, results: [], filters: EMPTY_FILTERS };
  const results = await getPostCards(catalog, rows.map((row) => row.post_id));
  if (filter.geo) {
    const origin = filter.geo;
    // Cards skip ids that vanished meanwhile, so distances are matched by id, never by position.
    const byId = new Map(rows.map((row) => [row.post_id, row]));
    for (const card of results) {
      const row = byId.get(card.id);
      if (row) card.distance = Math.round(haversineKm(origin, { lat: row.lat, lon: row.lon }) * 100) / 100;
    }
  }
  return { total: counts.total, results, filters: buildFilters(db, counts) };
}
