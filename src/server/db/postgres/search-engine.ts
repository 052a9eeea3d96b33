/**
 * The PostgreSQL search engine: the search service over postgresSearchIndex, on a pool of its own (searches never
 * wait behind the site's writes for a connection), and on the replicas' when there are some (issue 41). The server
 * does most of the work; this process counts in its facet store, and with SEARCH_WORKERS ≥ 1 one helper thread counts
 * half of each large count (search/engine/count-worker.ts; the store's columns are shared memory). The facet store loads as
 * the engine starts: until it has, the engine is not ready (GET /readyz answers 503).
 */
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { projectRoot } from '../../project-root.ts';
import type { CountShare } from '../../search/engine/count-worker.ts';
import type { TallyPart } from '../../search/engine/tally.ts';
import type { SearchEngineOptions } from '../backend-types.ts';
import type { SearchAnswers, SearchEngine } from '../../search/engine/search-engine.ts';
import { closeAll, openPool, postgresKysely } from './connection.ts';
import type { ReplicaSet } from './replicas.ts';
import { postgresSearchIndex } from './search.ts';

/** How soon a failed load of the facet store is tried again. */
const WARM_RETRY_MS = 5_000;

export function createPostgresSearchEngine(url: string, answers: SearchAnswers, options: SearchEngineOptions & { replicas?: ReplicaSet | null }): SearchEngine {
  const max = Math.max(2, options.workers * 2);
  const pool = openPool(url, { max, applicationName: 'yp-search' });
  const db = postgresKysely(pool);
  const router = options.replicas?.router(db, max, 'yp-search');
  const helper = options.workers > 0
    ? new Piscina<CountShare, TallyPart>({
      filename: join(projectRoot, 'src/server/search/engine/count-worker.ts'), minThreads: 1, maxThreads: 1,
      // It keeps nothing between counts: a small young generation.
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    })
    : undefined;
  const index = postgresSearchIndex(router?.read ?? ((work) => work(db)), {
    wordIndexMax: options.wordIndexMax, types: options.types, countHelper: helper && ((share) => helper.run(share)),
  });
  let warmed = false;
  let closed = false;
  // Until it has loaded once; a database that cannot answer yet is asked again.
  const warming = (async () => {
    while (!closed) {
      try {
        await index.warm();
        warmed = true;
        return;
      } catch (error) {
        console.error(`Loading the search's facet store failed; trying again in ${WARM_RETRY_MS / 1000} s: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, WARM_RETRY_MS).unref());
      }
    }
  })();
  return {
    search: (query) => answers.search(index, query),
    map: (query) => answers.map(index, query),
    async ready() {
      if (!warmed) return false;
      try {
        return (await pool.query('SELECT 1 AS ok')).rows[0].ok === 1;
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      await warming;
      await router?.close();
      await helper?.close();
      await closeAll(db, pool);
    },
  };
}
