/**
 * One count of the facet store (facet-store.ts): a search filter compiled to plain comparisons on a type's columns,
 * and the tallies a count fills slot by slot (totals per category with prices, per state, per attribute key, the
 * matching ids and, when asked, the nearest matches in SQL's distance order).
 */
import { ATTRIBUTES, bit, type AttributeName } from '../../shared/search-attributes.ts';
import type { FacetCounts, GroupRow, SearchFilter } from './filter.ts';
import { distanceTest } from './geo.ts';
import { ATTRIBUTE_NAMES, UNKNOWN_VALUE, attributeCode, type TypeColumns } from './type-columns.ts';

/** A compiled filter: the checks a post must pass, as plain comparisons on the columns. */
interface Test {
  category: number;
  parent: number;
  state: number;
  city: number;
  priceMin: number;
  priceMax: number;
  /** The distance limit as a minimum dot product with the origin's unit vector. */
  near: { gx: number; gy: number; gz: number; minDot: number } | null;
  /** Per attribute checked: a mask of wanted bits, or a table of the wanted codes (1: wanted), by code. */
  attributes: { index: number; mask: number; values: Uint8Array | null }[];
}

/** A lookup table over the 256 attribute codes: 1 for each of `codes`. */
function tableOf(codes: readonly number[]): Uint8Array {
  const table = new Uint8Array(256);
  for (const code of codes) table[code] = 1;
  return table;
}

export function compile(filter: SearchFilter): Test {
  return {
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
        : { index: ATTRIBUTE_NAMES.indexOf(name), mask: 0, values: tableOf(keys.map((key) => attributeCode(name, key))) };
    }),
  };
}

/** The tallies of one count, filled slot by slot. */
export class Tally {
  total = 0;
  readonly ids: Uint32Array;
  readonly categoryCount: Uint32Array;
  readonly categoryMin: Float64Array;
  readonly categoryMax: Float64Array;
  readonly stateCount: Uint32Array;
  readonly facetCounts: Float64Array[];
  private readonly facetColumns: { index: number; attribute: (typeof ATTRIBUTES)[AttributeName] }[];
  private readonly test: Test;
  /** The nearest matches so far, best first (dot product descending, then post id), when asked for. */
  private readonly nearest: { gx: number; gy: number; gz: number; k: number; size: number; dots: Float64Array; ids: Uint32Array } | undefined;

  /** `ids`: room for every id that may match, the store's scratch (counts run synchronously, one at a time). */
  constructor(ids: Uint32Array, maxCategory: number, maxState: number, facets: readonly AttributeName[], test: Test,
    nearest?: { origin: { gx: number; gy: number; gz: number }; k: number }) {
    this.test = test;
    this.ids = ids;
    this.nearest = nearest && { ...nearest.origin, k: nearest.k, size: 0, dots: new Float64Array(nearest.k), ids: new Uint32Array(nearest.k) };
    this.categoryCount = new Uint32Array(maxCategory + 1);
    this.categoryMin = new Float64Array(maxCategory + 1).fill(Number.POSITIVE_INFINITY);
    this.categoryMax = new Float64Array(maxCategory + 1).fill(Number.NEGATIVE_INFINITY);
    this.stateCount = new Uint32Array(maxState + 1);
    this.facetColumns = facets.map((name) => ({ index: ATTRIBUTE_NAMES.indexOf(name), attribute: ATTRIBUTES[name] }));
    this.facetCounts = this.facetColumns.map(({ attribute }) => new Float64Array(attribute.keys.length));
  }

  /** Counts the post in `slot` when it passes the filter (its distance only when `near`: a cell inside the circle needs none). */
  add(columns: TypeColumns, slot: number, near: boolean): void {
    const test = this.test;
    const id = columns.ids[slot]!;
    if (id === 0) return;
    if (test.category !== 0 && columns.category[slot] !== test.category) return;
    if (test.parent !== 0 && columns.parent[slot] !== test.parent) return;
    if (test.state !== 0 && columns.state[slot] !== test.state) return;
    if (test.city !== 0 && columns.city[slot] !== test.city) return;
    const amount = columns.price[slot]!;
    if (!Number.isNaN(test.priceMin) && !(amount >= test.priceMin && (Number.isNaN(test.priceMax) || amount <= test.priceMax))) return;
    // The same arithmetic, in the same order, as the SQL test: a post on the edge is in or out for both.
    if (near && test.near && !(columns.x[slot]! * test.near.gx + columns.y[slot]! * test.near.gy + columns.z[slot]! * test.near.gz >= test.near.minDot)) return;
    for (const check of test.attributes) {
      const code = columns.attributes[check.index]![slot]!;
      if (check.values ? check.values[code] === 0 : (code & check.mask) === 0) return;
    }
    this.ids[this.total++] = id;
    if (this.nearest) this.keepIfNearest(id, columns.x[slot]! * this.nearest.gx + columns.y[slot]! * this.nearest.gy + columns.z[slot]! * this.nearest.gz);
    const group = columns.category[slot]!;
    this.categoryCount[group]!++;
    if (amount < this.categoryMin[group]!) this.categoryMin[group] = amount;
    if (amount > this.categoryMax[group]!) this.categoryMax[group] = amount;
    this.stateCount[columns.state[slot]!]!++;
    for (let facet = 0; facet < this.facetColumns.length; facet++) {
      const { index, attribute } = this.facetColumns[facet]!;
      const code = columns.attributes[index]![slot]!;
      if (attribute.kind === 'mask') {
        for (let key = 0; key < attribute.keys.length; key++) if (code & (1 << key)) this.facetCounts[facet]![key]!++;
      } else if (code !== 0 && code !== UNKNOWN_VALUE) {
        this.facetCounts[facet]![code - 1]!++;
      }
    }
  }

  /** Keeps the post among the k nearest when it is one (SQL's order: the dot product descending, then the post id). */
  private keepIfNearest(id: number, dot: number): void {
    const nearest = this.nearest!;
    const { dots, ids, k } = nearest;
    let at = nearest.size;
    if (at === k) {
      if (dot < dots[k - 1]! || (dot === dots[k - 1] && id > ids[k - 1]!)) return;
      at = k - 1;
    } else nearest.size++;
    while (at > 0 && (dots[at - 1]! < dot || (dots[at - 1] === dot && ids[at - 1]! > id))) {
      dots[at] = dots[at - 1]!;
      ids[at] = ids[at - 1]!;
      at--;
    }
    dots[at] = dot;
    ids[at] = id;
  }

  result(): FacetCounts & { ids: Uint32Array; nearest?: Uint32Array } {
    const attributes = new Map<string, Map<string, number>>();
    this.facetColumns.forEach(({ index, attribute }, facet) => {
      attributes.set(ATTRIBUTE_NAMES[index]!, new Map(attribute.keys.map((key, at) => [key, this.facetCounts[facet]![at]!])));
    });
    const categories: GroupRow[] = [];
    this.categoryCount.forEach((n, id) => {
      if (n === 0) return;
      const known = this.categoryMin[id]! <= this.categoryMax[id]!;
      categories.push({ category_id: id, state_id: 0, n, min_price: known ? this.categoryMin[id]! : null, max_price: known ? this.categoryMax[id]! : null });
    });
    const states = new Map<number, number>();
    this.stateCount.forEach((n, id) => { if (n > 0) states.set(id, n); });
    const nearest = this.nearest && this.nearest.ids.slice(0, this.nearest.size);
    return { total: this.total, categories, states, attributes, ids: this.ids.slice(0, this.total), ...(nearest ? { nearest } : {}) };
  }
}

