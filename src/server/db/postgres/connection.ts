/**
 * PostgreSQL through `pg` (decision 0019): one pool per process, and Kysely's PostgresDialect on it (decision 0012).
 * Values cross the seam as on SQLite: 64-bit integers and numerics as numbers (ids and counts stay far below 2^53),
 * timestamps as ISO 8601 text in UTC, dates as text. Sessions run in UTC.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConflictError, DatabaseUnavailableError, isDatabaseUnavailable } from '../errors.ts';
import type { Tables } from '../tables.ts';

const { types } = pg;
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
types.setTypeParser(types.builtins.NUMERIC, (value) => Number(value));
types.setTypeParser(types.builtins.FLOAT4, (value) => Number(value));
/** `2026-11-24 09:35:00.123+00` → `2026-11-24T09:35:00.123Z` (the session's time zone is UTC). */
types.setTypeParser(types.builtins.TIMESTAMPTZ, (value) => new Date(`${value.replace(' ', 'T')}${/[+-]\d\d$/.test(value) ? ':00' : ''}`).toISOString());
types.setTypeParser(types.builtins.DATE, (value) => value);

export type Pool = pg.Pool;

/** A pool on the database at `url`; `max` connections (the serving process's default suits 2 cores). */
export function openPool(url: string, options: { max?: number; applicationName?: string } = {}): Pool {
  const pool = new pg.Pool({
    connectionString: url, max: options.max ?? 10, options: '-c TimeZone=UTC', application_name: options.applicationName ?? 'yp',
    idleTimeoutMillis: 30_000,
  });
  // An idle client's error (the server restarted) is the pool's to handle: it drops that client.
  pool.on('error', () => undefined);
  // A checked-out client between two queries (in a transaction) has no query to fail when the server ends its connection:
  // pg emits 'error' on the client, which with no listener was an uncaught exception. Its next query fails instead, and
  // its release drops it (tests/unit/postgres/pool.test.ts).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Kysely on a pool. */
export function postgresKysely(pool: Pool): Kysely<Tables> {
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * A unique violation (SQLSTATE 23505) as the seam's ConflictError; a server that cannot take the write (read-only,
 * shutting down, connection lost) as DatabaseUnavailableError; anything else as it is.
 */
export function translateError(error: unknown): unknown {
  const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
  if (code === '23505') return new ConflictError(constraint ?? 'unique');
  if (isDatabaseUnavailable(error)) return new DatabaseUnavailableError(error);
  return error;
}

/** The URL without its password, for messages. */
export function labelOf(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString().replace(/:@/, '@');
}

/**
 * Closes Kysely and its pool. Kysely ends the pool only once it has run a query through it; a pool used only
 * directly (migrations, checks) would otherwise keep the process alive until its idle timeout.
 */
export async function closeAll(db: Kysely<Tables>, pool: Pool): Promise<void> {
  await db.destroy();
  if (!pool.ended) await pool.end();
}
