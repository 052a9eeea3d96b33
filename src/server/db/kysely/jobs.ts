/**
 * The job table, written once in the query layer for every backend (decisions 0012, 0015). A claim runs in a
 * write transaction: SQLite has one writer, so selecting then updating is already exclusive; PostgreSQL locks the
 * rows it selects, skipping those another runner holds (`skip locked`, issue 24). Times are ISO strings from the app's clock.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobRepository } from '../repositories.ts';
import type { JobRow, NewJob } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { QueryRepository } from './query-access.ts';
import { isPostgres, jsonText } from './query.ts';

type Db = Kysely<Tables>;

/** A job row with its payload as JSON text (PostgreSQL's jsonb comes back parsed). */
const jobRow = (row: Selectable<Tables['jobs']>): JobRow => ({ ...row, payload: jsonText(row.payload)! }) as JobRow;

const later = (now: string, ms: number) => new Date(Date.parse(now) + ms).toISOString();

/** Enqueues a job; null when one with its idempotency key exists already. */
async function enqueueJob(db: Db, job: NewJob, now: string): Promise<number | null> {
  const row = await db.insertInto('jobs').values({
    kind: job.kind, payload: JSON.stringify(job.payload ?? {}), run_at: job.runAt ?? now, max_attempts: job.maxAttempts ?? 5,
    idempotency_key: job.idempotencyKey ?? null, created_at: now, priority: job.priority ?? 0,
  }).onConflict((conflict) => conflict.column('idempotency_key').where('idempotency_key', 'is not', null).doNothing())
    .returning('id').executeTakeFirst();
  return row?.id ?? null;
}

export class KyselyJobRepository extends QueryRepository implements JobRepository {
  enqueue(job: NewJob): Promise<number | null> {
    return this.write((db) => enqueueJob(db, job, this.now));
  }

  /**
   * Takes up to `limit` due jobs for `owner` until the lease ends: queued ones whose time has come, and running ones
   * whose holder's lease ended (it died). One whose last attempt's lease ended fails instead.
   */
  claim(owner: string, options: { limit: number; leaseMs: number; kinds?: readonly string[]; minPriority?: number }): Promise<JobRow[]> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('jobs').set({ state: 'failed', last_error: 'Its holder stopped during the last attempt.', finished_at: now, lease_owner: null, lease_until: null })
        .where('state', '=', 'running').where('lease_until', '<', now).whereRef('attempts', '>=', 'max_attempts').execute();
      // Jobs whose holder died first, then due queued ones, highest priority first, each in time order (jobs_due).
      const select = (state: 'queued' | 'running', limit: number) => {
        let due = db.selectFrom('jobs').select('id').where('state', '=', state)
          .where(state === 'queued' ? 'run_at' : 'lease_until', state === 'queued' ? '<=' : '<', now);
        if (options.kinds) due = due.where('kind', 'in', [...options.kinds]);
        if (options.minPriority !== undefined) due = due.where('priority', '>=', options.minPriority);
        due = due.orderBy('priority', 'desc').orderBy('run_at').orderBy('id').limit(limit);
        // PostgreSQL: rows another runner's open claim holds are skipped, not waited for (SQLite has one writer already).
        return isPostgres(db) ? due.forUpdate().skipLocked() : due;
      };
      const ids = (await select('running', options.limit).execute()).map((row) => row.id);
      if (ids.length < options.limit) ids.push(...(await select('queued', options.limit - ids.length).execute()).map((row) => row.id));
      if (ids.length === 0) return [];
      await db.updateTable('jobs').set({ state: 'running', lease_owner: owner, lease_until: later(now, options.leaseMs), attempts: sql<number>`attempts + 1` })
        .where('id', 'in', ids).execute();
      return (await db.selectFrom('jobs').selectAll().where('id', 'in', ids).orderBy('priority', 'desc').orderBy('run_at').orderBy('id').execute()).map(jobRow);
    });
  }

  /** Marks a job the owner holds done. */
  complete(id: number, owner: string): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('jobs').set({ state: 'done', finished_at: now, lease_owner: null, lease_until: null, last_error: null })
        .where('id', '=', id).where('lease_owner', '=', owner).execute();
    });
  }

  /** Records a failed attempt: the job waits until `retryAt`, or fails for good when that is null. */
  fail(id: number, owner: string, error: string, retryAt: string | null): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('jobs').set(retryAt === null
        ? { state: 'failed', last_error: error, finished_at: now, lease_owner: null, lease_until: null }
        : { state: 'queued', last_error: error, run_at: retryAt, lease_owner: null, lease_until: null })
        .where('id', '=', id).where('lease_owner', '=', owner).execute();
    });
  }

  /** Hands a job back unfinished (a shutdown): it is queued again, and the attempt does not count. */
  release(id: number, owner: string): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('jobs').set({ state: 'queued', lease_owner: null, lease_until: null, attempts: sql<number>`attempts - 1` })
        .where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').execute();
    });
  }

  /** Moves on the lease of a job the owner still holds (a heartbeat while it runs); false when it holds it no more. */
  renew(id: number, owner: string, leaseMs: number): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('jobs').set({ lease_until: later(now, leaseMs) })
        .where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Who holds running jobs now (each holder once). */
  leaseOwners(): Promise<string[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('jobs').select('lease_owner').distinct().where('state', '=', 'running').where('lease_owner', 'is not', null).execute();
      return rows.map((row) => row.lease_owner!);
    });
  }

  /**
   * Ends the leases of a holder known to be dead (a process of this host that is gone): its running jobs are due at
   * once for the next claim, which counts the attempt it died in, as an ended lease would.
   */
  endLeases(owner: string): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('jobs').set({ lease_until: now })
        .where('lease_owner', '=', owner).where('state', '=', 'running').executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /** Adds a recurring job's schedule (first due `everyMs` from now), or updates its period; the next run stays. */
  ensureSchedule(kind: string, everyMs: number): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('job_schedules').values({ kind, every_ms: everyMs, next_run_at: later(now, everyMs) })
        .onConflict((conflict) => conflict.column('kind').doUpdateSet({ every_ms: everyMs })).execute();
    });
  }

  /**
   * Fires the schedules whose time has come: each one's next time moves past now and its job is enqueued, in the
   * caller's transaction. The move is a compare-and-set and the job's key names the period, so however many
   * runners look at once, a period's job is enqueued once. Returns the kinds fired.
   */
  fireSchedules(): Promise<string[]> {
    const now = this.now;
    return this.write(async (db) => {
      const due = await db.selectFrom('job_schedules').selectAll().where('next_run_at', '<=', now).execute();
      const fired: string[] = [];
      for (const schedule of due) {
        const missed = Math.floor((Date.parse(now) - Date.parse(schedule.next_run_at)) / schedule.every_ms) + 1;
        const next = later(schedule.next_run_at, missed * schedule.every_ms);
        const moved = await db.updateTable('job_schedules').set({ next_run_at: next })
          .where('kind', '=', schedule.kind).where('next_run_at', '=', schedule.next_run_at).executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) continue;
        if (await enqueueJob(db, { kind: schedule.kind, idempotencyKey: `${schedule.kind}@${schedule.next_run_at}` }, now) !== null) fired.push(schedule.kind);
      }
      return fired;
    });
  }

  /** Makes every queued job of a kind due now; returns how many. */
  makeDue(kind: string): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('jobs').set({ run_at: now }).where('kind', '=', kind).where('state', '=', 'queued').executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /** The jobs in a state (all when absent), newest first. */
  find(options: { state?: JobRow['state']; kind?: string; limit: number }): Promise<JobRow[]> {
    return this.read(async (db) => {
      let query = db.selectFrom('jobs').selectAll();
      if (options.state) query = query.where('state', '=', options.state);
      if (options.kind) query = query.where('kind', '=', options.kind);
      return (await query.orderBy('id', 'desc').limit(options.limit).execute()).map(jobRow);
    });
  }

  /** How many jobs are in each state. */
  count(): Promise<Record<JobRow['state'], number>> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('jobs').select((eb) => ['state', eb.fn.countAll<number>().as('n')]).groupBy('state').execute();
      const counts = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const row of rows) counts[row.state as JobRow['state']] = Number(row.n);
      return counts;
    });
  }

  /** Deletes finished jobs (done or failed) older than `before`; returns how many. */
  removeFinished(before: string): Promise<number> {
    return this.write(async (db) => {
      const result = await db.deleteFrom('jobs').where('state', 'in', ['done', 'failed']).where('finished_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  holdWorkerLease(owner: string, until: string): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.deleteFrom('job_worker_leases').where('lease_until', '<=', now).execute();
      await db.insertInto('job_worker_leases').values({ owner, started_at: now, lease_until: until })
        .onConflict((conflict) => conflict.column('owner').doUpdateSet({ lease_until: until })).execute();
    });
  }

  releaseWorkerLease(owner: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('job_worker_leases').where('owner', '=', owner).execute();
    });
  }

  findWorkerLeases(): Promise<{ owner: string; started_at: string; lease_until: string }[]> {
    const now = this.now;
    return this.read((db) => db.selectFrom('job_worker_leases').select(['owner', 'started_at', 'lease_until']).where('lease_until', '>', now).orderBy('started_at').execute());
  }
}
