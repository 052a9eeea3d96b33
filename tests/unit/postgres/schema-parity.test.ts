import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { openMaintenance } from '../../../src/server/db/backend.ts';
import { migrationFiles as postgresMigrations } from '../../../src/server/db/postgres/migrate.ts';
import { migrationFiles as sqliteMigrations } from '../../../src/server/db/sqlite/migrate.ts';
import { BACKENDS, type TestDatabaseBackend } from '../../helpers/test-database.ts';
import { postgresShape, sqliteShape, type SchemaShape } from '../../helpers/schema-shape.ts';

/**
 * The two schemas are one (issue 39): both dialects' migrations, run on empty databases, give the same tables, the
 * same columns (by type family and nullability) and the same indexes (columns, unique, partial). What each backend
 * keeps its own way is left out: the search index's tables (FTS5 and the facet store on SQLite, tsvector on
 * PostgreSQL) and SQLite's queue of jobs its migrations ask for. A migration written for one dialect only fails here.
 * It runs in the PostgreSQL leg, which has both.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-parity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const backendOwn = (table: string) => table.startsWith('search_') || table === 'pending_jobs';

async function migratedShape(backend: TestDatabaseBackend, read: typeof sqliteShape): Promise<SchemaShape> {
  const url = await backend.fresh(scratch, `parity-${backend.name.toLowerCase()}`);
  const maintenance = await openMaintenance(loadConfig({ DATABASE_URL: url }));
  try {
    await maintenance.migrate();
  } finally {
    await maintenance.close();
  }
  const { query, close } = backend.query(url);
  try {
    return await read(query, backendOwn);
  } finally {
    await close();
    await backend.remove(url);
  }
}

describe('schema parity of SQLite and PostgreSQL', () => {
  it('has the same migrations in both dialects, by name and order, since PostgreSQL\'s first (one schema for SQLite\'s 0001 to 0016)', () => {
    const since = (files: string[]) => files.map((file) => basename(file)).filter((name) => name >= '0017');
    expect(basename(postgresMigrations()[0]!)).toBe('0001_schema.sql');
    expect(since(postgresMigrations())).toEqual(since(sqliteMigrations()));
    expect(since(sqliteMigrations()).length).toBeGreaterThanOrEqual(17);
  });

  it('gives the same tables, columns, nullability, indexes and unique constraints', async () => {
    const [sqlite, postgres] = await Promise.all([migratedShape(BACKENDS.sqlite!, sqliteShape), migratedShape(BACKENDS.postgres!, postgresShape)]);
    expect(Object.keys(postgres.columns).sort()).toEqual(Object.keys(sqlite.columns).sort());
    for (const table of Object.keys(sqlite.columns)) expect([table, postgres.columns[table]]).toEqual([table, sqlite.columns[table]]);
    expect(postgres.indexes).toEqual(sqlite.indexes);
    // The issue's own constraints are there, on both.
    expect(sqlite.indexes).toEqual(expect.arrayContaining([
      'invoices(series, year, sequence) unique', 'invoice_numbers(series, year) unique', 'subscriptions(profile_id) unique partial',
    ]));
  }, 120_000);
});
