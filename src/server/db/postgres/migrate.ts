/**
 * PostgreSQL's migrations (decision 0019): SQL files in its own dialect under ./migrations, numbered like
 * SQLite's, each applied once in its own transaction and recorded in schema_migrations. An advisory lock makes
 * several processes migrating at once apply each file once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../project-root.ts';
import type { Pool } from './connection.ts';

const MIGRATIONS_DIR = join(projectRoot, 'src/server/db/postgres/migrations');
/** The advisory lock's key: any number the app uses for nothing else. */
const MIGRATION_LOCK = 20_261_124;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
}

async function applied(pool: Pool): Promise<Set<string>> {
  const exists = await pool.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS found");
  if (!exists.rows[0].found) return new Set();
  return new Set((await pool.query('SELECT version FROM schema_migrations')).rows.map((row: { version: string }) => row.version));
}

/**
 * Applies the migrations not yet recorded; returns the files this call applied. `before` (a tests' seam for a
 * migration's own test) stops at the first file whose name sorts at or after it.
 */
export async function migrate(pool: Pool, before?: string): Promise<string[]> {
  const client = await pool.connect();
  const done: string[] = [];
  try {
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL)');
    for (const file of migrationFiles().filter((name) => before === undefined || name < before)) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        const found = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file]);
        if (found.rowCount === 0) {
          await client.query(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
          await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [file]);
          done.push(file);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    client.release();
  }
  return done;
}

/** Migrations not applied yet; the server refuses to start while any are. */
export async function pendingMigrations(pool: Pool): Promise<string[]> {
  const done = await applied(pool);
  return migrationFiles().filter((file) => !done.has(file));
}

/** The notices the migrations `versions` wrote (migration_notices), in order. */
export async function migrationNotices(pool: Pool, versions: readonly string[]): Promise<string[]> {
  if (versions.length === 0 || !(await pool.query("SELECT to_regclass('migration_notices') IS NOT NULL AS found")).rows[0].found) return [];
  const { rows } = await pool.query('SELECT notice FROM migration_notices WHERE version = ANY($1) ORDER BY ctid', [versions]);
  return rows.map((row: { notice: string }) => row.notice);
}
