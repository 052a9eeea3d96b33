/**
 * One count of the facet store (facet-store.ts): a search filter compiled to plain comparisons on a type's columns,
 * and the tallies a count fills slot by slot (totals per category with prices, per state, per attribute key, the
 * matching ids and, when asked, the nearest matches in SQL's distance order).
 */
import { ATTRIBUTES, bit, type AttributeName } from '../../../shared/search-attributes.ts';
import type { FacetCounts, GroupRow, SearchFilter } from './filter.ts';
import { distanceTest } from './geo.ts';
import { ATTRIBUTE_NAMES, UNKNOWN_VALUE, attributeCode, type CountedColumns } from './type-columns.ts';

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
  /** The map's box (issue 43) as tests on the unit vector: see `BoxTest`. */
  box: BoxTest | null;
  /** Per attribute checked: a mask of wanted bits, or a table of the wanted codes (1: wanted), by code. */
  attributes: { index: number; mask: number; values: Uint8Array | null }[];
}

/**
 * A box [west, south, east, north] tested on a post's unit vector (x, y, z) without trigonometry: latitude by z against
 * the edges' sines, longitude by the sign of the cross product with each edge's meridian (exact for a box narrower than
 * 180°, which a box clamped to Malaysia is). A post within a hair of an edge (`EDGE`, micrometres) is judged on its
 * latitude and longitude read back and rounded to 9 decimals: the very number stored, for coordinates of up to 9
 * decimals, so a post on the edge is in, exactly as SQL's BETWEEN says.
 */
export interface BoxTest {
  south: number; north: number; west: number; east: number;
  zSouth: number; zNorth: number; cosWest: number; sinWest: number; cosEast: number; sinEast: number;
}

const EDGE = 1e-12;
const DEGREES = 180 / Math.PI;
const readBack = (radians: number) => Math.round(radians * DEGREES * 1e9) / 1e9;

export function boxTest([west, south, east, north]: readonly [number, number, number, number]): BoxTest {
  const r = (degrees: number) => degrees / DEGREES;
  return {
    south, north, west, east, zSouth: Math.sin(r(south)), zNorth: Math.sin(r(north)),
    cosWest: Math.cos(r(west)), sinWest: Math.sin(r(west)), cosEast: Math.cos(r(east)), sinEast: Math.sin(r(east)),
  };
}

/** Whether the point of unit vector (x, y, z) lies in the box, edges included. */
export function inBox(box: BoxTest, x: number, y: number, z: number): boolean {
  const aboveSouth = z - box.zSouth;
  const belowNorth = box.zNorth - z;
  if (aboveSouth < -EDGE || belowNorth < -EDGE) return false;
  if (aboveSouth < EDGE || belowNorth < EDGE) {
    const lat = readBack(Math.asin(Math.max(-1, Math.min(1, z))));
    if (lat < box.south || lat > box.north) return false;
  }
  const eastOfWest = y * box.cosWest - x * box.sinWest;
  const westOfEast = x * box.sinEast - y * box.cosEast;
  if (eastOfWest < -EDGE || westOfEast < -EDGE) return false;
  if (eastOfWest < EDGE || westOfEast < EDGE) {
    const lon = readBack(Math.atan2(y, x));
    if (lon < box.west || lon > box.east) return false;
  }
  return true;
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
    box: filter.box ? boxTest(filter.box) : null,
    attributes: filter.attributes.map(({ name, keys }) => {
      const attribute = ATTRIBUTES[name];
      return attribute.kind === 'mask'
        ? { index: ATTRIBUTE_NAMES.indexOf(name), mask: keys.reduce((mask, key) => mask | bit(attribute, key), 0), values: null }
        : { index: ATTRIBUTE_NAMES.indexOf(name), mask: 0, values: tableOf(keys.map((key) => attributeCode(name, key))) };
    }),
  };
}

/** A tally's counts without its ids (tally.ts `part`), as a helper thread sends them back. */
export interface TallyPart {
  total: number;
  categoryCount: Uint32Array;
  categoryMin: Float64Array;
  categoryMax: Float64Array;
  stateCount: Uint32Array;
  codeCounts: Uint32Array[];
  /** Its nearest matches, best first, when the count asked for them. */
  nearest?: { ids: Uint32Array; dots: Float64Array };
}

/** The tallies of one count, filled slot by slot. */
export class Tally {
  total = 0;
  readonly ids: Uint32Array;
  readonly categoryCount: Uint32Array;
  readonly categoryMin: Float64Array;
  readonly categoryMax: Float64Array;
  readonly stateCount: Uint32Array;
  /** Per facet, matches per attribute code (256 codes): one increment a match, turned into key counts by `result`. */
  private readonly codeCounts: Uint32Array[];
  private attributeColumns: { of: CountedColumns; facets: Uint8Array[]; counts: Uint32Array[]; checks: Uint8Array[] } | undefined;
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
    this.codeCounts = this.facetColumns.map(() => new Uint32Array(256));
  }

  /**
   * Counts the posts passing the filter among slots `from` to `to` of `columns`: the slots themselves, or the values
   * `slots[from..to)` masked by `mask` (sort keys keep their type above the slot), and of those only the ones still in
   * `cell` when it is not -1 (a grid's filing). `near`: test the distance (a cell wholly inside the circle needs none).
   * One loop per run of slots, with the columns in locals.
   */
  addSlots(columns: CountedColumns, slots: Uint32Array | null, from: number, to: number, near: boolean, mask = 0xffffffff, cell = -1): void {
    const { category: wantCategory, parent: wantParent, state: wantState, city: wantCity, priceMin, priceMax, attributes: checks } = this.test;
    const circle = near ? this.test.near : null;
    const box = this.test.box;
    const hasPrice = !Number.isNaN(priceMin);
    const hasMax = !Number.isNaN(priceMax);
    const { ids: postIds, category, parent, state, city, price, x, y, z, cell: cells, attributes } = columns;
    const { ids: matches, categoryCount, categoryMin, categoryMax, stateCount, nearest } = this;
    // The attribute columns counted and checked, kept while the same type's columns come again (one slot at a time, in
    // candidates' order, they do). Only the type's own facets are counted: another type's columns hold 0, which counts
    // for no key, and reading them cost a cache miss per facet and match (a search of every type counts seven facets).
    if (this.attributeColumns?.of !== columns) {
      const own = this.facetColumns.flatMap(({ index, attribute }, facet) => (attribute.type === columns.type ? [{ index, facet }] : []));
      this.attributeColumns = {
        of: columns,
        facets: own.map(({ index }) => attributes[index]!),
        counts: own.map(({ facet }) => this.codeCounts[facet]!),
        checks: checks.map((check) => attributes[check.index]!),
      };
    }
    const { facets: facetColumns, counts: codeCounts, checks: checkColumns } = this.attributeColumns;
    let total = this.total;
    for (let at = from; at < to; at++) {
      const slot = slots === null ? at : (slots[at]! & mask) >>> 0;
      if (cell !== -1 && cells[slot] !== cell) continue;
      const id = postIds[slot]!;
      if (id === 0) continue;
      if (wantCategory !== 0 && category[slot] !== wantCategory) continue;
      if (wantParent !== 0 && parent[slot] !== wantParent) continue;
      if (wantState !== 0 && state[slot] !== wantState) continue;
      if (wantCity !== 0 && city[slot] !== wantCity) continue;
      // The same arithmetic, in the same order, as the SQL test: a post on the edge is in or out for both.
      if (circle && !(x[slot]! * circle.gx + y[slot]! * circle.gy + z[slot]! * circle.gz >= circle.minDot)) continue;
      if (box && !inBox(box, x[slot]!, y[slot]!, z[slot]!)) continue;
      let passes = true;
      for (let index = 0; index < checks.length && passes; index++) {
        const check = checks[index]!;
        const code = checkColumns[index]![slot]!;
        passes = check.values ? check.values[code] !== 0 : (code & check.mask) !== 0;
      }
      if (!passes) continue;
      // The price last (8 bytes a post, the widest column): a scan of a type's posts for its attributes reads it only
      // for the posts that passed the rest (jobs A–Z at 5 million: 93,000 of 700,000).
      const amount = price[slot]!;
      if (hasPrice && !(amount >= priceMin && (!hasMax || amount <= priceMax))) continue;
      matches[total++] = id;
      if (nearest) this.keepIfNearest(id, x[slot]! * nearest.gx + y[slot]! * nearest.gy + z[slot]! * nearest.gz);
      const group = category[slot]!;
      categoryCount[group]!++;
      if (amount < categoryMin[group]!) categoryMin[group] = amount;
      if (amount > categoryMax[group]!) categoryMax[group] = amount;
      stateCount[state[slot]!]!++;
      for (let facet = 0; facet < facetColumns.length; facet++) codeCounts[facet]![facetColumns[facet]![slot]!]!++;
    }
    this.total = total;
  }

  /** What this tally counted, for another thread's tally to `absorb` (its matching ids are in its `ids`, 0 to `total`). */
  part(): TallyPart {
    const { total, categoryCount, categoryMin, categoryMax, stateCount, codeCounts, nearest } = this;
    return { total, categoryCount, categoryMin, categoryMax, stateCount, codeCounts,
      ...(nearest ? { nearest: { ids: nearest.ids.subarray(0, nearest.size), dots: nearest.dots.subarray(0, nearest.size) } } : {}) };
  }

  /** Adds another tally's part of the same count (the same filter and facets), and its matching ids. */
  absorb(part: TallyPart, ids: Uint32Array): void {
    for (let group = 0; group < part.categoryCount.length; group++) {
      if (part.categoryCount[group] === 0) continue;
      this.categoryCount[group]! += part.categoryCount[group]!;
      this.categoryMin[group] = Math.min(this.categoryMin[group]!, part.categoryMin[group]!);
      this.categoryMax[group] = Math.max(this.categoryMax[group]!, part.categoryMax[group]!);
    }
    for (let state = 0; state < part.stateCount.length; state++) this.stateCount[state]! += part.stateCount[state]!;
    part.codeCounts.forEach((counts, facet) => { for (let code = 0; code < 256; code++) this.codeCounts[facet]![code]! += counts[code]!; });
    this.ids.set(ids.subarray(0, part.total), this.total);
    this.total += part.total;
    if (this.nearest && part.nearest) for (let at = 0; at < part.nearest.ids.length; at++) this.keepIfNearest(part.nearest.ids[at]!, part.nearest.dots[at]!);
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

  /** The counts; `ids` is a view of the store's scratch, good until its next count (copy what must outlive it). */
  result(): FacetCounts & { ids: Uint32Array; nearest?: Uint32Array } {
    const attributes = new Map<string, Map<string, number>>();
    this.facetColumns.forEach(({ index, attribute }, facet) => {
      const byCode = this.codeCounts[facet]!;
      const byKey = new Array<number>(attribute.keys.length).fill(0);
      for (let code = 1; code < 256; code++) {
        const n = byCode[code]!;
        if (n === 0) continue;
        // A mask's code counts for each of its bits' keys; a value's code is 1 + its key's index.
        if (attribute.kind === 'mask') for (let key = 0; key < byKey.length; key++) { if (code & (1 << key)) byKey[key]! += n; }
        else if (code !== UNKNOWN_VALUE) byKey[code - 1]! += n;
      }
      attributes.set(ATTRIBUTE_NAMES[index]!, new Map(attribute.keys.map((key, at) => [key, byKey[at]!])));
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
    return { total: this.total, categories, states, attributes, ids: this.ids.subarray(0, this.total), ...(nearest ? { nearest } : {}) };
  }
}

