/**
 * Near Me by grid cells (issue 41): the posts of one type's facet columns filed by a cell of latitude and longitude,
 * so a search within a circle visits only the cells the circle touches, and skips the distance test in the cells
 * wholly inside it. At 5 million listings a 10 km circle round Kuala Lumpur holds half a million posts: testing every
 * post of the type costs more than counting the circle's.
 *
 * The grid is laid out once (a counting sort of slots by cell); posts that move or arrive afterwards are kept aside
 * and tested one by one until the next layout. The distance test itself is the store's, so a post on the edge is in
 * or out exactly as for SQL: a cell counts as inside only when its four corners are, with a margin far above the
 * arithmetic's error (the farthest point of a small latitude–longitude cell from the centre is one of its corners).
 */
import { distanceTest } from './geo.ts';
import { sharedColumn } from './shared-memory.ts';

/** Cell size in degrees: about 2.2 km; a 10 km circle touches about a hundred cells. */
const CELL_DEGREES = 0.02;
/** The area the cells cover (Malaysia and its seas, generously); posts outside it are tested one by one. */
const SOUTH = -2;
const NORTH = 10;
const WEST = 95;
const EAST = 122;
const ROWS = Math.ceil((NORTH - SOUTH) / CELL_DEGREES);
const COLUMNS = Math.ceil((EAST - WEST) / CELL_DEGREES);
/** The cell number of a point outside the area. */
export const OUTSIDE = ROWS * COLUMNS;
/** A cell is inside when its corners' dot products exceed the limit by this (a few metres): far above rounding error. */
const MARGIN = 1e-9;
/** Posts moved or added since the layout past which the grid is laid out again. */
const MOVED_MAX = 20_000;

/** The cell of a unit vector (as search_posts holds it). */
export function cellOf(x: number, y: number, z: number): number {
  const lat = (Math.asin(Math.max(-1, Math.min(1, z))) * 180) / Math.PI;
  const lon = (Math.atan2(y, x) * 180) / Math.PI;
  if (!(lat >= SOUTH && lat < NORTH && lon >= WEST && lon < EAST)) return OUTSIDE;
  return Math.floor((lat - SOUTH) / CELL_DEGREES) * COLUMNS + Math.floor((lon - WEST) / CELL_DEGREES);
}

/** The row and the column of the grid holding a latitude and a longitude (clamped to the area). */
const row = (lat: number) => Math.max(0, Math.min(ROWS - 1, Math.floor((lat - SOUTH) / CELL_DEGREES)));
const column = (lon: number) => Math.max(0, Math.min(COLUMNS - 1, Math.floor((lon - WEST) / CELL_DEGREES)));

/** The circle's cells: `inside` wholly within it, `edge` partly. */
export interface CircleCells {
  inside: number[];
  edge: number[];
}

/** The cells a circle of `km` round a point touches (a bounding box in degrees, slightly generous, as in SQL). */
export function circleCells(lat: number, lon: number, km: number): CircleCells {
  const test = distanceTest(lat, lon, km);
  const dLat = (km / 110.574) * 1.01 + CELL_DEGREES;
  const dLon = (km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * 1.01 + CELL_DEGREES;
  const cornerInside = (cornerLat: number, cornerLon: number) => {
    const phi = (cornerLat * Math.PI) / 180;
    const lambda = (cornerLon * Math.PI) / 180;
    const dot = Math.cos(phi) * Math.cos(lambda) * test.gx + Math.cos(phi) * Math.sin(lambda) * test.gy + Math.sin(phi) * test.gz;
    return dot >= test.minDot + MARGIN;
  };
  const cells: CircleCells = { inside: [], edge: [] };
  for (let r = row(lat - dLat); r <= row(lat + dLat); r++) {
    const south = SOUTH + r * CELL_DEGREES;
    const north = south + CELL_DEGREES;
    for (let c = column(lon - dLon); c <= column(lon + dLon); c++) {
      const west = WEST + c * CELL_DEGREES;
      const east = west + CELL_DEGREES;
      const inside = cornerInside(south, west) && cornerInside(south, east) && cornerInside(north, west) && cornerInside(north, east);
      (inside ? cells.inside : cells.edge).push(r * COLUMNS + c);
    }
  }
  // A circle reaching past the area also holds posts filed outside it.
  if (lat - dLat < SOUTH || lat + dLat >= NORTH || lon - dLon < WEST || lon + dLon >= EAST) cells.edge.push(OUTSIDE);
  return cells;
}

/** Past this many cells a box is counted by scanning every post: visiting that many cells costs more. */
const BOX_CELLS_MAX = 4_096;

/**
 * The cells a box [west, south, east, north] touches, with a ring of one cell more (a post on an edge may be filed by
 * rounding in the next cell), or undefined when they are too many to be worth visiting (a country-wide view). The
 * box test itself stays the store's, on every post of these cells.
 */
export function boxCells([west, south, east, north]: readonly [number, number, number, number]): CircleCells | undefined {
  const [firstRow, lastRow] = [row(south) - 1, row(north) + 1];
  const [firstColumn, lastColumn] = [column(west) - 1, column(east) + 1];
  if ((lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) > BOX_CELLS_MAX) return undefined;
  const cells: CircleCells = { inside: [], edge: [] };
  for (let r = Math.max(0, firstRow); r <= Math.min(ROWS - 1, lastRow); r++) {
    for (let c = Math.max(0, firstColumn); c <= Math.min(COLUMNS - 1, lastColumn); c++) cells.edge.push(r * COLUMNS + c);
  }
  // A box reaching past the area also holds posts filed outside it.
  if (south < SOUTH || north >= NORTH || west < WEST || east >= EAST) cells.edge.push(OUTSIDE);
  return cells;
}

/** Slots by cell, as laid out at one moment; `moved` are the slots filed elsewhere since. */
export class PlaceGrid {
  /** Slots of cell i: slots[offsets[i] .. offsets[i + 1]). */
  private readonly offsets: Uint32Array;
  /** In shared memory: a helper thread counts some cells' slots (facet-store.ts `countShared`). */
  readonly slots: Uint32Array;
  /** The cell each slot was filed under at the layout (OUTSIDE + 1: not filed, it came later). */
  readonly filedCell: Uint32Array;
  readonly moved = new Set<number>();

  /** Lays out `length` slots by their current cells. */
  constructor(cells: Uint32Array, length: number) {
    const offsets = new Uint32Array(OUTSIDE + 2);
    for (let slot = 0; slot < length; slot++) offsets[cells[slot]! + 1]!++;
    for (let cell = 0; cell <= OUTSIDE; cell++) offsets[cell + 1]! += offsets[cell]!;
    const next = offsets.slice(0, OUTSIDE + 1);
    const slots = sharedColumn(Uint32Array, length);
    for (let slot = 0; slot < length; slot++) slots[next[cells[slot]!]!++] = slot;
    this.offsets = offsets;
    this.slots = slots;
    this.filedCell = new Uint32Array(cells.length).fill(OUTSIDE + 1);
    this.filedCell.set(cells.subarray(0, length));
  }

  /** True when so much moved that the next search should lay the grid out again. */
  get worn(): boolean {
    return this.moved.size > MOVED_MAX;
  }

  /** Notes a slot's cell now; one filed elsewhere (or not at all) is kept aside. */
  place(slot: number, cell: number): void {
    if (slot < this.filedCell.length && this.filedCell[slot] === cell) this.moved.delete(slot);
    else this.moved.add(slot);
  }

  /** Where in `slots` the slots filed under `cell` are: from, to (the caller checks each is still there). */
  range(cell: number): [number, number] {
    return [this.offsets[cell]!, this.offsets[cell + 1]!];
  }
}
