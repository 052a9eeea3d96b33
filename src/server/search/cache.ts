import type { MapResponse, SearchQuery, SearchResponse } from '../../shared/search.ts';
import { isInvalidated, type CacheInvalidations, type Invalidation } from '../cache/invalidations.ts';
import { cacheTags } from '../cache/tags.ts';
import type { SearchEngine } from './engine/search-engine.ts';

/**
 * A small LRU of search responses kept as JSON text (compact, and measured in bytes), each with the tags of the
 * lists it reads (decision 0017). Bounded by entries and by bytes, whichever comes first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { tags: string[]; text: string }>();
  private readonly capacity: number;
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(capacity: number, maxBytes = Number.POSITIVE_INFINITY) {
    this.capacity = capacity;
    this.maxBytes = maxBytes;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key, entry);
    this.entries.set(key, entry);
    this.bytes += entry.text.length;
    return entry.text;
  }

  set(key: string, tags: string[], text: string): void {
    if (this.capacity <= 0 || text.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { tags, text });
    this.bytes += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.capacity && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  /** Drops the responses an invalidation names. */
  invalidate(invalidation: Invalidation): void {
    for (const [key, entry] of this.entries) if (isInvalidated(invalidation, entry.tags)) this.remove(key, entry);
  }

  private remove(key: string, entry: { text: string }): void {
    this.entries.delete(key);
    this.bytes -= entry.text.length;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters of JSON held (about its bytes: responses are mostly ASCII). */
  get byteSize(): number {
    return this.bytes;
  }
}

/** A stable key for a parsed request: keys sorted, undefined fields left out. */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
}

/** The tags of a search's response: the lists of its type (or of every type), which every change to them names. */
function searchTags(query: Pick<SearchQuery, 'type'>): string[] {
  return [query.type ? cacheTags.list(query.type) : cacheTags.allLists];
}

/**
 * Wraps an engine with a response cache per normalised request (spec §7: responses cached per body), whose entries
 * go when a change names their lists (decision 0017).
 */
export function withResponseCache(engine: SearchEngine, invalidations: CacheInvalidations, capacity: number, maxBytes?: number): SearchEngine {
  const cache = new ResponseCache(capacity, maxBytes);
  invalidations.subscribe((invalidation) => cache.invalidate(invalidation));
  /** The answer kept under `key`, or `answer()`'s, kept unless a change to the lists it reads came meanwhile. */
  async function through<T>(key: string, tags: string[], answer: () => Promise<T>): Promise<T> {
    await invalidations.catchUp();
    const cached = cache.get(key);
    // Each caller gets its own copy, parsed from the stored text.
    if (cached) return JSON.parse(cached) as T;
    const began = invalidations.current;
    const response = await answer();
    if (!invalidations.changedSince(began, tags)) cache.set(key, tags, JSON.stringify(response));
    return response;
  }
  return {
    search(query, options) {
      if (options?.cache === false) return engine.search(query);
      return through<SearchResponse>(cacheKey(query), searchTags(query), () => engine.search(query));
    },
    // The map's answers share the cache, keyed apart: the box (4 decimals, as the page sends it) and zoom are in the key.
    map: (query) => through<MapResponse>(`map:${cacheKey(query)}`, searchTags(query), () => engine.map(query)),
    ready: () => engine.ready(),
    close: () => engine.close(),
  };
}
