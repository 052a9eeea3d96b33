import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../project-root.ts';
import { transaction, type Db } from './connection.ts';

const MIGRATIONS_DIR = join(projectRoot, 'src/server/db/sqlite/migrations');

/** Every numbered `NNNN_name.sql` migration file, in order. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
}

function appliedMigrations(db: Db): Set<string> {
  return new Set(db.prepare('SELECT version FROM schema_migrations').all().map((row) => String(row.version)));
}

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own write
 * transaction. The applied list is read inside that transaction, so several processes migrating
 * one file at once each apply a migration at most once (the others find it recorded and move on).
 * Foreign keys are off while a migration rebuilds tables (SQLite's documented procedure) and checked
 * before its commit. A migration may loosen a constraint by editing its table's SQL in place (SQLite's documented
 * procedure, with `PRAGMA writable_schema`): node:sqlite's defensive mode is off while migrations run, and the
 * schema version is bumped after such a file so every connection reads the new SQL. Returns the files this call applied.
 * `before` (a tests' seam for a migration's own test) stops at the first file whose name sorts at or after it.
 */
export function migrate(db: Db, before?: string): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done: string[] = [];
  db.exec('PRAGMA foreign_keys = OFF');
  // node:sqlite has the defensive flag (on by default) from Node 24.12; older releases leave it off, with no method.
  db.enableDefensive?.(false);
  try {
    for (const file of migrationFiles().filter((name) => before === undefined || name < before)) {
      transaction(db, () => {
        if (appliedMigrations(db).has(file)) return;
        const text = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
        db.exec(text);
        if (/writable_schema/i.test(text)) {
          const { schema_version: version } = db.prepare('PRAGMA schema_version').get() as { schema_version: number };
          db.exec(`PRAGMA schema_version = ${version + 1}`);
          const problems = db.prepare('PRAGMA quick_check').all().map((row) => String(row.quick_check)).filter((line) => line !== 'ok');
          if (problems.length > 0) throw new Error(`${file} leaves the schema broken: ${problems.join('; ')}`);
        }
        const broken = db.prepare('PRAGMA foreign_key_check').all();
        if (broken.length > 0) throw new Error(`${file} leaves ${broken.length} rows with broken foreign keys.`);
        db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(file, new Date().toISOString());
        done.push(file);
      });
    }
  } finally {
    db.enableDefensive?.(true);
    db.exec('PRAGMA foreign_keys = ON');
  }
  return done;
}

/** Migrations not applied yet (all of them on a fresh file); the server refuses to start while any are. */
export function pendingMigrations(db: Db): string[] {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  const applied = exists ? appliedMigrations(db) : new Set<string>();
  return migrationFiles().filter((file) => !applied.has(file));
}

/** The notices the migrations `versions` wrote (migration_notices), in order. */
export function migrationNotices(db: Db, versions: readonly string[]): string[] {
  if (versions.length === 0 || !db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migration_notices'").get()) return [];
  return db.prepare(`SELECT notice FROM migration_notices WHERE version IN (${versions.map(() => '?').join(', ')}) ORDER BY rowid`).all(...versions).map((row) => String(row.notice));
}
