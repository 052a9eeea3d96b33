/**
 * The repositories of the data seam on PostgreSQL (decision 0019): the query layer's (../kysely/repositories.ts) on a
 * `pg` pool, with this backend's own search-index reads and writes (search-index.ts). Each write is one transaction;
 * a service's transaction has a connection of its own, is rolled back past its limit, and refuses statements once
 * it has ended, as the SQLite Writer's do (decision 0014).
 */
import type { Kysely, KyselyPlugin, Transaction } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import { TransactionTimeoutError } from '../errors.ts';
import type { ListingType } from '../../../shared/constants.ts';
import { KyselyCatalogRepository } from '../kysely/catalog.ts';
import { KyselyMaintenanceRepository } from '../kysely/maintenance.ts';
import { repositoriesOver, type DataRepositories, type QueryAccess, type SearchIndexWrites } from '../kysely/repositories.ts';
import { KyselySitemapRepository } from '../kysely/sitemap.ts';
import { KyselySuggestionRepository } from '../kysely/suggestions.ts';
import type { QueryDb } from '../kysely/query.ts';
import type { CatalogRepository, MaintenanceRepository, Repositories, SitemapRepository, SuggestionRepository } from '../repositories.ts';
import type { HomeCategoryRow, SuggestionRow } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { closeAll, postgresKysely, translateError, type Pool } from './connection.ts';
import { pendingMigrations } from './migrate.ts';
import * as search from './search-index.ts';
import { TRANSACTION_LIMIT_MS } from './transaction-limit.ts';
import type { ReplicaSet } from './replicas.ts';

/** Posts reindexed per transaction by a rebuild. */
export const REBUILD_BATCH = 5_000;

/** A plugin that runs `check` before every statement: work that outlived its transaction never runs outside it. */
function checked(check: () => void): KyselyPlugin {
  return {
    transformQuery(args) {
      check();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

/**
 * Runs `work` in one transaction on a connection of its own: committed when it resolves, rolled back when it
 * throws or outlives `limitMs` (TransactionTimeoutError).
 */
async function inTransaction<T>(db: Kysely<Tables>, limitMs: number, work: (trx: QueryDb) => Promise<T>): Promise<T> {
  let state: 'open' | 'timed out' | 'done' = 'open';
  const check = () => {
    if (state === 'timed out') throw new TransactionTimeoutError(limitMs);
    if (state === 'done') throw new Error('This transaction has ended: use the repositories it was given only inside it.');
  };
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      state = 'timed out';
      reject(new TransactionTimeoutError(limitMs));
    }, limitMs);
    timer.unref();
  });
  limit.catch(() => undefined);
  try {
    return await db.transaction().execute(async (trx: Transaction<Tables>) => {
      const result = await Promise.race([work(trx.withPlugin(checked(check))), limit]);
      check();
      return result;
    });
  } catch (error) {
    throw translateError(error);
  } finally {
    clearTimeout(timer);
    if (state === 'open') state = 'done';
  }
}

function indexWrites(db: QueryDb, now: () => string): SearchIndexWrites {
  return { reindexPosts: (ids) => search.reindexPosts(db, ids, now()) };
}

/** The catalogue, with what this backend answers from its own search tables (search-index.ts). */
class PostgresCatalogRepository extends KyselyCatalogRepository implements CatalogRepository {
  findTopPostIdsInCategory(categoryId: number, limit: number): Promise<number[]> {
    return this.read((db) => search.findTopPostIdsInCategory(db, categoryId, limit));
  }

  findRelatedPostIds(profileId: number, categoryIds: readonly number[], limit: number): Promise<number[]> {
    return this.read((db) => search.findRelatedPostIds(db, profileId, categoryIds, limit));
  }

  findBusiestMainCategories(type: ListingType, limit: number): Promise<HomeCategoryRow[]> {
    return this.read((db) => search.findBusiestMainCategories(db, type, limit));
  }
}

class PostgresSuggestionRepository extends KyselySuggestionRepository implements SuggestionRepository {
  findSuggestions(words: readonly string[], typed: string, type: ListingType | undefined, limit: number): Promise<SuggestionRow[]> {
    return this.read((db) => search.findSuggestions(db, words, typed, type, limit));
  }

  findVocabulary(type: ListingType, limit: number): Promise<string[]> {
    return this.read((db) => search.findVocabulary(db, type, limit));
  }
}

class PostgresSitemapRepository extends KyselySitemapRepository implements SitemapRepository {
  findCategoryPages(): Promise<{ type: ListingType; slug: string; parent_slug: string | null }[]> {
    return this.read((db) => search.findCategoryPages(db));
  }
}

class PostgresMaintenanceRepository extends KyselyMaintenanceRepository implements MaintenanceRepository {
  private readonly pool: Pool;

  constructor(access: QueryAccess, pool: Pool) {
    super(access);
    this.pool = pool;
  }

  async rebuildSearchIndex(): Promise<void> {
    const { low, high } = await this.read((db) => search.postIdBounds(db));
    // Batch by batch, each its own transaction: the site's writes slip in between.
    for (let from = low; from <= high; from += REBUILD_BATCH) await this.write((db) => search.reindexPostRange(db, from, from + REBUILD_BATCH, this.now));
    await this.write((db) => search.finishRebuild(db, this.now));
    await this.pool.query('ANALYZE search_posts');
  }

  pendingMigrations(): Promise<string[]> {
    return pendingMigrations(this.pool);
  }
}

/** Every repository over `access`, with this backend's own. */
function repositories(access: QueryAccess, pool: Pool): DataRepositories {
  return repositoriesOver(access, {
    catalog: new PostgresCatalogRepository(access),
    suggestions: new PostgresSuggestionRepository(access),
    sitemap: new PostgresSitemapRepository(access),
    maintenance: new PostgresMaintenanceRepository(access, pool),
  });
}

/** The repositories bound to one open transaction: reads see its writes; a transaction inside it joins it. */
function transactionRepositories(trx: QueryDb, pool: Pool, now: () => string): Repositories {
  const index = indexWrites(trx, now);
  const access: QueryAccess = { read: (work) => work(trx), write: (work) => work(trx, index), now };
  const tx: Repositories = {
    ...repositories(access, pool),
    transaction: (work) => work(tx),
    close: () => Promise.reject(new Error('The repositories of a transaction are not closed: close the app’s.')),
  };
  return tx;
}

/**
 * The repositories on a pool; `close` ends the pool. With `replicas`, the catalogue, suggestions and sitemaps read
 * where the request's scope allows (replicas.ts); everything else (sessions, counters, jobs, the outbox, billing, one
 * person's pages) reads the primary, as every write does.
 */
export function postgresRepositories(pool: Pool, options: {
  clock?: Clock; transactionLimitMs?: number; replicas?: ReplicaSet | null;
  /** Told after each transaction that committed (the notification hub's sender, outside the transaction). */
  afterCommit?: () => void;
} = {}): Repositories {
  const clock = options.clock ?? systemClock;
  const limitMs = options.transactionLimitMs ?? TRANSACTION_LIMIT_MS;
  const now = () => new Date(clock.now()).toISOString();
  const db = postgresKysely(pool);
  const read = <T>(work: (db: QueryDb) => Promise<T>) => work(db);
  const transact = async <T>(work: (trx: QueryDb) => Promise<T>): Promise<T> => {
    const result = await inTransaction(db, limitMs, work);
    options.afterCommit?.();
    return result;
  };
  const bound = (reader: typeof read) => repositories({
    read: reader,
    write: (work) => transact((trx) => work(trx, indexWrites(trx, now))),
    now,
  }, pool);
  const onPrimary = bound(read);
  const router = options.replicas?.router(db, 5, 'yp-replica');
  const shared = router ? bound(router.read) : onPrimary;
  return {
    ...onPrimary,
    catalog: shared.catalog,
    suggestions: shared.suggestions,
    sitemap: shared.sitemap,
    transaction: (work) => transact((trx) => work(transactionRepositories(trx, pool, now))),
    async close() {
      await router?.close();
      await closeAll(db, pool);
    },
  };
}
