/**
 * The test database port (issue 22): every test file gets a fresh database of the configured backend, a copy of
 * one seeded template, and reads or arranges data through the repositories, the fixtures, the API, or the
 * query layer (`query`, Kysely over `Tables`), never through a driver's handle or SQL text, so the same
 * tests run on every backend. TEST_DATABASE names the backend (`sqlite`, the default, or `postgres`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { seedDemoData } from '../../scripts/seed/demo.ts';
import { createAppContext, type AppContext, type AppContextOptions } from '../../src/server/app-context.ts';
import { openBackend, openMaintenance } from '../../src/server/db/backend.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { Tables } from '../../src/server/db/tables.ts';
import { loadConfig } from '../../src/server/config.ts';
import { postgresTestDatabases } from './postgres/test-database.ts';
import { sqliteTestDatabases } from './sqlite/test-database.ts';
import { SUITE_ENV } from './suite-env.ts';

/** What one backend does for the tests: make, copy and remove databases, and open the query layer on one. */
export interface TestDatabaseBackend {
  readonly name: string;
  /** The DATABASE_URL of a new, empty database called `name` (a file in `dir` where the backend uses files). */
  fresh(dir: string, name: string): Promise<string>;
  /** A consistent copy of the database at `source` (which a running server may hold open); its DATABASE_URL. */
  copy(source: string, dir: string, name: string): Promise<string>;
  remove(url: string): Promise<void>;
  /** The query layer on the database, for reading what a test cannot see through the product (and closing it). */
  query(url: string): { query: Kysely<Tables>; close(): Promise<void> };
}

export const BACKENDS: Record<string, TestDatabaseBackend> = { sqlite: sqliteTestDatabases, postgres: postgresTestDatabases };

/** The backend a database URL is on (a test may open a database of another backend than the configured one). */
export function databasesFor(url: string): TestDatabaseBackend {
  return /^postgres(ql)?:/.test(url) ? BACKENDS.postgres! : BACKENDS.sqlite!;
}

/** The backend the tests run on. */
export function testDatabases(): TestDatabaseBackend {
  const name = process.env.TEST_DATABASE ?? 'sqlite';
  const backend = BACKENDS[name];
  if (!backend) throw new Error(`TEST_DATABASE=${name} is not a backend the tests know (${Object.keys(BACKENDS).join(', ')}).`);
  return backend;
}

/** Size of the demo data the tests share: small, but every kind of row appears. */
const TEST_SEED = { profiles: 300, posts: 1500, seed: 20260101 } as const;

/**
 * Migrates and seeds a new database through the backend's own scripts' paths (the configured backend's, or the one
 * given); returns its DATABASE_URL.
 */
export async function createSeededDatabase(dir: string, mediaDir: string, name = 'template', databases: TestDatabaseBackend = testDatabases()): Promise<string> {
  const url = await databases.fresh(dir, name);
  const config = loadConfig({ ...SUITE_ENV, DATABASE_URL: url });
  const maintenance = await openMaintenance(config);
  try {
    await maintenance.migrate();
  } finally {
    await maintenance.close();
  }
  await seedDemoData(config, { ...TEST_SEED, mediaDir });
  return url;
}

/**
 * A private copy of the database at `source` (the template, or a running server's), in `dir` where the backend
 * uses files (a folder of its own otherwise); `remove` deletes it.
 */
export async function copyOfDatabase(source: string, name = 'test', dir?: string): Promise<{ url: string; remove(): Promise<void> }> {
  const folder = dir ?? mkdtempSync(join(tmpdir(), 'yp-test-'));
  const databases = databasesFor(source);
  const url = await databases.copy(source, folder, name);
  return {
    url,
    async remove() {
      await databases.remove(url);
      if (!dir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** The repositories and the query layer on a database a running server uses (end-to-end tests read what it stored). */
export async function openTestDatabase(url: string): Promise<{ repos: Repositories; query: Kysely<Tables>; close(): Promise<void> }> {
  const backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: url }));
  const layer = databasesFor(url).query(url);
  return {
    repos: backend.repos,
    query: layer.query,
    async close() {
      await layer.close();
      await backend.close();
    },
  };
}

/** The app on a database as the server builds it, without timers, searching on the calling thread. */
export function testApp(url: string, env: Record<string, string> = {}, options: AppContextOptions = {}): Promise<AppContext> {
  // The invalidation log is read on every cached lookup: a test sees its own change at once.
  return createAppContext(loadConfig({ ...SUITE_ENV, DATABASE_URL: url, SEARCH_WORKERS: '0', SEARCH_CACHE_SIZE: '200', CACHE_POLL_MS: '0', ...env }), { timers: false, ...options });
}

export interface TestDatabase {
  /** The copy's DATABASE_URL. */
  readonly url: string;
  /** The app context on it. */
  readonly app: AppContext;
  /** The app's repositories (the data seam). */
  readonly repos: Repositories;
  /** The query layer on it, for what the product does not show (rows gone after a deletion, a column's value). */
  readonly query: Kysely<Tables>;
}

/**
 * Gives a test file its own copy of the template database for all its tests, ready from the first
 * `beforeAll` on and removed after the last test.
 */
export function useTestDatabase(env: Record<string, string> = {}, options: AppContextOptions = {}): TestDatabase {
  let copy: Awaited<ReturnType<typeof copyOfDatabase>> | undefined;
  let app: AppContext | undefined;
  let layer: ReturnType<TestDatabaseBackend['query']> | undefined;
  beforeAll(async () => {
    copy = await copyOfDatabase(inject('templateUrl'));
    app = await testApp(copy.url, env, options);
    layer = databasesFor(copy.url).query(copy.url);
  });
  afterAll(async () => {
    await layer?.close();
    await app?.close();
    await copy?.remove();
  });
  return {
    get url() { return copy!.url; },
    get app() { return app!; },
    get repos() { return app!.repos; },
    get query() { return layer!.query; },
  };
}

/** How many rows a table holds (for checks that a refused request stored nothing). */
export async function rowCount(query: Kysely<Tables>, table: keyof Tables): Promise<number> {
  const row = await query.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Copies of a database (the end-to-end server's, by default) for the servers a test file starts itself: `copy(name)`
 * answers a new copy's DATABASE_URL; every copy is removed after the file's last test.
 */
export function useDatabaseCopies(source: () => string = () => inject('e2eUrl')): (name: string) => Promise<string> {
  const made: { remove(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const copy of made.splice(0)) await copy.remove();
  });
  return async (name) => {
    const copy = await copyOfDatabase(source(), name);
    made.push(copy);
    return copy.url;
  };
}
