/**
 * The embedded default: the repositories of the data seam (../repositories.ts) on one node:sqlite
 * file. Reads run on the serving connection; every write goes through one Writer (writer.ts), so a
 * lock held by another process is waited for asynchronously, never inside the event loop.
 */
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.ts';
import { queryRepositories, type BackendOwnRepositories, type QueryAccess, type SearchIndexWrites } from '../kysely/repositories.ts';
import type { Tables } from '../tables.ts';
import type { Repositories } from '../repositories.ts';
import { openDatabase, SERVING_BUSY_TIMEOUT_MS, type Db } from './connection.ts';
import { pendingMigrations } from './migrate.ts';
import * as catalogue from './repositories/catalogue-search.ts';
import { findSuggestions } from './repositories/search.ts';
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

/**
 * What this backend answers from its own search tables, and its migrations: hand-written SQL on a connection
 * (`read` gives it), while everything else is the query layer's (../kysely/repositories.ts).
 */
function ownRepositories(read: <T>(work: (db: Db) => T) => Promise<T>, writer: Writer): BackendOwnRepositories {
  return {
    catalog: {
      findTopPostIdsInCategory: (categoryId, limit) => read((handle) => catalogue.findTopPostIdsInCategory(handle, categoryId, limit)),
      findRelatedPostIds: (profileId, categoryIds, limit) => read((handle) => catalogue.findRelatedPostIds(handle, profileId, categoryIds, limit)),
      findBusiestMainCategories: (type, limit) => read((handle) => catalogue.findBusiestMainCategories(handle, type, limit)),
    },
    suggestions: {
      findSuggestions: (words, typed, type, limit) => read((handle) => findSuggestions(handle, words, typed, type, limit)),
    },
    sitemap: {
      findCategoryPages: () => read((handle) => catalogue.findCategoryPages(handle)),
    },
    maintenance: {
      async rebuildSearchIndex() {
        const { low, high } = await read((handle) => postIdBounds(handle));
        // Batch by batch, each its own write: the site's writes slip in between.
        for (let from = low; from <= high; from += REBUILD_BATCH) await writer.write((handle) => reindexPostRange(handle, from, from + REBUILD_BATCH));
        await writer.write((handle) => finishRebuild(handle));
        await writer.write((handle) => handle.exec('ANALYZE search_posts'));
      },
      pendingMigrations: () => read((handle) => pendingMigrations(handle)),
    },
  };
}

/** The repositories inside one transaction on the write connection: reads see its writes; `check` refuses them once it ended. */
function transactionRepositories(handle: Db, check: () => void, writer: Writer, now: () => string): Repositories {
  // Its own query layer, checking before every statement: work that outlived the transaction never writes into the next one.
  const layer = sqliteKysely<Tables>(handle, check);
  const index = indexWrites(handle, check);
  const access: QueryAccess = { read: (work) => work(layer), write: (work) => work(layer, index), now };
  const tx: Repositories = {
    ...queryRepositories(access, ownRepositories(async (work) => {
      check();
      return work(handle);
    }, writer)),
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
    ...queryRepositories({
      read: (work) => work(queryLayer(reader)),
      // A write awaits between its statements: it runs as one of the Writer's transactions on the write connection.
      write: (work) => writer.transaction((handle, check) => work(sqliteKysely<Tables>(handle, check), indexWrites(handle, check))),
      now,
    }, ownRepositories(async (work) => work(reader), writer)),
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
