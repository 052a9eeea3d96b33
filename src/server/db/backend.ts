/**
 * The backend factory (decision 0011): the config's DATABASE_URL becomes the repositories and the search
 * engine of one backend. The composition root (app-context.ts), the server (serve.ts) and the scripts go
 * through here; nothing else opens a database or imports a backend's folder.
 */
import type { CatalogContext } from '../catalog/context.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { Repositories } from './repositories.ts';
import { openPostgresBackend, openPostgresMaintenance } from './postgres/backend.ts';
import { openSqliteBackend, openSqliteMaintenance } from './sqlite/backend.ts';

export interface SearchEngineOptions {
  /** Worker threads running searches; 0 runs them on the calling thread. */
  workers: number;
  /** The media base URL cards are built with. */
  mediaBaseUrl: string;
  /** PostgreSQL: the most (word, listing) pairs its facet store holds in memory (decision 0019). */
  wordIndexMax?: number;
  /** TEST_CLOCK_FILE, for engines whose threads keep their own clock (end-to-end tests only). */
  clockFile?: string;
}

/** What a serving process (or a job worker) needs of its database. */
export interface Backend {
  /** How messages name the database (a file, or a server without its password). */
  readonly label: string;
  readonly repos: Repositories;
  /** The backend's search engine over the catalogue (the response cache goes on top, search/engine.ts). */
  createSearchEngine(catalog: CatalogContext, options: SearchEngineOptions): SearchEngine;
  close(): Promise<void>;
}

/** What the scripts do to a database beside serving it: migrations, derived data, demo data, backups. */
export interface DatabaseMaintenance {
  readonly label: string;
  pendingMigrations(): Promise<string[]>;
  /** Applies pending migrations; returns their names. */
  migrate(): Promise<string[]>;
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

/**
 * The backend the config names, refusing a database whose migrations are not all applied. The repositories
 * take the time they write and compare with from `clock` (the app's), never from the database server.
 */
export async function openBackend(config: Pick<Config, 'database'> & Partial<Pick<Config, 'transactionLimitMs'>>, clock: Clock = systemClock): Promise<Backend> {
  // The longest a transaction may stay open (decision 0014); the default unless the config says otherwise.
  const options = config.transactionLimitMs === undefined ? {} : { transactionLimitMs: config.transactionLimitMs };
  const backend = config.database.kind === 'sqlite' ? openSqliteBackend(config.database.path, clock, options) : openPostgresBackend(config.database.url, clock, options);
  const pending = await backend.repos.maintenance.pendingMigrations();
  if (pending.length > 0) {
    await backend.close();
    throw new Error(`The database at ${backend.label} is not migrated (pending: ${pending.join(', ')}). Run \`npm run migrate\` first.`);
  }
  return backend;
}

/** The maintenance side of the database the config names (scripts only). */
export async function openMaintenance(config: Pick<Config, 'database'>): Promise<DatabaseMaintenance> {
  return config.database.kind === 'sqlite' ? openSqliteMaintenance(config.database.path) : openPostgresMaintenance(config.database.url);
}
