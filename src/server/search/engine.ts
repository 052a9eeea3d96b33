import type { SearchQuery, SearchResponse } from '../../shared/search.ts';
import type { Repositories } from '../db/repositories.ts';
import { cacheKey, ResponseCache } from './cache.ts';

/** Searches (spec §7 post/search). Each database backend brings its own; the SQLite one is src/server/db/sqlite/search-engine.ts. */
export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResponse>;
  /** True when the engine can answer now (its workers are alive and read the database). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Wraps an engine with a response cache per normalised request (spec §7: responses cached per
 * body), invalidated whenever the catalogue version changes.
 */
export function withResponseCache(engine: SearchEngine, repos: Repositories, capacity: number, maxBytes?: number): SearchEngine {
  const cache = new ResponseCache(capacity, maxBytes);
  return {
    async search(query) {
      const version = await repos.catalog.catalogVersion();
      const key = cacheKey(query);
      const cached = cache.get(key, version);
      // Each caller gets its own copy, parsed from the stored text.
      if (cached) return JSON.parse(cached) as SearchResponse;
      const response = await engine.search(query);
      cache.set(key, version, JSON.stringify(response));
      return response;
    },
    ready: () => engine.ready(),
    close: () => engine.close(),
  };
}
