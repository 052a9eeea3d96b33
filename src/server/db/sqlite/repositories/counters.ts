/** SQL of the persistent counters and the app's own secrets (migration 0012). */
import type { CounterState } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, one, statement } from '../query.ts';

interface CounterRow {
  points: number;
  reset_at: number;
  blocked_until: number | null;
}

const stateOf = (row: CounterRow): CounterState => ({ points: row.points, resetAt: row.reset_at, blockedUntil: row.blocked_until });

/**
 * Adds `points` to `key` in one statement (atomic, whoever else is counting): a key without a row, or whose
 * window has ended, starts a new window of `windowMs` at `points`. A blocked key counts nothing while its block lasts.
 */
export function consume(db: Db, key: string, points: number, windowMs: number, now: number): CounterState {
  return stateOf(one<CounterRow>(db, `INSERT INTO counters (key, points, reset_at, blocked_until) VALUES (?, ?, ?, NULL)
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN coalesce(blocked_until, 0) > ?4 THEN points WHEN reset_at <= ?4 THEN excluded.points ELSE points + excluded.points END,
      reset_at = CASE WHEN coalesce(blocked_until, 0) > ?4 OR reset_at > ?4 THEN reset_at ELSE excluded.reset_at END,
      blocked_until = CASE WHEN coalesce(blocked_until, 0) > ?4 THEN blocked_until ELSE NULL END
    RETURNING points, reset_at, blocked_until`, key, points, now + windowMs, now)!);
}

/** Takes `points` back from `key`'s current window (never below zero). */
export function refund(db: Db, key: string, points: number, now: number): void {
  statement(db, 'UPDATE counters SET points = max(0, points - ?) WHERE key = ? AND reset_at > ?').run(points, key, now);
}

/** Blocks `key` until `until`; its count starts again then. */
export function block(db: Db, key: string, until: number): void {
  statement(db, `INSERT INTO counters (key, points, reset_at, blocked_until) VALUES (?, 0, ?2, ?2)
    ON CONFLICT (key) DO UPDATE SET points = 0, reset_at = ?2, blocked_until = ?2`).run(key, until);
}

export function findCounter(db: Db, key: string, now: number): CounterState | undefined {
  const row = one<CounterRow>(db, 'SELECT points, reset_at, blocked_until FROM counters WHERE key = ? AND (reset_at > ? OR coalesce(blocked_until, 0) > ?2)', key, now);
  return row && stateOf(row);
}

export function deleteCounter(db: Db, key: string): void {
  statement(db, 'DELETE FROM counters WHERE key = ?').run(key);
}

/** Removes counters whose window and block have both ended. */
export function removeExpiredCounters(db: Db, now: number): number {
  return Number(statement(db, 'DELETE FROM counters WHERE reset_at <= ?1 AND coalesce(blocked_until, 0) <= ?1').run(now).changes);
}

/** The secret called `name`, made by `fresh()` and stored the first time it is asked for. */
export function appSecret(db: Db, name: string, fresh: string): string {
  statement(db, `INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ${NOW_SQL}) ON CONFLICT (name) DO NOTHING`).run(name, fresh);
  return one<{ value: string }>(db, 'SELECT value FROM app_secrets WHERE name = ?', name)!.value;
}
