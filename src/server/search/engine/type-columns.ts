/**
 * One listing type's facet columns (issue 41), dense slot by slot, for the facet store (facet-store.ts): typed arrays a
 * search scans, laid out cell by cell after a full load so a Near Me circle reads its posts in order (place-grid.ts).
 */
import type { ListingType } from '../../../shared/constants.ts';
import { ATTRIBUTES, type AttributeName } from '../../../shared/search-attributes.ts';
import { OUTSIDE, PlaceGrid } from './place-grid.ts';
import { sharedColumn, type NumberArray, type NumberArrayClass } from './shared-memory.ts';

export const ATTRIBUTE_NAMES = Object.keys(ATTRIBUTES) as AttributeName[];
/** A value-kind attribute's code for a value outside its key list: matches no key. */
export const UNKNOWN_VALUE = 255;

export function attributeCode(name: AttributeName, value: unknown): number {
  const attribute = ATTRIBUTES[name];
  if (attribute.kind === 'mask') return Number(value ?? 0);
  if (value === null || value === undefined) return 0;
  const index = (attribute.keys as readonly string[]).indexOf(String(value));
  return index < 0 ? UNKNOWN_VALUE : index + 1;
}

/** A zero-filled array of `array`'s kind and `length`, over shared memory when `array` is. */
function emptyLike<T extends NumberArray>(array: T, length: number): T {
  return array.buffer instanceof SharedArrayBuffer ? sharedColumn(array.constructor as NumberArrayClass<T>, length)
    : new (array.constructor as new (size: number) => T)(length);
}

/** The array grown or cut to `capacity`, its values kept. */
export function resized<T extends NumberArray>(array: T, capacity: number, fill?: number): T {
  const next = emptyLike(array, capacity);
  if (fill !== undefined) next.fill(fill);
  next.set(array.subarray(0, Math.min(array.length, capacity)));
  return next;
}

/** The columns a count reads (tally.ts), as a helper thread gets them: plain views of the shared columns. */
export type CountedColumns = Pick<TypeColumns, 'type' | 'ids' | 'category' | 'parent' | 'state' | 'city' | 'price' | 'x' | 'y' | 'z' | 'cell' | 'attributes'>;

/**
 * One type's posts, slot by slot: slot i holds post `ids[i]` (0: its post left the index). The columns are over shared
 * memory (`sharedColumn`).
 */
export class TypeColumns {
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

  /** The type whose posts these are: only its own attributes are ever set (the others' columns stay 0). */
  readonly type: ListingType;

  constructor(type: ListingType, capacity: number) {
    this.type = type;
    this.ids = sharedColumn(Uint32Array, capacity);
    this.category = sharedColumn(Uint32Array, capacity);
    this.parent = sharedColumn(Uint32Array, capacity);
    this.state = sharedColumn(Uint32Array, capacity);
    this.city = sharedColumn(Uint32Array, capacity);
    this.price = sharedColumn(Float64Array, capacity).fill(Number.NaN);
    this.x = sharedColumn(Float64Array, capacity);
    this.y = sharedColumn(Float64Array, capacity);
    this.z = sharedColumn(Float64Array, capacity);
    this.cell = sharedColumn(Uint32Array, capacity);
    this.attributes = ATTRIBUTE_NAMES.map(() => sharedColumn(Uint8Array, capacity));
  }

  /** The columns a count reads, as a plain object a helper thread can be sent (the memory is shared, not copied). */
  counted(): CountedColumns {
    const { type, ids, category, parent, state, city, price, x, y, z, cell, attributes } = this;
    return { type, ids, category, parent, state, city, price, x, y, z, cell, attributes };
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
    const permute = <T extends NumberArray>(column: T): T => {
      const next = emptyLike(column, column.length);
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

