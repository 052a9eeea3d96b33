/**
 * The facet columns of every indexed post, held in typed arrays (decision 0002), whatever the backend: a search the
 * summary tables cannot answer gets its candidate ids from an index (the full-text index for a keyword) and this store
 * filters and counts them, with no join back to search_posts and no grouped sort per search. Each backend loads it
 * from its search_posts and follows its search_changes log (db/sqlite/facet-store.ts, db/postgres/facet-store.ts),
 * one store per search connection.
 *
 * The columns are split by type and dense within a type (issue 41): a search of one type scans that type's posts
 * only, and memory follows the posts held, not the highest post id. A store may hold only some types
 * (`SEARCH_TYPES`); Near Me scans the grid cells its circle touches (place-grid.ts).
 */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { ATTRIBUTES, FACET_ATTRIBUTES, bit, type AttributeName } from '../../shared/search-attributes.ts';
import type { FacetCounts, GroupRow, SearchFilter } from './filter.ts';
import { distanceTest, unitVector } from './geo.ts';
import { OUTSIDE, PlaceGrid, cellOf, circleCells } from './place-grid.ts';

const ATTRIBUTE_NAMES = Object.keys(ATTRIBUTES) as AttributeName[];
/** A value-kind attribute's code for a value outside its key list: matches no key. */
const UNKNOWN_VALUE = 255;

/** The columns of search_posts a store holds, in the order `put` takes them. */
export const FACET_COLUMNS: readonly string[] = ['post_id', 'type', 'category_id', 'parent_id', 'state_id', 'city_id', 'price', 'x', 'y', 'z',
  ...ATTRIBUTE_NAMES.map((name) => ATTRIBUTES[name].column)];

/**
 * Bytes a post takes in its type's columns: the id, category, parent, state, city and cell (4 each), price and the unit
 * vector (8 each), a byte per attribute; and 5 bytes per post id for the slot map.
 */
export const BYTES_PER_POST = 6 * 4 + 4 * 8 + ATTRIBUTE_NAMES.length + 5;

function attributeCode(name: AttributeName, value: unknown): number {
  const attribute = ATTRIBUTES[name];
  if (attribute.kind === 'mask') return Number(value ?? 0);
  if (value === null || value === undefined) return 0;
  const index = (attribute.keys as readonly string[]).indexOf(String(value));
  return index < 0 ? UNKNOWN_VALUE : index + 1;
}

function resized<T extends Uint8Array | Uint32Array | Float64Array>(array: T, capacity: number, fill?: number): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  if (fill !== undefined) next.fill(fill);
  next.set(array.subarray(0, Math.min(array.length, capacity)));
  return next;
}

/** One type's posts, slot by slot: slot i holds post `ids[i]` (0: its post left the index). */
class TypeColumns {
  ids: Uint32Array;
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
  /** The grid cell of the location (place-grid.ts). */
  cell: Uint32Array;
  /** Per attribute: the bitmask, or 1 + the key's index for single values (0: none). */
  attributes: Uint8Array[];
  /** Slots in use (held or left), and posts held. */
  length = 0;
  live = 0;
  /** Slots by grid cell, laid out on first use. */
  grid: PlaceGrid | undefined;

  constructor(capacity: number) {
    this.ids = new Uint32Array(capacity);
    this.category = new Uint32Array(capacity);
    this.parent = new Uint32Array(capacity);
    this.state = new Uint32Array(capacity);
    this.city = new Uint32Array(capacity);
    this.price = new Float64Array(capacity).fill(Number.NaN);
    this.x = new Float64Array(capacity);
    this.y = new Float64Array(capacity);
    this.z = new Float64Array(capacity);
    this.cell = new Uint32Array(capacity);
    this.attributes = ATTRIBUTE_NAMES.map(() => new Uint8Array(capacity));
  }

  /** A new slot at the end, the columns grown by half when full. */
  append(): number {
    if (this.length === this.ids.length) {
      const capacity = Math.ceil(this.ids.length * 1.5) + 1024;
      this.ids = resized(this.ids, capacity);
      this.category = resized(this.category, capacity);
      this.parent = resized(this.parent, capacity);
      this.state = resized(this.state, capacity);
      this.city = resized(this.city, capacity);
      this.price = resized(this.price, capacity, Number.NaN);
      this.x = resized(this.x, capacity);
      this.y = resized(this.y, capacity);
      this.z = resized(this.z, capacity);
      this.cell = resized(this.cell, capacity);
      this.attributes = this.attributes.map((column) => resized(column, capacity));
    }
    return this.length++;
  }

  /**
   * Puts the slots in cell order (a counting sort), so a circle's posts are read one cell after another rather than
   * scattered over the columns: at 5 million listings, 557,000 posts read at random took 190 ms, in order some 20.
   * Calls `moved(id, slot)` for each post's new slot. Free slots are dropped.
   */
  orderByCell(moved: (id: number, slot: number) => void): void {
    const { length } = this;
    const starts = new Uint32Array(OUTSIDE + 2);
    for (let slot = 0; slot < length; slot++) if (this.ids[slot] !== 0) starts[this.cell[slot]! + 1]!++;
    for (let cell = 0; cell <= OUTSIDE; cell++) starts[cell + 1]! += starts[cell]!;
    const order = new Uint32Array(starts[OUTSIDE + 1]!);
    for (let slot = 0; slot < length; slot++) if (this.ids[slot] !== 0) order[starts[this.cell[slot]!]!++] = slot;
    const permute = <T extends Uint8Array | Uint32Array | Float64Array>(column: T): T => {
      const next = new (column.constructor as new (size: number) => T)(column.length);
      for (let at = 0; at < order.length; at++) next[at] = column[order[at]!]!;
      return next;
    };
    this.ids = permute(this.ids);
    this.category = permute(this.category);
    this.parent = permute(this.parent);
    this.state = permute(this.state);
    this.city = permute(this.city);
    this.price = permute(this.price);
    this.price.fill(Number.NaN, order.length);
    this.x = permute(this.x);
    this.y = permute(this.y);
    this.z = permute(this.z);
    this.cell = permute(this.cell);
    this.attributes = this.attributes.map(permute);
    this.length = order.length;
    for (let slot = 0; slot < order.length; slot++) moved(this.ids[slot]!, slot);
    this.grid = this.live > 0 ? new PlaceGrid(this.cell, this.length) : undefined;
  }

  /** The grid, laid out again when too many posts moved since. */
  placeGrid(): PlaceGrid {
    if (!this.grid || this.grid.worn) this.grid = new PlaceGrid(this.cell, this.length);
    return this.grid;
  }
}

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

function compile(filter: SearchFilter): Test {
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
class Tally {
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

/** Sorts 32-bit values ascending in two passes of 16 bits (a third of what a comparison sort of 300,000 takes). */
function radixSort(values: Uint32Array): Uint32Array {
  let from: Uint32Array = values;
  let to: Uint32Array = new Uint32Array(values.length);
  for (const shift of [0, 16]) {
    const counts = new Uint32Array(65_537);
    for (let index = 0; index < from.length; index++) counts[((from[index]! >>> shift) & 0xffff) + 1]!++;
    for (let bucket = 0; bucket < 65_536; bucket++) counts[bucket + 1]! += counts[bucket]!;
    for (let index = 0; index < from.length; index++) to[counts[(from[index]! >>> shift) & 0xffff]!++] = from[index]!;
    [from, to] = [to, from];
  }
  return from;
}

export class FacetStore {
  /** By post id: the type code (1 + its index in LISTING_TYPES) of the columns holding its slot (0: none), and the slot. */
  private kindOf = new Uint8Array(1024);
  private slotOf = new Uint32Array(1024);
  private types: TypeColumns[] = LISTING_TYPES.map(() => new TypeColumns(1024));
  /** The largest category and state ids seen: the size of the tallies. */
  private maxCategory = 0;
  private maxState = 0;

  /** Room for the ids a count matches, reused by every count. */
  private scratch = new Uint32Array(0);

  /** The last change-log sequence number applied (-1 before the first load): the backend's loader keeps it. */
  seq = -1;

  /** The types held: posts of others are not stored (their searches are counted elsewhere). */
  readonly held: readonly ListingType[];

  constructor(held: readonly ListingType[] = LISTING_TYPES) {
    this.held = held;
  }

  /** True when the store can count a search of `type` (undefined: of every type). */
  holds(type: ListingType | undefined): boolean {
    return type ? this.held.includes(type) : this.held.length === LISTING_TYPES.length;
  }

  /** Empties the store for a full load of posts with ids up to `maxId` (`sizes`: posts per type expected, when known). */
  reset(maxId: number, sizes: Partial<Record<ListingType, number>> = {}): void {
    this.kindOf = new Uint8Array(Math.max(1024, maxId + 1));
    this.slotOf = new Uint32Array(Math.max(1024, maxId + 1));
    this.types = LISTING_TYPES.map((type) => new TypeColumns(Math.max(1024, this.held.includes(type) ? sizes[type] ?? 0 : 0)));
  }

  /** After a full load: each type's slots in cell order, and its grid laid out (so the first Near Me search does not). */
  settle(): void {
    for (const columns of this.types) columns.orderByCell((id, slot) => { this.slotOf[id] = slot; });
  }

  /** The type of the post's slot (it may have left the index since), when the store has held it. */
  typeOf(id: number): ListingType | undefined {
    return id < this.kindOf.length && this.kindOf[id] !== 0 ? LISTING_TYPES[this.kindOf[id]! - 1] : undefined;
  }

  /** Takes a post out (it changed, or left the index); `put` brings back what is still indexed. */
  remove(id: number): void {
    if (id >= this.kindOf.length || this.kindOf[id] === 0) return;
    const columns = this.types[this.kindOf[id]! - 1]!;
    const slot = this.slotOf[id]!;
    if (columns.ids[slot] === id) {
      columns.ids[slot] = 0;
      columns.live--;
    }
  }

  /** Stores a search row, its values in the order of FACET_COLUMNS (a row of a type not held is left out). */
  put(row: readonly unknown[]): void {
    const id = Number(row[0]);
    const type = row[1] as ListingType;
    if (!this.held.includes(type)) return;
    if (id >= this.kindOf.length) {
      const capacity = Math.ceil((id + 1) * 1.25);
      this.kindOf = resized(this.kindOf, capacity);
      this.slotOf = resized(this.slotOf, capacity);
    }
    const kind = LISTING_TYPES.indexOf(type) + 1;
    const columns = this.types[kind - 1]!;
    // A post keeps its slot while it keeps its type, so changes do not grow the columns (unless a layout by cell gave
    // the slot of a post that had left to another).
    const held = this.slotOf[id]! < columns.length ? columns.ids[this.slotOf[id]!] : undefined;
    if (this.kindOf[id] !== kind || (held !== 0 && held !== id)) {
      this.remove(id);
      this.kindOf[id] = kind;
      this.slotOf[id] = columns.append();
    }
    const slot = this.slotOf[id]!;
    if (columns.ids[slot] !== id) columns.live++;
    columns.ids[slot] = id;
    columns.category[slot] = Number(row[2]);
    this.maxCategory = Math.max(this.maxCategory, columns.category[slot]!);
    this.maxState = Math.max(this.maxState, Number(row[4]));
    columns.parent[slot] = Number(row[3]);
    columns.state[slot] = Number(row[4]);
    columns.city[slot] = Number(row[5]);
    columns.price[slot] = row[6] === null ? Number.NaN : Number(row[6]);
    columns.x[slot] = Number(row[7]);
    columns.y[slot] = Number(row[8]);
    columns.z[slot] = Number(row[9]);
    columns.cell[slot] = cellOf(columns.x[slot]!, columns.y[slot]!, columns.z[slot]!);
    columns.grid?.place(slot, columns.cell[slot]!);
    ATTRIBUTE_NAMES.forEach((name, index) => { columns.attributes[index]![slot] = attributeCode(name, row[10 + index]); });
  }

  /**
   * Counts the posts passing `filter` among `candidates` (post ids; every post held when omitted): totals per
   * category with prices, per state, and per key of `facets`. The keyword is the candidates' business (it is not
   * checked here); everything else is. Returns the matching ids too: in the candidates' order with `keepOrder`, else
   * in none set; and with `nearest: k` and a location in the filter, the k matches nearest to it in SQL's distance
   * order. The store must hold the filter's type (`holds`).
   */
  count(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], candidates?: ArrayLike<number>,
    options: { nearest?: number; keepOrder?: boolean } = {})
    : FacetCounts & { ids: Uint32Array; nearest?: Uint32Array } {
    if (!this.holds(filter.type)) throw new Error(`This facet store does not hold ${filter.type ?? 'every type'}.`);
    const test = compile(filter);
    const wanted = filter.type ? [LISTING_TYPES.indexOf(filter.type) + 1] : LISTING_TYPES.map((_, index) => index + 1);
    const size = candidates ? candidates.length : wanted.reduce((sum, kind) => sum + this.types[kind - 1]!.length, 0);
    // One buffer for the matching ids, kept: a new one per search would be 8 MB at 2 million posts of a type.
    if (this.scratch.length < size) this.scratch = new Uint32Array(Math.ceil(size * 1.25));
    const nearest = filter.geo && options.nearest ? { origin: unitVector(filter.geo.lat, filter.geo.lon), k: options.nearest } : undefined;
    const tally = new Tally(this.scratch, this.maxCategory, this.maxState, facets, test, nearest);
    if (candidates && options.keepOrder) {
      for (let index = 0; index < candidates.length; index++) {
        const id = candidates[index]!;
        const kind = id < this.kindOf.length ? this.kindOf[id]! : 0;
        if (kind === 0 || !wanted.includes(kind)) continue;
        const columns = this.types[kind - 1]!;
        if (columns.ids[this.slotOf[id]!] === id) tally.add(columns, this.slotOf[id]!, true);
      }
    } else if (candidates) {
      // Read in slot order, type by type: the columns are laid out by place, the candidates come by post id.
      for (const kind of wanted) {
        const columns = this.types[kind - 1]!;
        const slots = new Uint32Array(candidates.length);
        let found = 0;
        for (let index = 0; index < candidates.length; index++) {
          const id = candidates[index]!;
          if (id < this.kindOf.length && this.kindOf[id] === kind && columns.ids[this.slotOf[id]!] === id) slots[found++] = this.slotOf[id]!;
        }
        const ordered = radixSort(slots.subarray(0, found));
        for (let index = 0; index < ordered.length; index++) tally.add(columns, ordered[index]!, true);
      }
    } else if (filter.geo && filter.geo.km !== null) {
      const cells = circleCells(filter.geo.lat, filter.geo.lon, filter.geo.km);
      for (const kind of wanted) {
        const columns = this.types[kind - 1]!;
        if (columns.live === 0) continue;
        const grid = columns.placeGrid();
        const visit = (cell: number, near: boolean) => {
          const slots = grid.filed(cell);
          // A slot filed here that has moved since is counted with the moved ones (its cell is another now).
          for (let at = 0; at < slots.length; at++) if (columns.cell[slots[at]!] === cell) tally.add(columns, slots[at]!, near);
        };
        for (const cell of cells.inside) visit(cell, false);
        for (const cell of cells.edge) visit(cell, true);
        for (const slot of grid.moved) tally.add(columns, slot, true);
      }
    } else {
      for (const kind of wanted) {
        const columns = this.types[kind - 1]!;
        for (let slot = 0; slot < columns.length; slot++) tally.add(columns, slot, true);
      }
    }
    return tally.result();
  }

  /** Number of posts held of a type (all types when undefined): how long a walk of its sort index can get. */
  size(type: ListingType | undefined): number {
    if (type) return this.types[LISTING_TYPES.indexOf(type)]!.live;
    return this.types.reduce((sum, columns) => sum + columns.live, 0);
  }

  /** One membership map, reused by every walk (half a megabyte per search would only feed the GC). */
  private members = new Uint8Array(0);

  /**
   * Calls `walk` with a membership map of `ids` over post ids (1: member), for walking an index in
   * sort order; the map is cleared again afterwards.
   */
  withMembership<T>(ids: ArrayLike<number>, walk: (members: Uint8Array) => T): T {
    if (this.members.length < this.kindOf.length) this.members = new Uint8Array(this.kindOf.length);
    const members = this.members;
    for (let index = 0; index < ids.length; index++) members[ids[index]!] = 1;
    try {
      return walk(members);
    } finally {
      for (let index = 0; index < ids.length; index++) members[ids[index]!] = 0;
    }
  }
}
