/**
 * The basemap archives the site serves itself (issue 43): PMTiles files in MAP_DATA_DIR, read by byte range. No tile
 * server: a browser's `pmtiles` reader asks `/maps/{file}.pmtiles` for the header, a directory, then each tile.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import type { ByteRange } from '../media/range.ts';

/** An archive's file name: letters, digits, dots, dashes; never a path. */
const ARCHIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.pmtiles$/;

export interface ArchiveFile {
  path: string;
  size: number;
  /** A strong validator: the build date is in the name, and size and time change with any rewrite. */
  etag: string;
}

/** The archive `name` names in `dir`, or undefined for anything else (a path, a dot-dot, a missing file). */
export async function archiveFile(dir: string, name: string): Promise<ArchiveFile | undefined> {
  if (!ARCHIVE_NAME.test(name) || name.includes('..')) return undefined;
  const path = join(dir, name);
  try {
    const info = await stat(path);
    if (!info.isFile()) return undefined;
    return { path, size: info.size, etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"` };
  } catch {
    return undefined;
  }
}

/** Bytes `range` of an archive (both ends inclusive). */
export async function readArchive(file: ArchiveFile, range: ByteRange): Promise<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(range.end - range.start + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** The newest archive of `dir` by name (names carry the build date), or null when it holds none. */
export async function newestArchive(dir: string): Promise<string | null> {
  try {
    const names = (await readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
    return names.at(-1) ?? null;
  } catch {
    return null;
  }
}

/** The `pmtiles` reader over a local file, as the browser's reads over HTTP. */
class LocalSource implements Source {
  private readonly file: ArchiveFile;
  constructor(file: ArchiveFile) {
    this.file = file;
  }
  getKey() {
    return this.file.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const bytes = await readArchive(this.file, { start: offset, end: Math.min(offset + length, this.file.size) - 1 });
    return { data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer };
  }
}

export interface ArchiveSummary {
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
  /** The vector layers it holds: `land`, `states`, `places` (the demo archive) or Protomaps' `earth`, `roads`, … */
  layers: string[];
  attribution: string | null;
}

/** An archive's zooms, bounds and layers, read from its header and metadata. */
export async function summarizeArchive(file: ArchiveFile): Promise<ArchiveSummary> {
  const archive = new PMTiles(new LocalSource(file));
  const header = await archive.getHeader();
  const metadata = (await archive.getMetadata()) as { vector_layers?: { id: string }[]; attribution?: string };
  return {
    minZoom: header.minZoom,
    maxZoom: header.maxZoom,
    bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
    layers: (metadata.vector_layers ?? []).map((layer) => layer.id),
    attribution: metadata.attribution ?? null,
  };
}

/** One tile's bytes as stored (gzip'd MVT), or undefined: what tests and benchmarks read the archive with. */
export async function archiveTile(file: ArchiveFile, z: number, x: number, y: number): Promise<ArrayBuffer | undefined> {
  return (await new PMTiles(new LocalSource(file)).getZxy(z, x, y))?.data;
}
