/**
 * The basemap archives the site serves itself (issue 43): PMTiles files in MAP_DATA_DIR, read by byte range. No tile
 * server: a browser's `pmtiles` reader asks `/maps/{file}.pmtiles` for the header, a directory, then each tile.
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { requestedRange, type ByteRange } from '../media/range.ts';

/** Where the site serves its basemap: `/maps/{file}.pmtiles` and `/maps/style.json`. */
export const MAPS_PATH = '/maps';

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
async function readArchive(file: ArchiveFile, range: ByteRange): Promise<Buffer> {
  const handle = await open(file.path, 'r');
  try {
    const buffer = Buffer.alloc(range.end - range.start + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What a request for an archive is answered: its status, headers and bytes (none for HEAD, 304 and 416). */
export interface ArchiveAnswer {
  status: 200 | 206 | 304 | 404 | 416;
  headers: Record<string, string>;
  body: Buffer | null;
}

/**
 * The answer to `GET|HEAD /maps/{name}` with the request's validators and Range: 206 for a range, 416 past the end,
 * 304 for a matching ETag, 404 for anything that is not an archive of `dir`. An archive's name carries its build
 * date, so it is immutable. Its tiles are gzip'd inside, so the file goes as stored: no Content-Encoding (the
 * browser's reader would otherwise get other bytes than its ranges name).
 */
export async function answerArchive(dir: string, name: string, request: { method: string; ifNoneMatch?: string | null; ifRange?: string | null; range?: string | null }): Promise<ArchiveAnswer> {
  const file = await archiveFile(dir, name);
  if (!file) return { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }, body: Buffer.from('Not Found') };
  const headers: Record<string, string> = {
    'Content-Type': 'application/vnd.pmtiles',
    'Accept-Ranges': 'bytes',
    ETag: file.etag,
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
  const matches = (request.ifNoneMatch ?? '').split(',').map((tag) => tag.trim());
  if (matches.includes(file.etag) || matches.includes('*')) return { status: 304, headers, body: null };
  // A Range with an If-Range naming another version is answered whole (RFC 9110 §13.1.5).
  const range = request.ifRange && request.ifRange !== file.etag ? undefined : requestedRange(request.range, file.size);
  if (range === 'unsatisfiable') return { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` }, body: null };
  const part = range ?? { start: 0, end: file.size - 1 };
  return {
    status: range ? 206 : 200,
    headers: { ...headers, 'Content-Length': String(part.end - part.start + 1), ...(range ? { 'Content-Range': `bytes ${part.start}-${part.end}/${file.size}` } : {}) },
    body: request.method === 'HEAD' ? null : await readArchive(file, part),
  };
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
