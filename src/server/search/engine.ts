import type { MapQuery, MapResponse, SearchQuery, SearchResponse } from '../../shared/search.ts';
import type { CacheInvalidations } from '../cache/invalidations.ts';
import type { SearchIndex } from './search-service.ts';
import { cacheKey, ResponseCache } from './cache.ts';
import { cacheTags } from '../cache/tags.ts';

/** Searches (spec §7 post/search). Each database backend brings its own; the SQLite one is src/server/db/sqlite/search-engine.ts. */
export interface SearchEngine {
  /** `cache: false` bypasses the response cache (a saved search's alert: asked once, never again with the same body). */
  search(query: SearchQuery, options?: { cache?: boolean }): Promise<SearchResponse>;
  /** The map's pins and clusters in a box (issue 43: POST /api/post/map). */
  map(query: MapQuery): Promise<MapResponse>;
  /** True when the engine can answer now (its workers are alive and read the database). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * What a backend's engine asks of the search service (its port, issue 60): the answer to a search or a map query
 * read from the engine's index. The composition root gives it (search/answers.ts), so the backends never reach the
 * catalogue.
 */
export interface SearchAnswers {
  search(index: SearchIndex, query: SearchQuery): Promise<SearchResponse>;
  map(index: SearchIndex, query: MapQuery): Promise<MapResponse>;
}

/** The tags of a search's response: the lists of its type (or of every type), which every change to them names. */
export function searchTags(query: Pick<SearchQuery, 'type'>): string[] {
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
