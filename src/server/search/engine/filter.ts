/**
 * A search request as the search service hands it to an engine's index (search-service.ts): ids and
 * values, whatever the backend. Engines add what their own query language needs (SQLite: FTS5 expressions).
 */
import { queryWords } from './tokens.ts';
import type { ListingType } from '../../../shared/constants.ts';
import type { BoundingBox } from '../../../shared/map.ts';
import { ATTRIBUTES, type AttributeName } from '../../../shared/search-attributes.ts';

export type SearchSort = 'recommended' | 'rating' | 'az' | 'za' | 'relevance' | 'distance' | 'newest';

/** A search request resolved to ids and values. */
export interface SearchFilter {
  type?: ListingType;
  categoryId?: number;
  parentId?: number;
  stateId?: number;
  cityId?: number;
  /** Distance is measured from here; `km` limits it. */
  geo?: { lat: number; lon: number; km: number | null };
  /** Only posts inside this box [west, south, east, north] (issue 43: the map's 'Search this area'), edges included. */
  box?: BoundingBox;
  price?: { min: number; max: number | null };
  attributes: { name: AttributeName; keys: string[] }[];
  /** The words typed, in order (at most 12); each must match, the last as a prefix. None: no keyword. */
  words?: string[];
  /** Only posts that first went live after this time (ISO): what is new since a saved search's last alert. */
  liveSince?: string;
}

/** Listings of one category in one state among the matches, with their price range and attribute counts. */
export interface GroupRow {
  category_id: number;
  state_id: number;
  n: number;
  min_price: number | null;
  max_price: number | null;
  [facet: string]: number | null;
}

/** A post of the page, with its location (distances are measured from it). */
export interface PageRow {
  post_id: number;
  lat: number;
  lon: number;
}

/** Totals and facet counts over the filtered set: per category (with prices), per state, and per attribute value. */
export interface FacetCounts {
  total: number;
  /** Groups per category, or per category and state (a group's state_id is 0 when only categories are counted). */
  categories: GroupRow[];
  states: Map<number, number>;
  attributes: Map<string, Map<string, number>>;
}

/**
 * The words of what a person typed that a search matches on (search/engine/tokens.ts): letters and digits, lower case, Han
 * runs as pairs, Malay words by their stem; at most 12.
 */
export function searchWords(search: string): string[] {
  return queryWords(search);
}

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/**
 * Counts from the groups of a grouped SQL pass (one per category and state, with a column `facet:key` per attribute
 * key counted): totals per category with their price range, per state, and per attribute key. Both engines' SQL
 * count paths end here.
 */
export function countsOfGroups(groups: readonly GroupRow[], facetNames: readonly AttributeName[]): FacetCounts {
  const byCategory = new Map<number, GroupRow>();
  const states = new Map<number, number>();
  for (const group of groups) {
    const merged = byCategory.get(group.category_id);
    if (!merged) byCategory.set(group.category_id, { ...group });
    else {
      merged.n += group.n;
      merged.min_price = lower(merged.min_price, group.min_price);
      merged.max_price = higher(merged.max_price, group.max_price);
    }
    states.set(group.state_id, (states.get(group.state_id) ?? 0) + group.n);
  }
  const attributes = new Map<string, Map<string, number>>();
  for (const name of facetNames) {
    attributes.set(name, new Map(ATTRIBUTES[name].keys.map((key) => [key, groups.reduce((sum, group) => sum + Number(group[`${name}:${key}`] ?? 0), 0)])));
  }
  return { total: groups.reduce((sum, group) => sum + group.n, 0), categories: [...byCategory.values()], states, attributes };
}

/**
 * The one state every match lies in, when a page in the recommended order would otherwise walk every state's posts
 * (a map's box, a Near Me circle): that state's index is the shorter walk. Undefined when a category or state already
 * narrows the walk, or the matches span several states.
 */
export function walkState(filter: SearchFilter, sort: SearchSort, states: ReadonlyMap<number, number>): number | undefined {
  if (sort !== 'recommended' || filter.categoryId !== undefined || filter.parentId !== undefined || filter.stateId !== undefined || states.size !== 1) return undefined;
  return states.keys().next().value;
}
