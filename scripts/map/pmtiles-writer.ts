/**
 * A small PMTiles v3 writer (the `pmtiles` package only reads): tiles in Hilbert order, identical tiles stored once (run
 * lengths for neighbours, shared offsets otherwise), gzip'd JSON metadata and a gzip'd root directory, which points to
 * leaf directories when the entries do not fit the reader's first fetch. Spec:
 * https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

const HEADER_BYTES = 127;
/** Header and root directory must fit the first 16 KiB, which a reader fetches at once. */
const FIRST_FETCH_BYTES = 16_384;
const COMPRESSION_GZIP = 2;
const TILE_TYPE_MVT = 1;
/** Entries per leaf directory when there are leaves (the reference writer's starting size). */
const LEAF_ENTRIES = 4096;

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile's bytes, already compressed as `tileCompression` says (gzip). */
  data: Uint8Array;
}

export interface ArchiveOptions {
  minZoom: number;
  maxZoom: number;
  /** [minLon, minLat, maxLon, maxLat] */
  bounds: [number, number, number, number];
  center: [number, number, number];
  metadata: Record<string, unknown>;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function varint(value: number, out: number[]) {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function directoryBytes(entries: Entry[]): Uint8Array {
  const out: number[] = [];
  varint(entries.length, out);
  let last = 0;
  for (const entry of entries) {
    varint(entry.tileId - last, out);
    last = entry.tileId;
  }
  for (const entry of entries) varint(entry.runLength, out);
  for (const entry of entries) varint(entry.length, out);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    varint(previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1, out);
  });
  return gzipSync(Uint8Array.from(out), { level: 9 });
}

/**
 * The root directory, and the leaf directories it points to when the entries do not fit beside the header in the first
 * fetch: each leaf holds a run of entries, and the root an entry per leaf (run length 0, offset into the leaves).
 */
function directories(entries: Entry[]): { root: Uint8Array; leaves: Buffer } {
  const root = directoryBytes(entries);
  if (HEADER_BYTES + root.length <= FIRST_FETCH_BYTES) return { root, leaves: Buffer.alloc(0) };
  const pointers: Entry[] = [];
  const leaves: Uint8Array[] = [];
  let offset = 0;
  for (let start = 0; start < entries.length; start += LEAF_ENTRIES) {
    const leaf = directoryBytes(entries.slice(start, start + LEAF_ENTRIES));
    pointers.push({ tileId: entries[start]!.tileId, offset, length: leaf.length, runLength: 0 });
    leaves.push(leaf);
    offset += leaf.length;
  }
  const pointing = directoryBytes(pointers);
  if (HEADER_BYTES + pointing.length > FIRST_FETCH_BYTES) throw new Error(`the root directory (${pointing.length} bytes) does not fit the first fetch even with leaves`);
  return { root: pointing, leaves: Buffer.concat(leaves) };
}

/** The archive's bytes. */
export function writeArchive(tiles: ArchiveTile[], options: ArchiveOptions): Buffer {
  const ordered = tiles.map((tile) => ({ ...tile, tileId: zxyToTileId(tile.z, tile.x, tile.y) })).sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  const chunks: Uint8Array[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  let dataBytes = 0;
  let contents = 0;
  for (const tile of ordered) {
    const hash = createHash('sha256').update(tile.data).digest('hex');
    const last = entries.at(-1);
    const seen = stored.get(hash);
    if (last && seen && last.offset === seen.offset && last.tileId + last.runLength === tile.tileId) {
      last.runLength += 1;
      continue;
    }
    if (seen) {
      entries.push({ tileId: tile.tileId, offset: seen.offset, length: seen.length, runLength: 1 });
      continue;
    }
    const place = { offset: dataBytes, length: tile.data.length };
    stored.set(hash, place);
    chunks.push(tile.data);
    dataBytes += tile.data.length;
    contents += 1;
    entries.push({ tileId: tile.tileId, ...place, runLength: 1 });
  }
  const { root, leaves } = directories(entries);
  const metadata = gzipSync(Buffer.from(JSON.stringify(options.metadata)), { level: 9 });

  const header = Buffer.alloc(HEADER_BYTES);
  header.write('PMTiles', 0, 'latin1');
  header.writeUInt8(3, 7);
  const rootOffset = HEADER_BYTES;
  const metadataOffset = rootOffset + root.length;
  const leavesOffset = metadataOffset + metadata.length;
  const dataOffset = leavesOffset + leaves.length;
  const u64 = [rootOffset, root.length, metadataOffset, metadata.length, leavesOffset, leaves.length, dataOffset, dataBytes, ordered.length, entries.length, contents];
  u64.forEach((value, index) => header.writeBigUInt64LE(BigInt(value), 8 + index * 8));
  // Clustered: entries are in tile order and tile data in the order the entries first name it.
  header.writeUInt8(1, 96);
  header.writeUInt8(COMPRESSION_GZIP, 97);
  header.writeUInt8(COMPRESSION_GZIP, 98);
  header.writeUInt8(TILE_TYPE_MVT, 99);
  header.writeUInt8(options.minZoom, 100);
  header.writeUInt8(options.maxZoom, 101);
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [minLon, minLat, maxLon, maxLat] = options.bounds;
  header.writeInt32LE(e7(minLon), 102);
  header.writeInt32LE(e7(minLat), 106);
  header.writeInt32LE(e7(maxLon), 110);
  header.writeInt32LE(e7(maxLat), 114);
  header.writeUInt8(options.center[2], 118);
  header.writeInt32LE(e7(options.center[0]), 119);
  header.writeInt32LE(e7(options.center[1]), 123);
  return Buffer.concat([header, root, metadata, leaves, ...chunks]);
}
