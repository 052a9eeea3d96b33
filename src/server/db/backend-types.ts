/**
 * The shapes of a backend (decision 0011), apart from the factory that opens one (backend.ts): each backend's folder
 * implements them without importing the factory back.
 */
import type { ListingType } from '../../shared/constants.ts';
import type { SearchAnswers, SearchEngine } from '../search/engine/search-engine.ts';
import type { Repositories } from './repositories.ts';
import type { Notifications, Replication } from './replication.ts';

export { CHANNELS, type Notifications, type Replication } from './replication.ts';

export interface SearchEngineOptions {
  /** Worker threads running searches; 0 runs them on the calling thread. */
  workers: number;
  /** The media base URL cards are built with. */
  mediaBaseUrl: string;
  /** PostgreSQL: the most (word, listing) pairs its facet store holds in memory (decision 0019). */
  wordIndexMax?: number;
  /** PostgreSQL: the types its facet store holds (SEARCH_TYPES); all when unset. */
  types?: readonly ListingType[];
  /** TEST_CLOCK_FILE, for engines whose threads keep their own clock (end-to-end tests only). */
  clockFile?: string;
}

/** What a serving process (or a job worker) needs of its database. */
export interface Backend {
  /** How messages name the database (a file, or a server without its password). */
  readonly label: string;
  readonly repos: Repositories;
  /** The replicas, or null (SQLite, or PostgreSQL without DATABASE_READ_URLS). */
  readonly replication: Replication | null;
  /** Notifications between processes, or null (SQLite: the invalidation log's poll alone). */
  readonly notifications: Notifications | null;
  /** The backend's search engine, answering through the search service's port (the response cache goes on top, search/engine/search-engine.ts). */
  createSearchEngine(answers: SearchAnswers, options: SearchEngineOptions): SearchEngine;
  close(): Promise<void>;
}

/** What the scripts do to a database beside serving it: migrations, derived data, demo data, backups. */
export interface DatabaseMaintenance {
  readonly label: string;
  pendingMigrations(): Promise<string[]>;
  /** Applies pending migrations (those sorting before `before` only, when given: a migration's own test). */
  migrate(before?: string): Promise<string[]>;
  /** What the migrations `versions` left to tell the person running them (a profile that moved), in order. */
  migrationNotices(versions: readonly string[]): Promise<string[]>;
  /** Runs the derived-data jobs migrations asked for (a search index rebuild), with progress; returns their names. */
  runDerivedJobs(log: (line: string) => void): Promise<string[]>;
  /** Rebuilds the search index in batches while the site may keep serving. */
  reindex(log: (line: string) => void): Promise<void>;
  /** True when the catalogue has no listings yet (a fresh database for the demo data). */
  isEmpty(): Promise<boolean>;
  /** A consistent copy of the live database into `destination`, checked; `integrity` is 'ok' when the copy is sound. */
  backup(destination: string): Promise<{ detail: string; integrity: string }>;
  close(): Promise<void>;
}
