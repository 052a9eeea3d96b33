import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gunzip, gzip } from 'node:zlib';
import { SEARCH_PARAMS } from '../shared/search-params.ts';
import { isInvalidated, type CacheInvalidations, type Invalidation } from './cache/invalidations.ts';
import { RENDER_RETRY_AFTER_S, RenderQueueFull, type LoadMeter, type RenderGate } from './render-gate.ts';
import { cacheTags } from './cache/tags.ts';
import { lsnCookieOf } from './db/read-scope.ts';
import { UNSHARED_PATHS } from './http.ts';
import { unlocalizedPath } from '../shared/locale.ts';

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
const NOT_FOUND_CACHE = 'public, max-age=0, s-maxage=60';

/** Every query parameter a public page reads, in the one order a cache key lists them; anything else is ignored. */
const PAGE_QUERY_PARAMS: readonly string[] = [...SEARCH_PARAMS, 'view', 'reviews'];

/**
 * Parameters whose pages are never kept: a map's box names one viewport among countless (issue 43); a check's value
 * is what one person is about to pay (issue 64: /pages/check), counted against their limit on every ask.
 */
const UNCACHED_PARAMS = ['bbox', 'value'];

/** Paths that are not page renders: never wait for a render slot (render-gate.ts). */
export const UNBOUNDED = /^\/(api|media|maps|healthz|readyz)(\/|$)/;

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
  /**
   * 200, or 404 / 410 (a page that does not exist costs as much to render as one that does: security probe item 19; a
   * removed ad's page is gone for good: issue 39). The pages that are not there share the not-found budget.
   */
  status: 200 | 404 | 410;
  /** What it shows (decision 0017): a change to any of them drops it. */
  tags: string[];
  storedAt: number;
  etag: string;
  headers: [string, string][];
  /** The search impressions the page shows (its internal header's value), counted on every serve. */
  impression: string | null;
  br: Buffer;
  gzip: Buffer;
  bytes: number;
}

/** Keys of dropped pages remembered, so their next render goes before first renders (render-gate.ts). */
const DROPPED_KEPT = 10_000;

/** The share of the cache's bytes 404 pages may take, so a crawl of dead links cannot push real pages out. */
const NOT_FOUND_SHARE = 0.1;

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
class PageStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private notFoundBytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /**
   * The page kept under `key`, most recently used now. One older than the TTL is stale: not served, unless `stale` asks
   * for it (a render refused under load serves it rather than nothing); it stays until rendered again or pushed out.
   */
  get(key: string, now: number, options: { stale?: boolean } = {}): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt > PAGE_CACHE_TTL_MS && !options.stale) return undefined;
    // Most recently used: last in the map's order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: Entry): void {
    const notFoundMax = this.maxBytes * NOT_FOUND_SHARE;
    if (entry.bytes > this.maxBytes / 8 || (entry.status !== 200 && entry.bytes > notFoundMax)) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, entry);
    this.add(entry);
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes && this.notFoundBytes <= notFoundMax) break;
      // Over the 404 share: only 404 pages go; over the whole bound: whatever was used least recently.
      if (this.bytes <= this.maxBytes && value.status === 200) continue;
      this.remove(oldest, value);
    }
  }

  /** Keys of pages a change dropped lately, most recent last (at most DROPPED_KEPT): their next render is a refresh. */
  private readonly dropped = new Set<string>();

  /** Drops the pages an invalidation names. */
  invalidate(invalidation: Invalidation): void {
    for (const [key, entry] of this.entries) {
      if (!isInvalidated(invalidation, entry.tags)) continue;
      this.remove(key, entry);
      this.dropped.delete(key);
      this.dropped.add(key);
    }
    for (const key of this.dropped) {
      if (this.dropped.size <= DROPPED_KEPT) break;
      this.dropped.delete(key);
    }
  }

  /** Whether visitors had the page lately (kept now, stale, or dropped by a change): rendering it again is a refresh. */
  known(key: string): boolean {
    return this.entries.has(key) || this.dropped.has(key);
  }

  /** How many pages are held. */
  get count(): number {
    return this.entries.size;
  }

  private add(entry: Entry): void {
    this.bytes += entry.bytes;
    if (entry.status !== 200) this.notFoundBytes += entry.bytes;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    if (entry.status !== 200) this.notFoundBytes -= entry.bytes;
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
const KEPT_HEADERS = new Set(['content-type', 'cache-control', 'content-language', 'x-robots-tag', 'link', 'content-security-policy', 'cache-tag']);
/** The internal header a search page names its impressions in (search/impressions.ts): kept apart, never sent. */
const IMPRESSIONS = 'x-search-impressions';

/**
 * The header a page names its tags in (decision 0017): this cache reads it, and a CDN that purges by tag
 * (Cloudflare's Cache-Tag, Fastly's Surrogate-Key) can be told the same names.
 */
const CACHE_TAG_HEADER = 'Cache-Tag';

/**
 * The tags of a rendered page: those it names, and its own path without its language prefix (publishing at the path of
 * a cached 404 ends it in every language).
 */
function tagsOf(response: Response, path: string): string[] {
  const named = (response.headers.get(CACHE_TAG_HEADER) ?? '').split(',').map((tag) => tag.trim()).filter(Boolean);
  return [...new Set([...named, cacheTags.path(unlocalizedPath(path))])];
}

/** Whether an If-None-Match names the stored page's ETag (a 304). */
function notModified(entry: Entry, ifNoneMatch: string | null | undefined): boolean {
  return entry.status === 200 && !!ifNoneMatch && ifNoneMatch.split(',').map((tag) => tag.trim()).includes(entry.etag);
}

async function respond(request: Request, entry: Entry, cache: 'HIT' | 'MISS' | 'STALE'): Promise<Response> {
  const headers = new Headers(entry.headers);
  headers.set('ETag', entry.etag);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('X-Cache', cache);
  // For the middleware that counts impressions on every serve (it removes the header).
  if (entry.impression !== null) headers.set(IMPRESSIONS, entry.impression);
  if (notModified(entry, request.headers.get('If-None-Match'))) return new Response(null, { status: 304, headers });
  const kind = encodingClass(request.headers.get('Accept-Encoding'));
  const body = kind === 'br' ? entry.br : kind === 'gzip' ? entry.gzip : await gunzipAsync(entry.gzip);
  if (kind !== 'identity') headers.set('Content-Encoding', kind);
  headers.set('Content-Length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: entry.status, headers });
}

/** A cached page as the server in front writes it without Astro (serve.ts): its status, headers and bytes. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** null for HEAD and 304. */
  body: Buffer | null;
  /** The search impressions the page shows, for the caller to count (search/impressions.ts). */
  impression: string | null;
}

/** What a request looks like to the front door: the parts of node's IncomingMessage it reads. */
export interface FrontDoorRequest {
  method: string;
  url: string;
  headers: { 'accept-encoding'?: string | undefined; 'if-none-match'?: string | undefined; cookie?: string | undefined };
}

const BUSY_HEADERS = { 'retry-after': String(RENDER_RETRY_AFTER_S), 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

/** The answer a render refused under load gets: 503, with when to come back. */
function busyResponse(): Response {
  return new Response(`${new RenderQueueFull().message}\n`, { status: 503, headers: BUSY_HEADERS });
}

/** Only what a page marks shareable is kept: a page with a per-visitor part (a form's CSRF token) says no-store. */
function cacheable(response: Response): boolean {
  return (response.status === 200 || response.status === 404 || response.status === 410) && !response.headers.has('Set-Cookie') && response.body !== null
    && !/\b(no-store|private)\b/.test(response.headers.get('Cache-Control') ?? '')
    && (response.headers.get('Content-Type') ?? '').startsWith('text/html') && !response.headers.has('Content-Encoding');
}

/**
 * The page cache (ARCHITECTURE.md): public pages never vary by user, so an anonymous GET/HEAD of a
 * page is rendered once and served from memory as stored brotli or gzip bytes, with an ETag answered by
 * 304, until a change to one of its tags (decision 0017) or its TTL. Only a 200 or 404 HTML page that sets no
 * cookie is kept; /api, /me, /advertiser, /operator and /media are never cached. A cached 404 carries its path's tag, so publishing at
 * its path ends it.
 */
export interface PageCacheOptions {
  /** The bound on renders (render-gate.ts); unbounded when absent. */
  renders?: RenderGate;
  /** Told of every cached page served, so a busy process keeps renders to their share. */
  load?: Pick<LoadMeter, 'hit'>;
  /** The time of the TTL (tests walk it). */
  now?: () => number;
}

export function createPageCache(maxBytes: number, invalidations: CacheInvalidations, options: PageCacheOptions = {}) {
  const { renders, load, now = Date.now } = options;
  const store = new PageStore(maxBytes);
  invalidations.subscribe((invalidation) => store.invalidate(invalidation));
  const rendering = new Map<string, Promise<Entry | undefined>>();
  const cache: PageCacheState = { store, invalidations, maxBytes, renders, load, now, rendering };
  return {
    store,
    /**
     * A cache hit answered before Astro runs (the server's front door, serve.ts), or undefined to go the usual way:
     * only a GET or HEAD of a cacheable path, whose page is kept and fresh, when the invalidation log was read within
     * its poll interval (else the usual way reads it first) and the client takes a stored encoding.
     */
    hit: (request: FrontDoorRequest) => frontDoorHit(cache, request),
    /**
     * A page that is never cached (one person's page, a form's answer), rendered within the render bound and read whole
     * there (the work of a page is done while its body is read); refused, a 503 with Retry-After.
     */
    bounded: (render: () => Promise<Response>) => boundedRender(renders, render),
    /**
     * The answer the server in front gives a page request at once while the render line is full (the page's kept copy
     * however old, else a 503 as cheap as a static file), or undefined: a flood refused after Astro ran would cost what
     * answering it costs.
     */
    refused: (request: FrontDoorRequest) => refusedAnswer(cache, request),
    /**
     * Serves `request` from the cache, or renders it with `render` and keeps it unless one of its tags changed meanwhile.
     * Requests for a page being rendered wait for that render (one render however many ask at once: after a change to
     * a busy page, or the first look after a start).
     */
    async handle(request: Request, render: () => Promise<Response>): Promise<Response | undefined> {
      const url = new URL(request.url);
      if (maxBytes <= 0 || (request.method !== 'GET' && request.method !== 'HEAD') || UNSHARED_PATHS.test(url.pathname)) return undefined;
      // A map's 'Search this area' (issue 43): one address per viewport, never worth keeping; it renders within the bound.
      if (UNCACHED_PARAMS.some((param) => url.searchParams.has(param))) return undefined;
      // Just after the visitor's own write (yp_lsn, issue 41): rendered from what has it, and not kept.
      if (lsnCookieOf(request.headers.get('cookie')) !== null) return undefined;
      const key = pageCacheKey(url);
      await invalidations.catchUp();
      const hit = store.get(key, now());
      if (hit) {
        load?.hit();
        return respond(request, hit, 'HIT');
      }
      // Only older than the TTL (a change would have dropped it): served as it is while one render refreshes it
      // (stale-while-revalidate), so no visitor waits for a render because a minute went by.
      const stale = store.get(key, now(), { stale: true });
      if (stale) {
        if (!rendering.has(key)) void refresh(cache, request, url, key, render).catch((error: unknown) => console.error('Refreshing a cached page failed', error));
        return respond(request, stale, 'STALE');
      }
      const pending = rendering.get(key);
      if (pending) {
        const shared = await pending;
        if (shared) return respond(request, shared, 'HIT');
      }
      return refresh(cache, request, url, key, render);
    },
  };
}

/** What a process's page cache holds while it serves: its store, the invalidations, the render bound and the renders going on. */
interface PageCacheState {
  store: PageStore;
  invalidations: CacheInvalidations;
  maxBytes: number;
  renders?: RenderGate;
  load?: Pick<LoadMeter, 'hit'>;
  now: () => number;
  /** Pages being rendered, by key: requests for one meanwhile share its render. */
  rendering: Map<string, Promise<Entry | undefined>>;
}

/** Renders a missed page within the render bound; refused, the stale copy if there is one, else 503. */
async function renderBounded(cache: PageCacheState, key: string, request: Request, render: () => Promise<Response>): Promise<{ response: Response; raw?: Buffer } | { stale: Response }> {
  if (!cache.renders) return { response: await render() };
  try {
    return await cache.renders.run(async () => {
      const response = await render();
      // The page is rendered while its body is read: inside the bound.
      return cacheable(response) ? { response, raw: Buffer.from(await response.arrayBuffer()) } : { response };
    }, { urgent: cache.store.known(key) });
  } catch (error) {
    if (!(error instanceof RenderQueueFull)) throw error;
    const stale = cache.store.get(key, cache.now(), { stale: true });
    return { stale: stale ? await respond(request, stale, 'STALE') : busyResponse() };
  }
}

/** Renders a page, once however many ask for it meanwhile (they share what it keeps). */
async function refresh(cache: PageCacheState, request: Request, url: URL, key: string, render: () => Promise<Response>): Promise<Response> {
  let settle!: (entry: Entry | undefined) => void;
  cache.rendering.set(key, new Promise((resolve) => { settle = resolve; }));
  let kept: Entry | undefined;
  try {
    return await renderInto(cache, request, url, key, render, (entry) => { kept = entry; });
  } finally {
    cache.rendering.delete(key);
    settle(kept);
  }
}

/** Renders a missed page (within the render bound), answers it, and keeps it unless a change came meanwhile (`kept` is told). */
async function renderInto(cache: PageCacheState, request: Request, url: URL, key: string, render: () => Promise<Response>, kept: (entry: Entry) => void): Promise<Response> {
  const began = cache.invalidations.current;
  const rendered = await renderBounded(cache, key, request, render);
  if ('stale' in rendered) return rendered.stale;
  const { response } = rendered;
  if (!cacheable(response)) return response;
  const entry = await entryOf(response, rendered.raw ?? Buffer.from(await response.arrayBuffer()), key, url, cache.now());
  // A change seen while it rendered may not be in it: serve it this once, keep nothing.
  if (!cache.invalidations.changedSince(began, entry.tags)) {
    cache.store.set(key, entry);
    kept(entry);
  }
  return respond(request, entry, 'MISS');
}

/**
 * The front door's answer from the cache (createPageCache's `hit`): a fresh copy, or with `stale` (the render line is
 * full) one older than its TTL too, as a refused render serves it (renderBounded).
 */
function frontDoorHit(cache: PageCacheState, request: FrontDoorRequest, options: { stale?: boolean } = {}): CachedAnswer | undefined {
  if (cache.maxBytes <= 0 || (request.method !== 'GET' && request.method !== 'HEAD') || !(cache.invalidations.fresh || options.stale)) return undefined;
  let url: URL;
  try {
    url = new URL(request.url, 'http://localhost');
  } catch {
    return undefined;
  }
  if (UNSHARED_PATHS.test(url.pathname) || lsnCookieOf(request.headers.cookie) !== null) return undefined;
  // A page never kept is never answered from its parameterless twin's copy (a check's value, a map's box).
  if (UNCACHED_PARAMS.some((param) => url.searchParams.has(param))) return undefined;
  const kind = encodingClass(request.headers['accept-encoding'] ?? null);
  if (kind === 'identity') return undefined;
  const entry = cache.store.get(pageCacheKey(url), cache.now(), options);
  if (!entry) return undefined;
  cache.load?.hit();
  const headers: Record<string, string> = Object.fromEntries(entry.headers);
  headers.etag = entry.etag;
  headers.vary = 'Accept-Encoding';
  headers['x-cache'] = options.stale ? 'STALE' : 'HIT';
  if (notModified(entry, request.headers['if-none-match'])) return { status: 304, headers, body: null, impression: entry.impression };
  const body = kind === 'br' ? entry.br : entry.gzip;
  headers['content-encoding'] = kind;
  headers['content-length'] = String(body.length);
  return { status: entry.status, headers, body: request.method === 'HEAD' ? null : body, impression: entry.impression };
}

/** A never-cached page rendered within the bound and read whole there (createPageCache's `bounded`). */
async function boundedRender(renders: RenderGate | undefined, render: () => Promise<Response>): Promise<Response> {
  if (!renders) return render();
  try {
    return await renders.run(async () => {
      const response = await render();
      if (!response.body) return response;
      return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers: response.headers });
    });
  } catch (error) {
    if (error instanceof RenderQueueFull) return busyResponse();
    throw error;
  }
}

/**
 * The front door's answer while the render line is full (createPageCache's `refused`): the kept copy of the page if
 * there is one, however old (a page past its TTL is not a render to wait for), else 503 with Retry-After.
 */
function refusedAnswer(cache: PageCacheState, request: FrontDoorRequest): CachedAnswer | undefined {
  const path = request.url.split('?')[0]!;
  // Files (an image Astro serves from the build) are not renders; sitemaps and robots.txt are.
  if (!cache.renders?.full || UNBOUNDED.test(path) || /\.(?!xml$|txt$)\w+$/.test(path)) return undefined;
  return frontDoorHit(cache, request, { stale: true })
    ?? { status: 503, headers: BUSY_HEADERS, body: Buffer.from(`${new RenderQueueFull().message}\n`), impression: null };
}

/** A rendered page as the cache keeps it: compressed both ways, its kept headers, tags and ETag. */
async function entryOf(response: Response, raw: Buffer, key: string, url: URL, storedAt: number): Promise<Entry> {
  const [br, gz] = (await Promise.all([
    brotli(raw, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzipAsync(raw, { level: 6 }),
  ])).map(ownCopy) as [Buffer, Buffer];
  const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()));
  // A 404 page says nothing of its own caching: a CDN may keep it as briefly as a page's shared copy.
  if (!response.headers.has('Cache-Control')) headers.push(['cache-control', NOT_FOUND_CACHE]);
  return {
    status: response.status === 404 || response.status === 410 ? response.status : 200,
    tags: tagsOf(response, url.pathname),
    storedAt,
    etag: `W/"${createHash('sha1').update(raw).digest('base64url')}"`,
    headers,
    impression: response.headers.get(IMPRESSIONS),
    br,
    gzip: gz,
    bytes: br.length + gz.length + key.length,
  };
}

/** The page cache of a process (createPageCache). */
export type PageCache = ReturnType<typeof createPageCache>;
