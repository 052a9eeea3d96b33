import { DatabaseSync } from 'node:sqlite';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { projectRoot } from '../project-root.ts';
import { rebuildSearchIndex } from './repositories/search-index.ts';

/** The database handle every repository takes as its first argument. */
export type Db = DatabaseSync;

const MIGRATIONS_DIR = join(projectRoot, 'src/server/db/migrations');

/**
 * Opens (creating if needed) the SQLite file at `path` with the settings the architecture asks for
 * (WAL, foreign keys, synchronous=NORMAL) and applies pending migrations.
 */
export function openDatabase(path: string, options: { readOnly?: boolean } = {}): Db {
  if (path !== ':memory:' && !options.readOnly) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { readOnly: options.readOnly ?? false, timeout: 5000 });
  if (!options.readOnly) db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000');
  if (!options.readOnly) migrate(db);
  return db;
}

/** Data a migration derives from existing rows, filled in right after it is applied. */
const FOLLOW_UPS: Record<string, (db: Db) => void> = {
  '0002_search.sql': rebuildSearchIndex,
};

/** Applies every numbered `NNNN_name.sql` file not yet recorded in `schema_migrations`, each in its own transaction. */
export function migrate(db: Db): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').all().map((row) => String(row.version)),
  );
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file) && !applied.has(file))
    .sort();
  for (const file of pending) {
    transaction(db, () => {
      db.exec(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'));
      FOLLOW_UPS[file]?.(db);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(file, new Date().toISOString());
    });
  }
  return pending;
}

/** Runs `work` inside BEGIN/COMMIT, rolling back if it throws. */
export function transaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
