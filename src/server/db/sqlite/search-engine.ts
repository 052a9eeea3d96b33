import { join } from 'node:path';
import { Piscina } from 'piscina';
import type { SearchAnswers, SearchEngine } from '../../search/engine/search-engine.ts';
import { projectRoot } from '../../project-root.ts';
import { openDatabase } from './connection.ts';
import { sqliteSearchIndex } from './search.ts';

export interface SqliteSearchOptions {
  /** Worker threads running searches; 0 runs them on the calling thread. */
  workers: number;
  /** The database file searches read, through their own read-only connection(s). */
  databasePath: string;
  /** The media base URL the workers build card images with. */
  mediaBaseUrl: string;
  /** TEST_CLOCK_FILE, which worker threads follow as the app's clock does (end-to-end tests only). */
  clockFile?: string;
}

/**
 * The SQLite search engine. With workers, a pool of threads each with its own read-only connection,
 * so the synchronous SQLite calls of a heavy search never stall the server (SEARCH-NOTES.md: 24
 * concurrent searches froze it for 3 s).
 */
export function createSqliteSearchEngine(answers: SearchAnswers, options: SqliteSearchOptions): SearchEngine {
  const db = options.workers > 0 ? undefined : openDatabase(options.databasePath, { readOnly: true });
  const index = db && sqliteSearchIndex(db);
  const pool = options.workers > 0
    ? new Piscina({
      filename: join(projectRoot, 'src/server/search-worker.ts'),
      workerData: { databasePath: options.databasePath, mediaBaseUrl: options.mediaBaseUrl, clockFile: options.clockFile },
      minThreads: options.workers,
      // First come, first served: by default piscina puts a task it could not hand out at the back of
      // the queue, which under a burst left some searches waiting the whole burst (p99 8-11 s at c=64).
      stricterFIFO: true,
      maxThreads: options.workers,
      // A small young generation: searches allocate briefly, and a large one only grows the process's RSS under load.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    })
    : undefined;
  return {
    search: (query) => (pool ? pool.run(query) : answers.search(index!, query)),
    map: (query) => (pool ? pool.run(query, { name: 'map' }) : answers.map(index!, query)),
    async ready() {
      try {
        return pool ? (await pool.run(null, { name: 'ping' })) === true : db!.prepare('SELECT 1 AS ok').get()?.ok === 1;
      } catch {
        return false;
      }
    },
    async close() {
      // Searches already running or queued finish first (a graceful shutdown lets requests in flight complete).
      await pool?.close();
      db?.close();
    },
  };
}
