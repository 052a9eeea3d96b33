import { mkdirSync } from 'node:fs';
import { documentTerms } from '../../search/engine/tokens.ts';
import { DatabaseSync } from 'node:sqlite';
import { dirname } from 'node:path';
import { systemClock, type Clock } from '../../clock.ts';
import { ConflictError } from '../errors.ts';

/** The node:sqlite handle the SQLite repositories take as their first argument; never seen outside src/server/db/sqlite. */
export type Db = DatabaseSync;

export interface OpenOptions {
  readOnly?: boolean;
  /**
   * How long a statement may wait for another connection's lock, in ms. The serving connection keeps
   * this short (the wait blocks the event loop) and retries writes asynchronously instead (writer.ts);
   * scripts and the migration step may wait longer.
   */
  busyTimeoutMs?: number;
  /** The clock behind SQL's `app_now()` (query.ts NOW_SQL): the app's, so tests that walk it move the database's time too. */
  clock?: Clock;
}

/** The serving connection's lock wait: short, so another process's lock never stalls the event loop for long. */
export const SERVING_BUSY_TIMEOUT_MS = 50;

/**
 * Opens (creating if needed) the SQLite file at `path` with the settings the architecture asks for:
 * WAL, foreign keys on, synchronous=NORMAL (in WAL mode a commit is durable once the WAL is synced at
 * checkpoints; a power cut may lose the last transactions but never corrupts the file). Applies no
 * migrations: that is the explicit `npm run migrate` step (migrate.ts).
 */
export function openDatabase(path: string, options: OpenOptions = {}): Db {
  const readOnly = options.readOnly ?? false;
  if (path !== ':memory:' && !readOnly) mkdirSync(dirname(path), { recursive: true });
  const busy = options.busyTimeoutMs ?? 5000;
  const db = new DatabaseSync(path, { readOnly, timeout: busy });
  if (!readOnly) enableWal(db, busy);
  db.exec(`PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = ${Math.trunc(busy)}`);
  const clock = options.clock ?? systemClock;
  // Deterministic, so SQLite computes it once per statement run (as it does 'now'), not once per row.
  db.function('app_now', { deterministic: true }, () => new Date(clock.now()).toISOString());
  // A search document's body with the words the application adds to it (issue 42: Han pairs and Malay stems of the
  // title and the body).
  db.function('search_body', { deterministic: true }, (title, body) => {
    const text = String(body ?? '');
    const added = documentTerms(`${String(title ?? '')} ${text}`);
    return added === '' ? text : `${text} ${added}`;
  });
  // A search document's title column (issue 63): the title and its own category's names in every language, with the
  // words the application adds to them, so a listing named for what was asked ranks above one that only mentions it.
  db.function('search_title', { deterministic: true }, (title, names) => {
    const text = `${String(title ?? '')} ${String(names ?? '')}`;
    const added = documentTerms(text);
    return added === '' ? text : `${text} ${added}`;
  });
  return db;
}

/**
 * Puts a file in WAL mode. On a brand-new file several processes opening it at once race to switch it, and the switch
 * takes its exclusive lock without SQLite's busy handler (it answers "database is locked" at once): so it is tried
 * again, every 20 ms, until the busy timeout. A file already in WAL mode answers at once.
 */
function enableWal(db: Db, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** Runs `work` inside BEGIN IMMEDIATE/COMMIT, rolling back if it throws. */
export function transaction<T>(db: Db, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** True for SQLite's 'database is locked' / 'busy' errors, which are worth retrying later. */
export function isBusy(error: unknown): boolean {
  const code = (error as { errcode?: number } | undefined)?.errcode;
  // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
  return code !== undefined && ((code & 0xff) === 5 || (code & 0xff) === 6);
}

/** SQLITE_CONSTRAINT_UNIQUE and SQLITE_CONSTRAINT_PRIMARYKEY (extended result codes). */
const UNIQUE_CODES = new Set([2067, 1555]);

/** The seam's ConflictError for a uniqueness failure (its columns, from SQLite's message), else the error itself. */
export function translateError(error: unknown): unknown {
  const { errcode, message } = (error ?? {}) as { errcode?: number; message?: string };
  if (errcode !== undefined && UNIQUE_CODES.has(errcode)) return new ConflictError(/constraint failed: (.+)$/.exec(message ?? '')?.[1] ?? 'unique');
  return error;
}
