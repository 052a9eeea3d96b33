import type { SearchQuery, SearchResponse } from '../../shared/search.ts';
import type { Repositories } from '../db/repositories.ts';
import { cacheKey, ResponseCache } from './cache.ts';

/** Searches (spec §7 post/search). Each database backend brings its own; the SQLite one is src/server/db/sqlite/search-engine.ts. */
export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResponse>;
  close(): Promise<void>;
}

/**
 * Wraps an engine with a response cache per normalised request (spec §7: responses cached per
 * body), invalidated whenever the catalogue version changes.
 */
export function withResponseCache(engine: SearchEngine, repos: Repositories, capacity: number): SearchEngine {
  const cache = new ResponseCache<SearchResponse>(capacity);
  return {
    async search(query) {
      const version = await repos.catalog.catalogVersion();
      const key = cacheKey(query);
      const cached = cache.get(key, version);
      if (cached) return structuredClone(cached);
      const response = await engine.search(query);
      cache.set(key, version, response);
      return structuredClone(response);
    },
    close: () => engine.close(),
  };
}
