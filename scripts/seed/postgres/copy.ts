/**
 * PostgreSQL's path for the demo data (scripts/seed/demo.ts chooses it): the SQLite fast path generates the data into a
 * temporary file, and its rows are copied here table by table, parents before children, each batch one statement
 * (`json_populate_recordset` types every column from the table itself: 0/1 to boolean, ISO text to timestamptz, JSON
 * text to jsonb). Then the identity sequences move past the copied ids, and the search tables are built.
 */
import { mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openMaintenance } from '../../../src/server/db/backend.ts';
import type { SeedOptions, SeedSummary } from '../demo.ts';
import { seedSqliteFile } from '../sqlite/generate.ts';
import { openSeedFile, type Row } from '../sqlite/read-tables.ts';

/** Rows per INSERT: large enough that a 5-million-post copy is a few thousand statements. */
const BATCH = 5_000;

/** The tables of the public schema, each after the tables it references (the search tables are built, not copied). */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const tables = (await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'
    AND tablename NOT LIKE 'search\\_%' AND tablename <> 'schema_migrations' ORDER BY tablename`)).rows.map((row: { tablename: string }) => row.tablename);
  const references = (await client.query(`SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent
    FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`)).rows as { child: string; parent: string }[];
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((reference) => reference.child === table && reference.parent !== table)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** The table's jsonb columns: their SQLite text is parsed, so the document is stored, not a string of it. */
async function jsonColumns(client: pg.Client, table: string): Promise<string[]> {
  return (await client.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
    AND data_type = 'jsonb'`, [table])).rows.map((row: { column_name: string }) => row.column_name);
}

function toDocument(row: Row, json: readonly string[]): Row {
  if (json.length === 0) return row;
  const copy = { ...row };
  for (const column of json) if (typeof copy[column] === 'string') copy[column] = JSON.parse(copy[column] as string);
  return copy;
}

/** Copies every row of the seeded SQLite file at `source` into the empty, migrated PostgreSQL database at `url`. */
export async function copyRows(source: string, url: string, log: (line: string) => void): Promise<void> {
  const file = openSeedFile(source);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const table of await tablesInOrder(client)) {
      const json = await jsonColumns(client, table);
      const name = pg.escapeIdentifier(table);
      // The rows are the source's, rules already kept: the triggers (checks, cache tags, first_live_at) stay quiet.
      await client.query(`ALTER TABLE ${name} DISABLE TRIGGER USER`);
      let count = 0;
      for (const rows of file.rows(table, BATCH)) {
        await client.query(`INSERT INTO ${name} SELECT * FROM json_populate_recordset(NULL::${name}, $1)`,
          [JSON.stringify(rows.map((row) => toDocument(row, json)), (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value))]);
        count += rows.length;
      }
      await client.query(`ALTER TABLE ${name} ENABLE TRIGGER USER`);
      if (count > 0) log(`${table}: ${count} rows`);
    }
    // Identity columns continue after the copied ids.
    const identities = (await client.query(`SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND is_identity = 'YES'`)).rows as { table_name: string; column_name: string }[];
    for (const { table_name: table, column_name: column } of identities) {
      await client.query(`SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${pg.escapeIdentifier(column)}) FROM ${pg.escapeIdentifier(table)}), 0) + 1, false)`,
        [table, column]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
    file.close();
  }
}

/**
 * Disk per listing, measured at 500,000 listings (decision 0019): the scratch SQLite file (media rows, reviews and
 * all) and the PostgreSQL database with its indexes and search tables.
 */
const SCRATCH_BYTES_PER_POST = 2_820;
const POSTGRES_BYTES_PER_POST = 4_030;
const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/** Says what the seed will take on disk, and refuses when the scratch folder lacks the room. */
function checkDisk(dir: string, posts: number, log: (line: string) => void): void {
  const scratch = posts * SCRATCH_BYTES_PER_POST;
  const database = posts * POSTGRES_BYTES_PER_POST;
  const stats = statfsSync(dir);
  const free = stats.bavail * stats.bsize;
  log(`${posts} listings need about ${gigabytes(scratch)} of scratch space in ${dir} (free: ${gigabytes(free)}), `
    + `and about ${gigabytes(database)} in PostgreSQL's data folder.`);
  if (free < scratch * 1.2) throw new Error(`Not enough room in ${dir} for the scratch file: set TMPDIR to a larger disk.`);
}

export async function seedPostgres(url: string, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'yp-seed-'));
  checkDisk(dir, options.posts, log);
  const source = join(dir, 'seed.db');
  try {
    const target = await openMaintenance({ database: { kind: 'postgres', url } });
    try {
      if (!(await target.isEmpty())) throw new Error('The database already holds a catalogue; seed an empty database.');
    } finally {
      await target.close();
    }
    const scratch = await openMaintenance({ database: { kind: 'sqlite', path: source } });
    await scratch.migrate().finally(() => scratch.close());
    const summary = await seedSqliteFile(source, { ...options, log, scratch: true });
    log(`generated in ${((performance.now() - started) / 1000).toFixed(0)} s; copying into PostgreSQL…`);
    await copyRows(source, url, log);
    log(`copied at ${((performance.now() - started) / 1000).toFixed(0)} s; building the search tables…`);
    const maintenance = await openMaintenance({ database: { kind: 'postgres', url } });
    try {
      await maintenance.reindex(log);
    } finally {
      await maintenance.close();
    }
    return { ...summary, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Fills the empty, migrated PostgreSQL database at `url` with the rows of the SQLite database at `source` (the
 * benchmarks compare both backends on the same rows), then builds its search tables.
 */
export async function copySqliteIntoPostgres(source: string, url: string, log: (line: string) => void = () => {}): Promise<void> {
  await copyRows(source, url, log);
  const maintenance = await openMaintenance({ database: { kind: 'postgres', url } });
  try {
    await maintenance.reindex(log);
  } finally {
    await maintenance.close();
  }
}
