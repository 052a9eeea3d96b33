/**
 * The SQLite search index (search/search-service.ts's `SearchIndex`): FTS5 for words, summary tables for
 * plain browsing, the in-memory facet store for counts, sort indexes for pages. The spec's rules (facet keys,
 * sort fallbacks, cards, distances) live in the search service above it; a PostgreSQL index answers the same
 * questions (decision 0002).
 */
import { facetAttributesFor } from '../../../shared/search-attributes.ts';
import { countsOfGroups, searchWords, type FacetCounts, type PageRow, type SearchFilter as DomainFilter, type SearchSort, walkState } from '../../search/engine/filter.ts';
import { facetLookupsOf, positionsOfRows, type FacetLookups, type SearchIndex } from '../../search/engine/search-index.ts';
import type { Db } from './connection.ts';
import { all, statement } from './query.ts';
import { facetStoreFor, refreshFacetStore } from './facet-store.ts';
import {
  candidateIds, findCategoryId, findCategoryMeta, findPlace, matchRows, newestSince, pageRows, placesOf, scanGroups, summaryCanAnswer,
  summaryGroups, walkPage, type SearchFilter,
} from './repositories/search.ts';

/** An FTS5 expression for words: every word must match, the last one as a prefix, inside title and body, optionally in one type. */
function matchWords(words: readonly string[], type: string | undefined): string | undefined {
  if (words.length === 0) return undefined;
  const terms = words.map((word, index) => `"${word}"${index === words.length - 1 && word.length >= 2 ? '*' : ''}`);
  const text = `{title body}: (${terms.join(' AND ')})`;
  return type ? `kind:"type${type}" AND ${text}` : text;
}

/**
 * An FTS5 expression for what a person typed: every word must match, the last one as a prefix
 * (so 'aircon serv' finds 'Aircon Servicing'), inside title and body only, optionally in one type.
 */
export function matchExpression(search: string, type: string | undefined): string | undefined {
  return matchWords(searchWords(search), type);
}

/** The service's filter with the FTS5 expressions the SQL and the facet store run. */
function sqlFilter(filter: DomainFilter): SearchFilter {
  if (!filter.words) return filter;
  return { ...filter, match: matchWords(filter.words, filter.type), matchAnyType: matchWords(filter.words, undefined) };
}

const metaCache = new WeakMap<Db, FacetLookups & { version: number }>();

/**
 * Facet keys of the categories and the states' names, worked out again only after another connection committed
 * something (SQLite's data_version, read per connection: cheap, and categories change rarely).
 */
function lookups(db: Db): FacetLookups {
  const version = Number((statement(db, 'PRAGMA data_version').get() as { data_version: number }).data_version);
  let cached = metaCache.get(db);
  if (!cached || cached.version !== version) {
    cached = { version, ...facetLookupsOf(findCategoryMeta(db), all<{ id: number; name: string }>(db, 'SELECT id, name FROM states')) };
    metaCache.set(db, cached);
  }
  return cached;
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
function countFacets(db: Db, filter: SearchFilter, options: Required<SearchOptions>): FacetCounts & { ids?: Uint32Array; newestFirst?: boolean } {
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
  if (options.useFacetStore && (filter.liveSince === undefined || filter.type !== undefined)) {
    const store = facetStoreFor(db);
    refreshFacetStore(store, db);
    if (filter.liveSince === undefined) return store.count(filter, facetNames, candidateIds(db, filter));
    // "New since" (a saved search's alert): the store holds no times, so its candidates are a short stretch of the
    // type's newest index, newest first; a stretch too long to keep is left to SQL.
    const candidates = newestSince(db, filter, store.seq);
    if (candidates) return { ...store.count(filter, facetNames, candidates, { keepOrder: true }), newestFirst: true };
  }
  return countsOfGroups(scanGroups(db, filter, facetNames), facetNames);
}

/** The page's rows: walked from the sort's index over the counted ids when that is short, else sorted by SQL. */
function pageOf(db: Db, filter: SearchFilter, sort: SearchSort, counts: FacetCounts & { ids?: Uint32Array; newestFirst?: boolean }, limit: number, offset: number): PageRow[] {
  if (counts.ids && counts.newestFirst && sort === 'newest') return placesOf(db, counts.ids.subarray(offset, offset + limit));
  if (counts.ids) {
    const store = facetStoreFor(db);
    // Matches of one type all in one state (a map's box) walk that state's index (there is one per type only).
    const state = filter.type ? walkState(filter, sort, counts.states) : undefined;
    const walked = state === undefined ? filter : { ...filter, stateId: state };
    if (((offset + limit) * (state === undefined ? store.size(filter.type) : store.sizeIn(filter.type, state))) / Math.max(counts.total, 1) <= WALK_LIMIT) {
      const rows = store.withMembership(counts.ids, (members) => walkPage(db, walked, sort, members, limit, offset));
      if (rows) return rows;
    }
  }
  return pageRows(db, filter, sort, limit, offset);
}

/**
 * The SQLite index on this connection. Counts and page are read in one transaction (synchronously: no other
 * search on the connection interleaves), so they agree even while a write lands.
 */
export function sqliteSearchIndex(db: Db, options: SearchOptions = {}): SearchIndex {
  const settings = { useSummary: options.useSummary ?? true, useFacetStore: options.useFacetStore ?? true };
  return {
    findCategoryId: async (type, slug, main) => findCategoryId(db, type, slug, main),
    findPlace: async (name) => findPlace(db, name),
    facetLookups: async () => lookups(db),
    async countAndPage(domainFilter, sort: SearchSort, limit, offset) {
      const filter = sqlFilter(domainFilter);
      const ownTransaction = !db.isTransaction;
      if (ownTransaction) db.exec('BEGIN');
      try {
        const counts = countFacets(db, filter, settings);
        const rows: PageRow[] = offset < counts.total ? pageOf(db, filter, sort, counts, limit, offset) : [];
        return { counts, rows };
      } finally {
        if (ownTransaction) db.exec('COMMIT');
      }
    },
    async matchPositions(domainFilter) {
      const filter = sqlFilter(domainFilter);
      if (!settings.useFacetStore || filter.liveSince !== undefined) return positionsOfRows(matchRows(db, filter));
      const store = facetStoreFor(db);
      refreshFacetStore(store, db);
      // The store's ids are its scratch, reused by the next count: copied.
      const ids = store.count(filter, [], candidateIds(db, filter)).ids.slice();
      return { ids, ...store.positions(ids) };
    },
  };
}
