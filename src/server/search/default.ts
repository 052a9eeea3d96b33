import { loadConfig } from '../config.ts';
import { database } from '../db/default.ts';
import { createSearchEngine, type SearchEngine } from './engine.ts';

let engine: SearchEngine | undefined;

/** The running site's search engine: worker threads and response cache as configured. */
export function searchEngine(): SearchEngine {
  const config = loadConfig();
  return (engine ??= createSearchEngine(database(), {
    workers: config.searchWorkers,
    databasePath: config.databasePath,
    cacheSize: config.searchCacheSize,
  }));
}
