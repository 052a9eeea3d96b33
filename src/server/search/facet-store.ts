/**
 * The facet columns of every indexed post, held in typed arrays by post id (decision 0002), whatever the backend:
 * a search the summary tables cannot answer gets its candidate ids from an index (the full-text index for a
 * keyword) and this store filters and counts them, with no join back to search_posts and no grouped sort per
 * search. Each backend loads it from its search_posts and follows its search_changes log (db/sqlite/facet-store.ts,
 * db/postgres/facet-store.ts), one store per search connection.
 */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { ATTRIBUTES, FACET_ATTRIBUTES, bit, type AttributeName } from '../../shared/search-attributes.ts';
import type { FacetCounts, GroupRow, SearchFilter } from './filter.ts';
import { distanceTest } from './geo.ts';

const ATTRIBUTE_NAMES = Object.keys(ATTRIBUTES) as AttributeName[];
/** A value-kind attribute's code for a value outside its key list: matches no key. */
const UNKNOWN_VALUE = 255;

/** The columns of search_posts a store holds, in the order `put` takes them. */
export const FACET_COLUMNS: readonly string[] = ['post_id', 'type', 'category_id', 'parent_id', 'state_id', 'city_id', 'price', 'x', 'y', 'z',
  ...ATTRIBUTE_NAMES.map((name) => ATTRIBUTES[name].column)];

interface Columns {
  /** 0 when the post is not indexed, else 1 + its index in LISTING_TYPES. */
  type: Uint8Array;
  category: Uint32Array;
  parent: Uint32Array;
  state: Uint32Array;
  city: Uint32Array;
  /** NaN for no price. */
  price: Float64Array;
  /** The location as a unit vector, exactly as search_posts holds it (distance tests agree with SQL's). */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Per attribute: the bitmask, or 1 + the key's index for single values (0: none). */
  attributes: Uint8Array[];
}

function allocate(capacity: number): Columns {
  return {
    type: new Uint8Array(capacity),
    category: new Uint32Array(capacity),
    parent: new Uint32Array(capacity),
    state: new Uint32Array(capacity),
    city: new Uint32Array(capacity),
    price: new Float64Array(capacity).fill(Number.NaN),
    x: new Float64Array(capacity),
    y: new Float64Array(capacity),
    z: new Float64Array(capacity),
    attributes: ATTRIBUTE_NAMES.map(() => new Uint8Array(capacity)),
  };
}

function grow(columns: Columns, capacity: number): Columns {
  const next = allocate(capacity);
  next.type.set(columns.type);
  next.category.set(columns.category);
  next.parent.set(columns.parent);
  next.state.set(columns.state);
  next.city.set(columns.city);
  next.price.set(columns.price);
  next.x.set(columns.x);
  next.y.set(columns.y);
  next.z.set(columns.z);
  next.attributes.forEach((array, index) => array.set(columns.attributes[index]!));
  return next;
}

function attributeCode(name: AttributeName, value: unknown): number {
  const attribute = ATTRIBUTES[name];
  if (attribute.kind === 'mask') return Number(value ?? 0);
  if (value === null || value === undefined) return 0;
  const index = (attribute.keys as readonly string[]).indexOf(String(value));
  return index < 0 ? UNKNOWN_VALUE : index + 1;
}

/** A compiled filter: the checks a candidate must pass, as plain comparisons on the columns. */
interface Test {
  type: number;
  category: number;
  parent: number;
  state: number;
  city: number;
  priceMin: number;
  priceMax: number;
  /** The distance limit as a minimum dot product with the origin's unit vector (NaN: none). */
  near: { gx: number; gy: number; gz: number; minDot: number } | null;
  attributes: { index: number; mask: number; values: Set<number> | null }[];
}

function compile(filter: SearchFilter): Test {
  return {
    type: filter.type ? LISTING_TYPES.indexOf(filter.type) + 1 : 0,
    category: filter.categoryId ?? 0,
    parent: filter.parentId ?? 0,
    state: filter.stateId ?? 0,
    city: filter.cityId ?? 0,
    priceMin: filter.price ? filter.price.min : Number.NaN,
    priceMax: filter.price?.max ?? Number.NaN,
    near: filter.geo && filter.geo.km !== null ? distanceTest(filter.geo.lat, filter.geo.lon, filter.geo.km) : null,
    attributes: filter.attributes.map(({ name, keys }) => {
      const attribute = ATTRIBUTES[name];
      return attribute.kind === 'mask'
        ? { index: ATTRIBUTE_NAMES.indexOf(name), mask: keys.reduce((mask, key) => mask | bit(attribute, key), 0), values: null }
        : { index: ATTRIBUTE_NAMES.indexOf(name), mask: 0, values: new Set(keys.map((key) => attributeCode(name, key))) };
    }),
  };
}

export class FacetStore {
  private columns: Columns = allocate(1024);
  /** The largest category and state ids seen: the size of the tallies. */
  private maxCategory = 0;
  private maxState = 0;
  /** Indexed posts per type code, counted on demand after each change. */
  private sizes: number[] | undefined;

  /** The last change-log sequence number applied (-1 before the first load): the backend's loader keeps it. */
  seq = -1;

  /** Empties the store for a full load of posts with ids up to `maxId`. */
  reset(maxId: number): void {
    this.columns = allocate(Math.max(1024, maxId + 1));
    this.sizes = undefined;
  }

  /** Takes a post out (it changed, or left the index); `put` brings back what is still indexed. */
  remove(id: number): void {
    if (id < this.columns.type.length) this.columns.type[id] = 0;
    this.sizes = undefined;
  }

  /** Stores a search row, its values in the order of FACET_COLUMNS. */
  put(row: readonly unknown[]): void {
    const id = Number(row[0]);
    if (id >= this.columns.type.length) this.columns = grow(this.columns, Math.ceil((id + 1) * 1.25));
    const columns = this.columns;
    columns.type[id] = LISTING_TYPES.indexOf(row[1] as ListingType) + 1;
    columns.category[id] = Number(row[2]);
    this.maxCategory = Math.max(this.maxCategory, columns.category[id]!);
    this.maxState = Math.max(this.maxState, Number(row[4]));
    columns.parent[id] = Number(row[3]);
    columns.state[id] = Number(row[4]);
    columns.city[id] = Number(row[5]);
    columns.price[id] = row[6] === null ? Number.NaN : Number(row[6]);
    columns.x[id] = Number(row[7]);
    columns.y[id] = Number(row[8]);
    columns.z[id] = Number(row[9]);
    ATTRIBUTE_NAMES.forEach((name, index) => { columns.attributes[index]![id] = attributeCode(name, row[10 + index]); });
    this.sizes = undefined;
  }

  /**
   * Counts the posts passing `filter` among `candidates` (every indexed post when omitted): totals
   * per category with prices, per state, and per key of `facets`. The keyword is the candidates'
   * business (it is not checked here); everything else is. Returns the matching ids too, in the
   * candidates' order.
   */
  count(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], candidates?: ArrayLike<number>): FacetCounts & { ids: Uint32Array } {
    const { type, category, parent, state, city, price, x, y, z, attributes } = this.columns;
    const test = compile(filter);
    const facetColumns = facets.map((name) => ({ name, column: attributes[ATTRIBUTE_NAMES.indexOf(name)]!, attribute: ATTRIBUTES[name] }));
    const facetCounts = facetColumns.map(({ attribute }) => new Float64Array(attribute.keys.length));
    // Tallies in arrays indexed by id (a few hundred categories and states): no map lookups per post.
    const categoryCount = new Uint32Array(this.maxCategory + 1);
    const categoryMin = new Float64Array(this.maxCategory + 1).fill(Number.POSITIVE_INFINITY);
    const categoryMax = new Float64Array(this.maxCategory + 1).fill(Number.NEGATIVE_INFINITY);
    const stateCount = new Uint32Array(this.maxState + 1);
    const ids = new Uint32Array(candidates ? candidates.length : type.length);
    let total = 0;
    const size = candidates ? candidates.length : type.length;
    for (let index = 0; index < size; index++) {
      const id = candidates ? candidates[index]! : index;
      const kind = type[id];
      if (kind === undefined || kind === 0 || (test.type !== 0 && kind !== test.type)) continue;
      if (test.category !== 0 && category[id] !== test.category) continue;
      if (test.parent !== 0 && parent[id] !== test.parent) continue;
      if (test.state !== 0 && state[id] !== test.state) continue;
      if (test.city !== 0 && city[id] !== test.city) continue;
      const amount = price[id]!;
      if (!Number.isNaN(test.priceMin) && !(amount >= test.priceMin && (Number.isNaN(test.priceMax) || amount <= test.priceMax))) continue;
      // The same arithmetic, in the same order, as the SQL test: a post on the edge is in or out for both.
      if (test.near && !(x[id]! * test.near.gx + y[id]! * test.near.gy + z[id]! * test.near.gz >= test.near.minDot)) continue;
      let passes = true;
      for (const check of test.attributes) {
        const code = attributes[check.index]![id]!;
        if (check.values ? !check.values.has(code) : (code & check.mask) === 0) { passes = false; break; }
      }
      if (!passes) continue;
      ids[total++] = id;
      const group = category[id]!;
      categoryCount[group]!++;
      if (amount < categoryMin[group]!) categoryMin[group] = amount;
      if (amount > categoryMax[group]!) categoryMax[group] = amount;
      stateCount[state[id]!]!++;
      for (let facet = 0; facet < facetColumns.length; facet++) {
        const { column, attribute } = facetColumns[facet]!;
        const code = column[id]!;
        if (attribute.kind === 'mask') {
          for (let key = 0; key < attribute.keys.length; key++) if (code & (1 << key)) facetCounts[facet]![key]!++;
        } else if (code !== 0 && code !== UNKNOWN_VALUE) {
          facetCounts[facet]![code - 1]!++;
        }
      }
    }
    const attributeCounts = new Map<string, Map<string, number>>();
    facetColumns.forEach(({ name, attribute }, facet) => {
      attributeCounts.set(name, new Map(attribute.keys.map((key, index) => [key, facetCounts[facet]![index]!])));
    });
    const categories: GroupRow[] = [];
    categoryCount.forEach((n, id) => {
      if (n === 0) return;
      const known = categoryMin[id]! <= categoryMax[id]!;
      categories.push({ category_id: id, state_id: 0, n, min_price: known ? categoryMin[id]! : null, max_price: known ? categoryMax[id]! : null });
    });
    const states = new Map<number, number>();
    stateCount.forEach((n, id) => { if (n > 0) states.set(id, n); });
    return { total, categories, states, attributes: attributeCounts, ids: ids.subarray(0, total) };
  }

  /** Number of indexed posts of a type (all types when undefined): how long a walk of its sort index can get. */
  size(typeName: ListingType | undefined): number {
    if (!this.sizes) {
      this.sizes = [0, 0, 0, 0, 0];
      for (const kind of this.columns.type) this.sizes[kind]!++;
    }
    const wanted = typeName ? LISTING_TYPES.indexOf(typeName) + 1 : 0;
    return wanted === 0 ? this.sizes.slice(1).reduce((sum, count) => sum + count, 0) : this.sizes[wanted]!;
  }

  /** One membership map, reused by every walk (half a megabyte per search would only feed the GC). */
  private members = new Uint8Array(0);

  /**
   * Calls `walk` with a membership map of `ids` over post ids (1: member), for walking an index in
   * sort order; the map is cleared again afterwards.
   */
  withMembership<T>(ids: ArrayLike<number>, walk: (members: Uint8Array) => T): T {
    if (this.members.length < this.columns.type.length) this.members = new Uint8Array(this.columns.type.length);
    const members = this.members;
    for (let index = 0; index < ids.length; index++) members[ids[index]!] = 1;
    try {
      return walk(members);
    } finally {
      for (let index = 0; index < ids.length; index++) members[ids[index]!] = 0;
    }
  }
}
