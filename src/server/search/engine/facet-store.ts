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
import { LISTING_TYPES, type ListingType } from '../../../shared/constants.ts';
import { ATTRIBUTES, FACET_ATTRIBUTES } from '../../../shared/search-attributes.ts';
import type { FacetCounts, SearchFilter } from './filter.ts';
import { unitVector } from './geo.ts';
import { boxCells, cellOf, circleCells } from './place-grid.ts';
import { compile, Tally, type TallyPart } from './tally.ts';
import type { CountShare } from './count-worker.ts';
import { ATTRIBUTE_NAMES, TypeColumns, attributeCode, resized } from './type-columns.ts';
import { sharedColumn } from './shared-memory.ts';

/** The columns of search_posts a store holds, in the order `put` takes them. */
export const FACET_COLUMNS: readonly string[] = ['post_id', 'type', 'category_id', 'parent_id', 'state_id', 'city_id', 'price', 'x', 'y', 'z',
  ...ATTRIBUTE_NAMES.map((name) => ATTRIBUTES[name].column)];

/**
 * Bytes a post takes in its type's columns: the id, category, parent, state, city and cell (4 each), price and the unit
 * vector (8 each), a byte per attribute; and 5 bytes per post id for the slot map.
 */
export const BYTES_PER_POST = 6 * 4 + 4 * 8 + ATTRIBUTE_NAMES.length + 5;

/** kindOf's bits: the type code, and whether the post's slot holds it now. */
const KIND = 0x7f;
const HELD = 0x80;

/** A candidate's sort key: its type's index in the top bits, its slot (fewer than 2^29 per type) below. */
const SLOT_BITS = 29;
const SLOT_MASK = (1 << SLOT_BITS) - 1;

/** Sorts 32-bit values ascending in two passes of 16 bits: linear, no comparisons. `spare`: room for as many values. */
function radixSort(values: Uint32Array, spare: Uint32Array, counts: Uint32Array): Uint32Array {
  let from: Uint32Array = values;
  let to: Uint32Array = spare;
  for (const shift of [0, 16]) {
    counts.fill(0);
    for (let index = 0; index < from.length; index++) counts[((from[index]! >>> shift) & 0xffff) + 1]!++;
    for (let bucket = 0; bucket < 65_536; bucket++) counts[bucket + 1]! += counts[bucket]!;
    for (let index = 0; index < from.length; index++) to[counts[(from[index]! >>> shift) & 0xffff]!++] = from[index]!;
    [from, to] = [to, from];
  }
  return from;
}

/**
 * Counts reading at least this many slots are split with a helper thread (countShared): below it, handing the half over
 * costs about what counting it does.
 */
const PARALLEL_MIN = 40_000;

/** Slots `from` to `to` of `slots` (of the columns themselves when null), tested for distance when `near`, and only those still in `cell` unless it is -1. */
interface SlotRun {
  columns: TypeColumns;
  slots: Uint32Array | null;
  from: number;
  to: number;
  near: boolean;
  cell: number;
}

/** How many slots the runs read. */
const slotsIn = (runs: readonly SlotRun[]) => runs.reduce((sum, run) => sum + run.to - run.from, 0);

/** The tally's nearest-k request: the origin's unit vector, when the filter has a location and k is asked. */
const nearestOf = (filter: SearchFilter, k: number | undefined) => (filter.geo && k ? { origin: unitVector(filter.geo.lat, filter.geo.lon), k } : undefined);

/** True when a helper thread can read the slots (the columns themselves always are shared). */
const isShared = (slots: Uint32Array | null) => slots === null || slots.buffer instanceof SharedArrayBuffer;

/** A count's candidates as slots of each type's columns (facet-store.ts `slotsOf`, or a word index keyed by slot). */
export interface SlotCandidates {
  slots: Partial<Record<ListingType, Uint32Array>>;
}

export class FacetStore {
  /**
   * By post id: the type code (1 + its index in LISTING_TYPES) of the columns holding its slot (0: none), with HELD
   * set while the slot holds the post; and the slot. The flag spares a count a look at the slot's id for each
   * candidate: the slots are laid out by place, the candidates come by id, so that look missed the cache every time.
   */
  private kindOf = new Uint8Array(1024);
  private slotOf = new Uint32Array(1024);
  private types: TypeColumns[] = LISTING_TYPES.map((type) => new TypeColumns(type, 1024));
  /** Posts held per type and state: how long a walk of one state's sort index is (a map's box in one state). */
  private stateSizes: Uint32Array[] = LISTING_TYPES.map(() => new Uint32Array(32));
  /** The largest category and state ids seen: the size of the tallies. */
  private maxCategory = 0;
  private maxState = 0;

  /**
   * Room for the ids a count matches, and for its candidates' sort keys (twice, and the radix counts), reused by every
   * count: new ones per search, megabytes each for a common word, cost more in collection than the count itself.
   */
  private scratch = new Uint32Array(0);
  /** Room for a helper thread's matching ids (countShared), in shared memory. */
  private helperIds = sharedColumn(Uint32Array, 0);
  private keys = [new Uint32Array(0), new Uint32Array(0)] as const;
  private readonly radixCounts = new Uint32Array(65_537);

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
    this.types = LISTING_TYPES.map((type) => new TypeColumns(type, Math.max(1024, this.held.includes(type) ? sizes[type] ?? 0 : 0)));
    this.stateSizes = LISTING_TYPES.map(() => new Uint32Array(32));
  }

  /**
   * After a full load: each type's slots (or only `type`'s, once its posts are in) in cell order, and its grid laid out
   * (so the first Near Me search does not).
   */
  settle(type?: ListingType): void {
    const settled = type ? [this.types[LISTING_TYPES.indexOf(type)]!] : this.types;
    for (const columns of settled) columns.orderByCell((id, slot) => { this.slotOf[id] = slot; });
  }

  /**
   * The slot of each post id, for a word index keyed by slot (word-index.ts `finish`): right for the posts held since
   * the last `settle`, and for a post only while `heldSlot` says it is held.
   */
  get slotsByPost(): ArrayLike<number> {
    return this.slotOf;
  }

  /** The slot holding the post now in its type's columns, or -1 when no slot does. */
  heldSlot(id: number): number {
    return this.heldKind(id) === 0 ? -1 : this.slotOf[id]!;
  }

  /** The slots of `type`'s columns holding the posts `ids` now (others are left out), for `count`'s slot candidates. */
  slotsOf(type: ListingType, ids: ArrayLike<number>): Uint32Array {
    const kind = LISTING_TYPES.indexOf(type) + 1;
    const slots = new Uint32Array(ids.length);
    let found = 0;
    for (let index = 0; index < ids.length; index++) if (this.heldKind(ids[index]!) === kind) slots[found++] = this.slotOf[ids[index]!]!;
    return slots.subarray(0, found);
  }

  /** The type of the post's slot (it may have left the index since), when the store has held it. */
  typeOf(id: number): ListingType | undefined {
    const kind = id < this.kindOf.length ? this.kindOf[id]! & KIND : 0;
    return kind !== 0 ? LISTING_TYPES[kind - 1] : undefined;
  }

  /** Takes a post out (it changed, or left the index); `put` brings back what is still indexed. */
  remove(id: number): void {
    const kind = this.heldKind(id);
    if (kind === 0) return;
    const columns = this.types[kind - 1]!;
    columns.ids[this.slotOf[id]!] = 0;
    columns.live--;
    this.stateSizes[kind - 1]![columns.state[this.slotOf[id]!]!]!--;
    this.kindOf[id] = kind;
  }

  /** The type code of the columns holding the post now (in its slot `slotOf[id]`), or 0 when none does. */
  private heldKind(id: number): number {
    const code = id < this.kindOf.length ? this.kindOf[id]! : 0;
    return code & HELD ? code & KIND : 0;
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
    if ((this.kindOf[id]! & KIND) !== kind || (held !== 0 && held !== id)) {
      this.remove(id);
      this.kindOf[id] = kind;
      this.slotOf[id] = columns.append();
    }
    const slot = this.slotOf[id]!;
    if (columns.ids[slot] !== id) columns.live++;
    else this.stateSizes[kind - 1]![columns.state[slot]!]!--;
    columns.ids[slot] = id;
    this.kindOf[id] = kind | HELD;
    columns.category[slot] = Number(row[2]);
    this.maxCategory = Math.max(this.maxCategory, columns.category[slot]!);
    this.maxState = Math.max(this.maxState, Number(row[4]));
    columns.parent[slot] = Number(row[3]);
    columns.state[slot] = Number(row[4]);
    if (columns.state[slot]! >= this.stateSizes[kind - 1]!.length) this.stateSizes[kind - 1] = resized(this.stateSizes[kind - 1]!, columns.state[slot]! * 2);
    this.stateSizes[kind - 1]![columns.state[slot]!]!++;
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
   * Counts the posts passing `filter` among `candidates` (post ids, or the slots of each type's columns from
   * `slotsOf` or a word index keyed by slot; every post held when omitted): totals per category with prices, per
   * state, and per key of `facets`. The keyword is the candidates' business (it is not checked here); everything else
   * is. Returns the matching ids too (a view of a buffer the next count reuses): in the candidates' order with
   * `keepOrder` (ids only), else in none set; and with `nearest: k` and a location in the filter, the k matches
   * nearest to it in SQL's distance order. The store must hold the filter's type (`holds`).
   */
  count(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], candidates?: ArrayLike<number> | SlotCandidates,
    options: { nearest?: number; keepOrder?: boolean } = {})
    : FacetCounts & { ids: Uint32Array; nearest?: Uint32Array } {
    const wanted = this.kindsOf(filter);
    if (!candidates || 'slots' in candidates) return this.countRuns(filter, facets, this.runsOf(filter, wanted, candidates), options.nearest);
    const tally = this.tallyFor(filter, facets, candidates.length, options.nearest);
    if (options.keepOrder) {
      for (let index = 0; index < candidates.length; index++) {
        const id = candidates[index]!;
        const kind = this.heldKind(id);
        if (kind !== 0 && wanted.includes(kind)) tally.addSlots(this.types[kind - 1]!, this.slotOf, id, id + 1, true);
      }
      return tally.result();
    }
    // Read type by type in slot order: the columns are laid out by place, the candidates come by post id. One pass
    // and one sort, each key the type code above the slot.
    if (this.keys[0].length < candidates.length) this.keys = [new Uint32Array(Math.ceil(candidates.length * 1.25)), new Uint32Array(Math.ceil(candidates.length * 1.25))];
    const keys = this.keys[0];
    let found = 0;
    for (let index = 0; index < candidates.length; index++) {
      const id = candidates[index]!;
      const kind = this.heldKind(id);
      if (kind !== 0 && wanted.includes(kind)) keys[found++] = ((kind - 1) << SLOT_BITS) | this.slotOf[id]!;
    }
    const ordered = radixSort(keys.subarray(0, found), this.keys[1].subarray(0, found), this.radixCounts);
    // Each type's keys are one run.
    for (let from = 0; from < ordered.length;) {
      const code = ordered[from]! >>> SLOT_BITS;
      let to = from + 1;
      while (to < ordered.length && ordered[to]! >>> SLOT_BITS === code) to++;
      tally.addSlots(this.types[code]!, ordered, from, to, true, SLOT_MASK);
      from = to;
    }
    return tally.result();
  }

  /** The type codes a count of `filter` reads (the store must hold them: `holds`). */
  private kindsOf(filter: SearchFilter): number[] {
    if (!this.holds(filter.type)) throw new Error(`This facet store does not hold ${filter.type ?? 'every type'}.`);
    return filter.type ? [LISTING_TYPES.indexOf(filter.type) + 1] : LISTING_TYPES.map((_, index) => index + 1);
  }

  /** A tally over the kept buffer for the matching ids, with room for `size` (the most a count can match). */
  private tallyFor(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], size: number, nearest: number | undefined): Tally {
    // One buffer for the matching ids, kept: a new one per search would be 8 MB at 2 million posts of a type.
    if (this.scratch.length < size) this.scratch = new Uint32Array(Math.ceil(size * 1.25));
    return new Tally(this.scratch, this.maxCategory, this.maxState, facets, compile(filter), nearestOf(filter, nearest));
  }

  /** Counts `runs` into `tally`. */
  private addRuns(tally: Tally, runs: readonly SlotRun[]): void {
    for (const run of runs) tally.addSlots(run.columns, run.slots, run.from, run.to, run.near, 0xffffffff, run.cell);
  }

  /** A count of `runs` on this thread alone. */
  private countRuns(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], runs: readonly SlotRun[], nearest: number | undefined)
    : FacetCounts & { ids: Uint32Array; nearest?: Uint32Array } {
    const tally = this.tallyFor(filter, facets, slotsIn(runs), nearest);
    this.addRuns(tally, runs);
    return tally.result();
  }

  /**
   * `count`, with about half of its slots counted meanwhile by `helper` on another thread (count-worker.ts), when the
   * count reads at least `splitFrom` (PARALLEL_MIN) slots of shared memory: a keyword's candidates (as slots), a type's
   * every post, or a Near Me circle's cells; else `count` itself. The store must not change until it resolves. A helper
   * that fails leaves the whole count to this thread.
   */
  async countShared(filter: SearchFilter, facets: readonly (typeof FACET_ATTRIBUTES)[number][], candidates: ArrayLike<number> | SlotCandidates | undefined,
    options: { nearest?: number; splitFrom?: number }, helper: (share: CountShare) => Promise<TallyPart>)
    : Promise<FacetCounts & { ids: Uint32Array; nearest?: Uint32Array }> {
    if ((candidates && !('slots' in candidates)) || filter.box) return this.count(filter, facets, candidates, options);
    const runs = this.runsOf(filter, this.kindsOf(filter), candidates);
    const size = slotsIn(runs);
    if (size < (options.splitFrom ?? PARALLEL_MIN)) return this.countRuns(filter, facets, runs, options.nearest);
    if (this.helperIds.length < size) this.helperIds = sharedColumn(Uint32Array, Math.ceil(size * 1.25));
    // Runs in memory of this thread's own stay here; of the shared ones, the first half of the slots too.
    const mine: SlotRun[] = runs.filter((run) => !isShared(run.slots));
    const theirs: SlotRun[] = [];
    let left = Math.floor(size / 2) - slotsIn(mine);
    for (const run of runs) {
      if (!isShared(run.slots)) continue;
      const here = Math.max(0, Math.min(run.to - run.from, left));
      left -= here;
      if (here > 0) mine.push({ ...run, to: run.from + here });
      if (run.from + here < run.to) theirs.push({ ...run, from: run.from + here });
    }
    const columns = [...new Set(theirs.map((run) => run.columns))];
    const slotArrays = [...new Set(theirs.map((run) => run.slots))];
    const share = helper({
      filter, facets, maxCategory: this.maxCategory, maxState: this.maxState, ids: this.helperIds, nearest: nearestOf(filter, options.nearest),
      columns: columns.map((each) => each.counted()), slots: slotArrays,
      runs: theirs.map((run) => ({ columns: columns.indexOf(run.columns), slots: slotArrays.indexOf(run.slots), from: run.from, to: run.to, near: run.near, cell: run.cell })),
    });
    const tally = this.tallyFor(filter, facets, size, options.nearest);
    this.addRuns(tally, mine);
    let part: TallyPart;
    try {
      part = await share;
    } catch {
      return this.countRuns(filter, facets, runs, options.nearest);
    }
    tally.absorb(part, this.helperIds);
    return tally.result();
  }

  /**
   * The runs of slots a count of the `wanted` types reads, in order: each type's candidate slots (ascending, so the
   * columns, laid out by place, are read forward); the grid cells a circle or a map's box touches; else every slot.
   */
  private runsOf(filter: SearchFilter, wanted: readonly number[], candidates: SlotCandidates | undefined): SlotRun[] {
    if (candidates) {
      return wanted.flatMap((kind) => {
        const slots = candidates.slots[LISTING_TYPES[kind - 1]!];
        return slots && slots.length > 0 ? [{ columns: this.types[kind - 1]!, slots: this.ascending(slots), from: 0, to: slots.length, near: true, cell: -1 }] : [];
      });
    }
    // A Near Me circle, or the map's box (issue 43): only the posts filed in the cells it touches are tested.
    const cells = filter.geo && filter.geo.km !== null ? circleCells(filter.geo.lat, filter.geo.lon, filter.geo.km) : filter.box && boxCells(filter.box);
    if (!cells) return wanted.map((kind) => ({ columns: this.types[kind - 1]!, slots: null, from: 0, to: this.types[kind - 1]!.length, near: true, cell: -1 }));
    // Cell by cell: those wholly inside a circle skip its distance test. A slot filed under a cell that has moved since
    // is counted with the moved ones (its cell is another now).
    const runs: SlotRun[] = [];
    for (const kind of wanted) {
      const columns = this.types[kind - 1]!;
      if (columns.live === 0) continue;
      const grid = columns.placeGrid();
      for (const [list, near] of [[cells.inside, false], [cells.edge, true]] as const) {
        for (const cell of list) {
          const [from, to] = grid.range(cell);
          if (to > from) runs.push({ columns, slots: grid.slots, from, to, near, cell });
        }
      }
      const moved = Uint32Array.from(grid.moved);
      runs.push({ columns, slots: moved, from: 0, to: moved.length, near: true, cell: -1 });
    }
    return runs;
  }

  /** `slots` in ascending order: itself when it is, else sorted in place. */
  private ascending(slots: Uint32Array): Uint32Array {
    let sorted = true;
    for (let index = 1; index < slots.length && sorted; index++) sorted = slots[index - 1]! <= slots[index]!;
    if (sorted) return slots;
    if (this.keys[1].length < slots.length) this.keys = [new Uint32Array(Math.ceil(slots.length * 1.25)), new Uint32Array(Math.ceil(slots.length * 1.25))];
    // Two passes of 16 bits end in `slots` itself.
    return radixSort(slots, this.keys[1].subarray(0, slots.length), this.radixCounts);
  }

  /**
   * Where each of `ids` is (issue 43: the map's clusters), read back from its unit vector and rounded to 9 decimals:
   * the stored latitude and longitude for coordinates of up to 9 decimals. An id the store does not hold is NaN.
   */
  positions(ids: ArrayLike<number>): { lat: Float64Array; lon: Float64Array } {
    const lat = new Float64Array(ids.length).fill(Number.NaN);
    const lon = new Float64Array(ids.length).fill(Number.NaN);
    for (let index = 0; index < ids.length; index++) {
      const id = ids[index]!;
      const kind = this.heldKind(id);
      if (kind === 0) continue;
      const { x, y, z } = this.types[kind - 1]!;
      const slot = this.slotOf[id]!;
      lat[index] = Math.round(Math.asin(Math.max(-1, Math.min(1, z[slot]!))) * (180 / Math.PI) * 1e9) / 1e9;
      lon[index] = Math.round(Math.atan2(y[slot]!, x[slot]!) * (180 / Math.PI) * 1e9) / 1e9;
    }
    return { lat, lon };
  }

  /** Number of posts held of a type (all types when undefined): how long a walk of its sort index can get. */
  size(type: ListingType | undefined): number {
    if (type) return this.types[LISTING_TYPES.indexOf(type)]!.live;
    return this.types.reduce((sum, columns) => sum + columns.live, 0);
  }

  /** Number of posts held of a type (all types when undefined) in one state: how long a walk of its state's index can get. */
  sizeIn(type: ListingType | undefined, stateId: number): number {
    const kinds = type ? [LISTING_TYPES.indexOf(type)] : LISTING_TYPES.map((_, index) => index);
    return kinds.reduce((sum, kind) => sum + (this.stateSizes[kind]![stateId] ?? 0), 0);
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
