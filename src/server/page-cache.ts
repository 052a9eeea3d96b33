import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import { SEARCH_PARAMS } from '../shared/search-params.ts';
import { isInvalidated, type CacheInvalidations, type Invalidation } from './cache/invalidations.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Brotli for dynamic responses: quality 5 compresses about as well as gzip -6 or better at a fraction
 * of q11's CPU; a 256 KB window (pages are smaller) instead of the default 4 MB keeps each encoder's
 * buffers, and so the server's memory under load, small.
 */
export const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 18 };
/**
 * How long a cached page may be served before it is rendered again, whatever its tags (opening hours, "Open now",
 * and what a page shows of other listings without carrying their tags).
 */
export const PAGE_CACHE_TTL_MS = 60_000;

/** The caching of a 404 page: browsers ask again, shared caches keep it a minute. */
export const NOT_FOUND_CACHE = 'public, max-age=0, s-maxage=60';

/** Every query parameter a public page reads, in the one order a cache key lists them; anything else is ignored. */
export const PAGE_QUERY_PARAMS: readonly string[] = [...SEARCH_PARAMS, 'view', 'reviews'];

/** Paths whose pages depend on who asks, or are not pages: never cached. */
const UNCACHED = /^\/(api|me|media|advertiser|operator|saved-searches)(\/|$)/;

/** The cache key of a page URL: its path and the parameters pages read, in a canonical order. */
export function pageCacheKey(url: URL): string {
  const params = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) for (const value of url.searchParams.getAll(name)) params.append(name, value);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** Which stored encoding a client gets. */
export type EncodingClass = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts among the ones stored (q=0 means refused). */
export function encodingClass(acceptEncoding: string | null): EncodingClass {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')).filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.toLowerCase()));
  return accepted.has('br') ? 'br' : accepted.has('gzip') || accepted.has('*') ? 'gzip' : 'identity';
}

interface Entry {
  /** 200, or 404 (a page that does not exist costs as much to render as one that does: security probe item 19). */
  status: 200 | 404;
  /** What it shows (decision 0017): a change to any of them drops it. */
  tags: string[];
  storedAt: number;
  etag: string;
  headers: [string, string][];
  br: Buffer;
  gzip: Buffer;
  bytes: number;
}

/** The share of the cache's bytes 404 pages may take, so a crawl of dead links cannot push real pages out. */
export const NOT_FOUND_SHARE = 0.1;

/**
 * A buffer of its own, exactly `bytes` long. zlib answers with views of larger chunks, and Buffer.from
 * copies small buffers into Node's shared 64 KB pool: a kept page would pin a whole chunk or slab. 8,000
 * distinct pages in a 64 MB cache held 855 MB of ArrayBuffers that way, 46 MB once copied like this.
 */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

/** Compressed pages in memory, least recently used out first, bounded by their bytes (404 pages by a tenth of them). */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private notFoundBytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key, entry);
    // A page older than the TTL is stale: drop it rather than serve it.
    if (now - entry.storedAt > PAGE_CACHE_TTL_MS) return undefined;
    this.entries.set(key, entry);
    this.add(entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    const notFoundMax = this.maxBytes * NOT_FOUND_SHARE;
    if (entry.bytes > this.maxBytes / 8 || (entry.status === 404 && entry.bytes > notFoundMax)) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.add(entry);
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes && this.notFoundBytes <= notFoundMax) break;
      // Over the 404 share: only 404 pages go; over the whole bound: whatever was used least recently.
      if (this.bytes <= this.maxBytes && value.status !== 404) continue;
      this.remove(oldest, value);
    }
  }

  /** Drops the pages an invalidation names. */
  invalidate(invalidation: Invalidation): void {
    for (const [key, entry] of this.entries) if (isInvalidated(invalidation, entry.tags)) this.remove(key, entry);
  }

  /** How many pages are held. */
  get count(): number {
    return this.entries.size;
  }

  private add(entry: Entry): void {
    this.bytes += entry.bytes;
    if (entry.status === 404) this.notFoundBytes += entry.bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (entry.status === 404) this.notFoundBytes -= entry.bytes;
  }

  /** Bytes held by 404 pages (at most NOT_FOUND_SHARE of maxBytes). */
  get notFoundSize(): number {
    return this.notFoundBytes;
  }

  /** Bytes held (tests and benchmarks watch it stay under the bound). */
  get size(): number {
    return this.bytes;
  }
}

/** Headers of the rendered page kept with the cached copy (the rest describe the body or the connection). */
// The page's Content-Security-Policy holds the hashes of its own inline scripts: it travels with the page.
// The search impressions a page shows travel with it too: each serve of it counts them (search/impressions.ts).
const KEPT_HEADERS = new Set(['content-type', 'cache-control', 'content-language', 'x-robots-tag', 'link', 'content-security-policy', 'cache-tag', 'x-search-impressions']);

/**
 * The header a page names its tags in (decision 0017): this cache reads it, and a CDN that purges by tag
 * (Cloudflare's Cache-Tag, Fastly's Surrogate-Key) can be told the same names.
 */
export const CACHE_TAG_HEADER = 'Cache-Tag';

/** The tags of a rendered page: those it names, and its own path (publishing at the path of a cached 404 ends it). */
function tagsOf(response: Response, path: string): string[] {
  const named = (response.headers.get(CACHE_TAG_HEADER) ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
  return [...new Set([...named, `path:${path}`])];
}

async function respond(request: Request, entry: Entry, cache: 'HIT' | 'MISS'): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('X-Cache', cache);
  const match = request.headers.get('If-None-Match');
  if (entry.status === 200 && match && match.split(',').map((tag) => tag.trim()).includes(entry.etag)) return new Response(null, { status: 304, headers });
  const kind = encodingClass(request.headers.get('Accept-Encoding'));
  const body = kind === 'br' ? entry.br : kind === 'gzip' ? entry.gzip : await gunzipAsync(entry.gzip);
  if (kind !== 'identity') headers.set('Content-Encoding', kind);
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: entry.status, headers });
}

/**
 * The page cache (ARCHITECTURE.md): public pages never vary by user, so an anonymous GET/HEAD of a
 * page is rendered once and served from memory as stored brotli or gzip bytes, with an ETag answered by
 * 304, until a change to one of its tags (decision 0017) or its TTL. Only a 200 or 404 HTML page that sets no
 * cookie is kept; /api, /me, /advertiser, /operator and /media are never cached. A cached 404 carries its path's tag, so publishing at
 * its path ends it.
 */
export function createPageCache(maxBytes: number, invalidations: CacheInvalidations) {
  const store = new PageStore(maxBytes);
  invalidations.subscribe((invalidation) => store.invalidate(invalidation));
  return {
    store,
    /** Serves `request` from the cache, or renders it with `render` and keeps it unless one of its tags changed meanwhile. */
    async handle(request: Request, render: () => Promise<Response>): Promise<Response | undefined> {
      const url = new URL(request.url);
      if (maxBytes <= 0 || (request.method !== 'GET' && request.method !== 'HEAD') || UNCACHED.test(url.pathname)) return undefined;
      const key = pageCacheKey(url);
      await invalidations.catchUp();
      const hit = store.get(key, Date.now());
      if (hit) return respond(request, hit, 'HIT');
      const began = invalidations.current;
      const response = await render();
      // Only what a page marks shareable: a page with a per-visitor part (a form's CSRF token) says no-store.
      if ((response.status !== 200 && response.status !== 404) || response.headers.has('Set-Cookie') || !response.body
        || /\b(no-store|private)\b/.test(response.headers.get('Cache-Control') ?? '')
        || !(response.headers.get('Content-Type') ?? '').startsWith('text/html') || response.headers.has('Content-Encoding')) return response;
      const raw = Buffer.from(await response.arrayBuffer());
      const [br, gz] = (await Promise.all([
        brotli(raw, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
        gzipAsync(raw, { level: 6 }),
      ])).map(ownCopy) as [Buffer, Buffer];
      const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()));
      // A 404 page says nothing of its own caching: a CDN may keep it as briefly as a page's shared copy.
      if (!response.headers.has('Cache-Control')) headers.push(['cache-control', NOT_FOUND_CACHE]);
      const tags = tagsOf(response, url.pathname);
      const entry: Entry = {
        status: response.status === 404 ? 404 : 200,
        tags,
        storedAt: Date.now(),
        etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
        headers,
        br,
        gzip: gz,
        bytes: br.length + gz.length + key.length,
      };
      // A change seen while it rendered may not be in it: serve it this once, keep nothing.
      if (!invalidations.changedSince(began, tags)) store.set(key, entry);
      return respond(request, entry, 'MISS');
    },
  };
}
