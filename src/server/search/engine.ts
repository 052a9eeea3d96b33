import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { SearchQuery, SearchResponse } from '../../shared/search.ts';
import type { Db } from '../db/connection.ts';
import { catalogVersion } from '../db/repositories/search.ts';
import { projectRoot } from '../project-root.ts';
import { cacheKey, ResponseCache } from './cache.ts';
import { runSearch } from './search.ts';

export interface SearchEngineOptions {
  /** Worker threads running searches; 0 runs them on the calling thread. */
  workers: number;
  /** The database file the workers open read-only (required when workers > 0). */
  databasePath?: string;
  /** Cached responses kept; 0 turns the cache off. */
  cacheSize: number;
}

export interface SearchEngine {
  search(query: SearchQuery): Promise<SearchResponse>;
  close(): Promise<void>;
}

/**
 * Searches with a response cache per normalised request (spec §7), invalidated whenever the
 * catalogue version changes, and, when asked, a pool of worker threads so the synchronous SQLite
 * calls of a heavy search never stall the server (SEARCH-NOTES.md: 24 concurrent searches froze it for 3 s).
 */
export function createSearchEngine(db: Db, options: SearchEngineOptions): SearchEngine {
  const cache = new ResponseCache<SearchResponse>(options.cacheSize);
  const pool = options.workers > 0
    ? new Piscina({
      filename: join(projectRoot, 'src/server/search/worker.ts'),
      workerData: { databasePath: options.databasePath },
      minThreads: options.workers,
      maxThreads: options.workers,
    })
    : undefined;
  if (pool && !options.databasePath) throw new Error('Search workers need the database path.');
  return {
    async search(query) {
      const version = catalogVersion(db);
      const key = cacheKey(query);
      const cached = cache.get(key, version);
      if (cached) return structuredClone(cached);
      const response: SearchResponse = pool ? await pool.run(query) : runSearch(db, query);
      cache.set(key, version, response);
      return structuredClone(response);
    },
    async close() {
      await pool?.destroy();
    },
  };
}
