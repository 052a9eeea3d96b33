/** The persistent counters behind the limits (migration 0012), for every backend; the app's secrets are maintenance.ts's. */
import { sql } from 'kysely';
import type { CounterRepository } from '../repositories.ts';
import type { CounterState } from '../rows.ts';
import { QueryRepository } from './query-access.ts';

interface CounterRow {
  points: number | string;
  reset_at: number | string;
  blocked_until: number | string | null;
}

const stateOf = (row: CounterRow): CounterState => ({
  points: Number(row.points), resetAt: Number(row.reset_at), blockedUntil: row.blocked_until === null ? null : Number(row.blocked_until),
});

export class KyselyCounterRepository extends QueryRepository implements CounterRepository {
  /**
   * Adds `points` to `key` in one statement (atomic, whoever else is counting): a key without a row, or whose
   * window has ended, starts a new window of `windowMs` at `points`. A blocked key counts nothing while its block lasts.
   */
  consume(key: string, points: number, windowMs: number, now: number): Promise<CounterState> {
    return this.write(async (db) => {
      const blocked = sql<boolean>`coalesce(counters.blocked_until, 0) > ${now}`;
      const row = await db.insertInto('counters').values({ key, points, reset_at: now + windowMs, blocked_until: null })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({
          points: sql<number>`CASE WHEN ${blocked} THEN counters.points WHEN counters.reset_at <= ${now} THEN excluded.points
        ELSE counters.points + excluded.points END`,
          reset_at: sql<number>`CASE WHEN ${blocked} OR counters.reset_at > ${now} THEN counters.reset_at ELSE excluded.reset_at END`,
          blocked_until: sql<number | null>`CASE WHEN ${blocked} THEN counters.blocked_until ELSE NULL END`,
        }))
        .returning(['points', 'reset_at', 'blocked_until']).executeTakeFirstOrThrow();
      return stateOf(row);
    });
  }

  /** Takes `points` back from `key`'s current window (never below zero). */
  refund(key: string, points: number, now: number): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('counters').set({ points: sql<number>`CASE WHEN points > ${points} THEN points - ${points} ELSE 0 END` })
        .where('key', '=', key).where('reset_at', '>', now).execute();
    });
  }

  /** Blocks `key` until `until`; its count starts again then. */
  block(key: string, until: number): Promise<void> {
    return this.write(async (db) => {
      await db.insertInto('counters').values({ key, points: 0, reset_at: until, blocked_until: until })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ points: 0, reset_at: until, blocked_until: until })).execute();
    });
  }

  find(key: string, now: number): Promise<CounterState | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('counters').select(['points', 'reset_at', 'blocked_until']).where('key', '=', key)
        .where((eb) => eb.or([eb('reset_at', '>', now), eb(sql`coalesce(blocked_until, 0)`, '>', now)])).executeTakeFirst();
      return row && stateOf(row);
    });
  }

  delete(key: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('counters').where('key', '=', key).execute();
    });
  }

  /** Removes counters whose window and block have both ended. */
  removeExpired(now: number): Promise<number> {
    return this.write(async (db) => {
      const result = await db.deleteFrom('counters').where('reset_at', '<=', now).where(sql`coalesce(blocked_until, 0)`, '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
