/**
 * The PostgreSQL search engine: the search service over postgresSearchIndex, on a pool of its own (searches never
 * wait behind the site's writes for a connection). The server does the work; this process only awaits it, so no
 * worker threads are needed to keep the event loop free.
 */
import type { CatalogContext } from '../../catalog/context.ts';
import type { SearchEngineOptions } from '../backend-types.ts';
import type { SearchEngine } from '../../search/engine.ts';
import { runSearch } from '../../search/search-service.ts';
import { closeAll, openPool, postgresKysely } from './connection.ts';
import { postgresSearchIndex } from './search.ts';

export function createPostgresSearchEngine(url: string, catalog: CatalogContext, options: SearchEngineOptions): SearchEngine {
  const pool = openPool(url, { max: Math.max(2, options.workers * 2), applicationName: 'yp-search' });
  const db = postgresKysely(pool);
  const index = postgresSearchIndex(db, { wordIndexMax: options.wordIndexMax });
  return {
    search: (query) => runSearch(index, catalog, query),
    async ready() {
      try {
        return (await pool.query('SELECT 1 AS ok')).rows[0].ok === 1;
      } catch {
        return false;
      }
    },
    close: () => closeAll(db, pool),
  };
}
