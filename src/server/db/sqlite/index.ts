/**
 * The embedded default: the repositories of the data seam (../repositories.ts) on one node:sqlite
 * file. Reads run on the serving connection; every write goes through one Writer (writer.ts), so a
 * lock held by another process is waited for asynchronously, never inside the event loop.
 */
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import type { ListingType } from '../../../shared/constants.ts';
import { KyselyCatalogRepository } from '../kysely/catalog.ts';
import { KyselyMaintenanceRepository } from '../kysely/maintenance.ts';
import { repositoriesOver, type DataRepositories, type QueryAccess, type SearchIndexWrites } from '../kysely/repositories.ts';
import { KyselySitemapRepository } from '../kysely/sitemap.ts';
import { KyselySuggestionRepository } from '../kysely/suggestions.ts';
import type { Tables } from '../tables.ts';
import type { CatalogRepository, MaintenanceRepository, Repositories, SitemapRepository, SuggestionRepository } from '../repositories.ts';
import type { HomeCategoryRow, SuggestionRow } from '../rows.ts';
import { openDatabase, SERVING_BUSY_TIMEOUT_MS, type Db } from './connection.ts';
import { pendingMigrations } from './migrate.ts';
import * as catalogue from './repositories/catalogue-search.ts';
import { findSuggestions, findVocabulary } from './repositories/search.ts';
import { sqliteKysely } from './kysely.ts';
import { Writer } from './writer.ts';
import { postIdBounds, REBUILD_BATCH } from './jobs.ts';
import { finishRebuild, reindexPostRange, reindexPosts } from './repositories/search-index.ts';

/** One Kysely instance per connection, for reads. */
const queryLayers = new WeakMap<Db, Kysely<Tables>>();
function queryLayer(db: Db): Kysely<Tables> {
  let layer = queryLayers.get(db);
  if (!layer) queryLayers.set(db, (layer = sqliteKysely<Tables>(db)));
  return layer;
}

/** The search index's writes on the connection of a write transaction (`check` refuses them once it ended). */
function indexWrites(handle: Db, check: () => void): SearchIndexWrites {
  return {
    async reindexPosts(ids) {
      check();
      reindexPosts(handle, ids);
    },
  };
}

/** Runs hand-written SQL on a connection of this backend (the serving one, or a transaction's). */
type OnConnection = <T>(work: (handle: Db) => T) => Promise<T>;

/** The catalogue, with what this backend answers from its own search tables (FTS5 and the facet store). */
class SqliteCatalogRepository extends KyselyCatalogRepository implements CatalogRepository {
  private readonly index: OnConnection;

  constructor(access: QueryAccess, index: OnConnection) {
    super(access);
    this.index = index;
  }

  findTopPostIdsInCategory(categoryId: number, limit: number): Promise<number[]> {
    return this.index((handle) => catalogue.findTopPostIdsInCategory(handle, categoryId, limit));
  }

  findRelatedPostIds(profileId: number, categoryIds: readonly number[], limit: number): Promise<number[]> {
    return this.index((handle) => catalogue.findRelatedPostIds(handle, profileId, categoryIds, limit));
  }

  findBusiestMainCategories(type: ListingType, limit: number): Promise<HomeCategoryRow[]> {
    return this.index((handle) => catalogue.findBusiestMainCategories(handle, type, limit));
  }
}

class SqliteSuggestionRepository extends KyselySuggestionRepository implements SuggestionRepository {
  private readonly index: OnConnection;

  constructor(access: QueryAccess, index: OnConnection) {
    super(access);
    this.index = index;
  }

  findSuggestions(words: readonly string[], typed: string, type: ListingType | undefined, limit: number): Promise<SuggestionRow[]> {
    return this.index((handle) => findSuggestions(handle, words, typed, type, limit));
  }

  findVocabulary(type: ListingType, limit: number): Promise<string[]> {
    return this.index((handle) => findVocabulary(handle, type, limit));
  }
}

class SqliteSitemapRepository extends KyselySitemapRepository implements SitemapRepository {
  private readonly index: OnConnection;

  constructor(access: QueryAccess, index: OnConnection) {
    super(access);
    this.index = index;
  }

  findCategoryPages(): Promise<{ type: ListingType; slug: string; parent_slug: string | null }[]> {
    return this.index((handle) => catalogue.findCategoryPages(handle));
  }
}

class SqliteMaintenanceRepository extends KyselyMaintenanceRepository implements MaintenanceRepository {
  private readonly index: OnConnection;
  private readonly writer: Writer;

  constructor(access: QueryAccess, index: OnConnection, writer: Writer) {
    super(access);
    this.index = index;
    this.writer = writer;
  }

  async rebuildSearchIndex(): Promise<void> {
    const { low, high } = await this.index((handle) => postIdBounds(handle));
    // Batch by batch, each its own write: the site's writes slip in between.
    for (let from = low; from <= high; from += REBUILD_BATCH) await this.writer.write((handle) => reindexPostRange(handle, from, from + REBUILD_BATCH));
    await this.writer.write((handle) => finishRebuild(handle));
    await this.writer.write((handle) => handle.exec('ANALYZE search_posts'));
  }

  pendingMigrations(): Promise<string[]> {
    return this.index((handle) => pendingMigrations(handle));
  }
}

/** Every repository over `access`, this backend's own answering on the connection `index` gives. */
function repositories(access: QueryAccess, index: OnConnection, writer: Writer): DataRepositories {
  return repositoriesOver(access, {
    catalog: new SqliteCatalogRepository(access, index),
    suggestions: new SqliteSuggestionRepository(access, index),
    sitemap: new SqliteSitemapRepository(access, index),
    maintenance: new SqliteMaintenanceRepository(access, index, writer),
  });
}

/** The repositories inside one transaction on the write connection: reads see its writes; `check` refuses them once it ended. */
function transactionRepositories(handle: Db, check: () => void, writer: Writer, now: () => string): Repositories {
  // Its own query layer, checking before every statement: work that outlived the transaction never writes into the next one.
  const layer = sqliteKysely<Tables>(handle, check);
  const index = indexWrites(handle, check);
  const access: QueryAccess = { read: (work) => work(layer), write: (work) => work(layer, index), now };
  const tx: Repositories = {
    ...repositories(access, async (work) => {
      check();
      return work(handle);
    }, writer),
    // A transaction inside a transaction joins it.
    transaction: (work) => work(tx),
    close: () => Promise.reject(new Error('The repositories of a transaction are not closed: close the app’s.')),
  };
  return tx;
}

/**
 * Repositories over open handles: reads on `reader` (the serving connection), writes through one Writer on
 * `writeDb` (a dedicated write connection; the same handle for a read-only worker, which never writes).
 */
export function sqliteRepositories(reader: Db, writeDb: Db = reader, options: { transactionLimitMs?: number; clock?: Clock } = {}): Repositories & { writer: Writer } {
  const writer = new Writer(writeDb, options);
  const handles = writeDb === reader ? [reader] : [reader, writeDb];
  const clock = options.clock ?? systemClock;
  const now = () => new Date(clock.now()).toISOString();
  return {
    writer,
    ...repositories({
      read: (work) => work(queryLayer(reader)),
      // A write awaits between its statements: it runs as one of the Writer's transactions on the write connection.
      write: (work) => writer.transaction((handle, check) => work(sqliteKysely<Tables>(handle, check), indexWrites(handle, check))),
      now,
    }, async (work) => work(reader), writer),
    transaction: (work) => writer.transaction((handle, check) => work(transactionRepositories(handle, check, writer, now))),
    async close() {
      await writer.drain();
      for (const handle of handles) if (handle.isOpen) handle.close();
    },
  };
}

/**
 * The serving repositories on the file at `path`: a serving connection for reads and a write connection, both with
 * a short busy timeout, since writes retry asynchronously.
 */
export function openSqliteRepositories(path: string, clock: Clock, options: { transactionLimitMs?: number } = {}) {
  const open = () => openDatabase(path, { busyTimeoutMs: SERVING_BUSY_TIMEOUT_MS, clock });
  return sqliteRepositories(open(), open(), { clock, ...options });
}
