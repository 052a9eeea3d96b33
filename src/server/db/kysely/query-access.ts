/** How the repositories reach one backend: its reads, its writes (each its own transaction, or the caller's), and its clock. */
import type { QueryDb } from './query.ts';

/** The search index's writes a change to posts makes, inside the change's transaction. */
export interface SearchIndexWrites {
  /** Brings the search rows of these posts in step with them (and records the cache tags they touch). */
  reindexPosts(ids: readonly number[]): Promise<void>;
}

/** How the repositories reach one backend. */
export interface QueryAccess {
  read<T>(work: (db: QueryDb) => Promise<T>): Promise<T>;
  /** One write: its own transaction, or the caller's, with the search index's writes in it. */
  write<T>(work: (db: QueryDb, index: SearchIndexWrites) => Promise<T>): Promise<T>;
  /** The app clock's time, as timestamps are stored (ISO 8601, UTC). */
  now(): string;
}

/**
 * A repository written once over the query layer (decision 0012, issue 61): built on a backend's way of reaching the
 * database, or on an open transaction (every call joins it). Its methods only store and read: which change is allowed,
 * and what follows it, is the commands' to say (server/command.ts).
 */
export abstract class QueryRepository {
  protected readonly access: QueryAccess;

  constructor(access: QueryAccess) {
    this.access = access;
  }

  /** The app clock's time, as timestamps are stored. */
  protected get now(): string {
    return this.access.now();
  }

  protected read<T>(work: (db: QueryDb) => Promise<T>): Promise<T> {
    return this.access.read(work);
  }

  /** One write: its own transaction, or the caller's. */
  protected write<T>(work: (db: QueryDb) => Promise<T>): Promise<T> {
    return this.access.write(work);
  }
}
