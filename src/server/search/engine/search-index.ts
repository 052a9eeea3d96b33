/**
 * What a search engine's index answers the search rules (search-service.ts): narrow questions about one filter (which
 * category or place a name is; counts and a page of ids; where its matches are), and the facet keys they are named
 * with. Each backend implements it (db/sqlite/search.ts, db/postgres/search.ts); the brute-force oracle checks any.
 */
import type { SearchQuery } from '../../../shared/search.ts';
import type { FacetCounts, PageRow, SearchFilter, SearchSort } from './filter.ts';

/** Facet keys of one category (spec §3: `parent--child` by slug and by name, and its main category). */
interface CategoryKeys {
  slugKey: string | null;
  nameKey: string | null;
  mainSlug: string;
  mainName: string;
}

/** What facets are named with: each category's keys and each state's name, by id. */
export interface FacetLookups {
  categories: Map<number, CategoryKeys>;
  states: Map<number, string>;
}

/** The facet keys of categories (rows of id, name, slug and parent) and the states' names, as an index answers them. */
export function facetLookupsOf(categoryRows: readonly { id: number; name: string; slug: string; parent_id: number | null }[],
  stateRows: readonly { id: number; name: string }[]): FacetLookups {
  const rows = new Map(categoryRows.map((category) => [category.id, category]));
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
  return { categories, states: new Map(stateRows.map((state) => [state.id, state.name])) };
}

/** The narrow questions an engine answers for the search service. */
export interface SearchIndex {
  /** The category of a slug (of a type, when given); `main` asks for a main category, else a child one. */
  findCategoryId(type: SearchQuery['type'], slug: string, main: boolean): Promise<number | undefined>;
  /** The state or city a place name is (any case), if any. */
  findPlace(name: string): Promise<{ stateId: number } | { cityId: number } | undefined>;
  /** Category keys and state names for facets, as of the catalogue now. */
  facetLookups(): Promise<FacetLookups>;
  /**
   * Counts over the filter's matches, and the page of them (`limit` from `offset`) in the sort, read
   * together so they agree even while a write lands; no page rows when `offset` is past the total.
   */
  countAndPage(filter: SearchFilter, sort: SearchSort, limit: number, offset: number): Promise<{ counts: FacetCounts; rows: PageRow[] }>;
  /** Every match of the filter and where it is (issue 43: the map's clusters), in no set order. */
  matchPositions(filter: SearchFilter): Promise<MatchPositions>;
}

/** Matches and their places, as parallel arrays (a box of all Malaysia holds every listing). */
export interface MatchPositions {
  ids: Uint32Array;
  lat: Float64Array;
  lon: Float64Array;
}

/** Rows of (post_id, lat, lon) as parallel arrays. */
export function positionsOfRows(rows: readonly PageRow[]): MatchPositions {
  return {
    ids: Uint32Array.from(rows, (row) => Number(row.post_id)),
    lat: Float64Array.from(rows, (row) => Number(row.lat)),
    lon: Float64Array.from(rows, (row) => Number(row.lon)),
  };
}
