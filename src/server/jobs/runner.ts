/**
 * The job runner (decision 0015): one per process, over the job table of the data seam. It fires recurring
 * schedules, claims due jobs with a lease, runs them, and records the outcome with exponential backoff. Several
 * processes on one database each run a job once: a claim is exclusive, a schedule's period is fired once, and a
 * job whose holder died is taken again. Leases are short (30 s by default) and renewed while a job runs, so a job
 * of a process killed mid-send waits at most that long; a process of the same host that is gone is seen at once
 * (issue 38: sign-in codes live 10 minutes, and a 5-minute lease made them late). Payloads are checked by their
 * kind's schema before a job runs (jobs/kind.ts). Work that holds this process's memory (the view flush) runs as a
 * local task here, not as a job of the cluster.
 */
import { isDatabaseUnavailable } from '../db/errors.ts';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import type { JobRow } from '../db/rows.ts';
import { JOB_LEASE_MS, type JobDefinition } from './kind.ts';
import { sayIn } from '../say-in.ts';

/** How long the runner waits before trying again when the database cannot take writes (issue 41). */
const JOB_PAUSE_MS = 5000;

export { JOB_LEASE_MS } from './kind.ts';

export interface RecurringJob {
  kind: string;
  everyMs: number;
}

/** A task of this process only, every `everyMs`. */
interface LocalTask {
  name: string;
  everyMs: number;
  run: () => Promise<void>;
}

export interface JobRunnerOptions {
  repos: Repositories;
  clock: Clock;
  /** The kinds this runner runs, each with its handler. */
  jobs: readonly JobDefinition[];
  recurring?: readonly RecurringJob[];
  local?: readonly LocalTask[];
  /** How often an idle runner looks for due jobs; `wake()` makes it look at once. */
  pollMs?: number;
  /** The lease of a claim (a kind may set its own): another runner may take the job once it ends unrenewed. */
  leaseMs?: number;
  /** Jobs run at once. */
  concurrency?: number;
  log?: (line: string) => void;
}

const JOB_POLL_MS = 500;
/** How often a runner looks for jobs held by a process of this host that is gone. */
const DEAD_HOLDERS_EVERY_MS = 5_000;
/** The first retry waits this long; each next one twice as long, up to an hour. */
const BACKOFF_BASE_MS = 10_000;
const BACKOFF_MAX_MS = 60 * 60_000;

/** A holder's name: `host:pid:random`, so a runner can tell a holder of its own host whose process is gone. */
function holderName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** Whether `owner` names a process of this host (not this one) that no longer runs. */
function deadLocalHolder(owner: string, self: string): boolean {
  const match = /^(.*):(\d+):[0-9a-f]+$/.exec(owner);
  if (!match || owner === self || match[1] !== hostname()) return false;
  const pid = Number(match[2]);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export class JobRunner {
  /** Who holds a claimed job: this process, told apart from others on the same database. */
  readonly owner = holderName();
  private readonly options: Required<Omit<JobRunnerOptions, 'local' | 'recurring'>> & Pick<JobRunnerOptions, 'local' | 'recurring'>;
  private readonly definitions: Map<string, JobDefinition>;
  private deadHoldersLookedAt = Number.NEGATIVE_INFINITY;
  private readonly running = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private readonly localTimers: NodeJS.Timeout[] = [];
  private stopped = true;
  private polling: Promise<void> | undefined;
  private again = false;
  /** Set by stop(): a full pass claims nothing more. */
  private stopping = false;
  private registered: Promise<void> | undefined;

  constructor(options: JobRunnerOptions) {
    this.options = {
      pollMs: JOB_POLL_MS, leaseMs: JOB_LEASE_MS, concurrency: 4, log: (line) => console.log(line), ...options,
    };
    this.definitions = new Map(options.jobs.map((definition) => [definition.kind.name, definition]));
  }

  /** The kinds this runner knows. */
  get kinds(): string[] {
    return [...this.definitions.keys()];
  }

  /**
   * Ends the leases of jobs held by processes of this host that are gone (killed mid-job): the next claim takes them
   * at once instead of when their lease would end. At start, then every few seconds (a standby that started before
   * the process it replaces died).
   */
  async handBackDeadHolders(): Promise<number> {
    this.deadHoldersLookedAt = Date.now();
    let handed = 0;
    for (const owner of await this.options.repos.jobs.leaseOwners()) {
      if (!deadLocalHolder(owner, this.owner)) continue;
      const count = await this.options.repos.jobs.endLeases(owner);
      if (count > 0) this.options.log(`jobs: ${count} job(s) of ${owner}, a process of this host that is gone, are due again`);
      handed += count;
    }
    return handed;
  }

  /** Registers the recurring schedules (once per runner). */
  private register(): Promise<void> {
    this.registered ??= (async () => {
      for (const job of this.options.recurring ?? []) await this.options.repos.jobs.ensureSchedule(job.kind, job.everyMs);
    })();
    return this.registered;
  }

  /**
   * Starts this process's local tasks and, with `claim` (the default), polling for the cluster's jobs. Without it,
   * another process (`npm run jobs -- work`) runs them.
   */
  async start(options: { claim?: boolean } = {}): Promise<void> {
    await this.register();
    for (const task of this.options.local ?? []) {
      const timer = setInterval(() => void task.run().catch((error: unknown) => this.options.log(`jobs: ${task.name} failed: ${String(error)}`)), task.everyMs);
      timer.unref();
      this.localTimers.push(timer);
    }
    if (options.claim === false) return;
    await this.handBackDeadHolders();
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Looks for due jobs at once (a commit that queued mail calls it: mail leaves within a second). */
  wake(): void {
    // A pass in progress (a poll, or a test's or shutdown's runDue) looks again at once.
    for (const nudge of this.nudges) nudge();
    if (this.stopped) return;
    if (this.polling) this.again = true;
    else this.schedule(0);
  }

  private schedule(delay: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.polling = this.runDue().then(() => undefined, (error: unknown) => this.options.log(`jobs: polling failed: ${String(error)}`))
        .finally(() => {
          this.polling = undefined;
          if (this.stopped) return;
          const more = this.again;
          this.again = false;
          this.schedule(more ? 0 : this.options.pollMs);
        });
    }, delay);
    this.timer.unref();
  }

  /** While the database cannot take writes (issue 41: read-only, switching over), passes wait until this time. */
  private pausedUntil = 0;

  /**
   * One pass: fires due schedules (a full pass only), then claims and runs due jobs (of `kinds`, when given) until
   * none is left or the runner is stopping. Returns how many ran. While the database cannot take writes (a standby,
   * a switchover), the runner backs off: it says so once and tries again after JOB_PAUSE_MS.
   */
  async runDue(kinds?: readonly string[]): Promise<number> {
    if (Date.now() < this.pausedUntil) return 0;
    try {
      return await this.runPass(kinds);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (this.pausedUntil === 0) this.options.log(`jobs: the database cannot take writes just now; trying again every ${JOB_PAUSE_MS / 1000} s.`);
      this.pausedUntil = Date.now() + JOB_PAUSE_MS;
      return 0;
    }
  }

  private async runPass(kinds?: readonly string[]): Promise<number> {
    await this.register();
    this.pausedUntil = 0;
    const { repos, concurrency, leaseMs } = this.options;
    // Schedules are fired by a full pass; a pass over some kinds (the outbox's sends, `run KIND`) only runs those.
    if (!kinds) await repos.jobs.fireSchedules();
    if (Date.now() - this.deadHoldersLookedAt >= DEAD_HOLDERS_EVERY_MS) await this.handBackDeadHolders();
    let ran = 0;
    // A pool of `concurrency` slots: a slot is filled again as soon as its job ends, so a long job (a daily alert
    // run, an index rebuild) holds one slot only, and mail queued meanwhile (wake) still leaves within a second.
    // Bulk jobs (negative priority: an alert run's mails) take one slot at most, so they trickle out beside the
    // site's own work instead of taking the process over.
    const active = new Map<Promise<void>, number>();
    for (;;) {
      const claiming = !(this.stopping && !kinds) && active.size < concurrency;
      const bulkBusy = [...active.values()].some((priority) => priority < 0);
      const claim = (limit: number, minPriority?: number) => repos.jobs.claim(this.owner, { limit, leaseMs, kinds: kinds ?? this.kinds, ...(minPriority === undefined ? {} : { minPriority }) });
      const free = concurrency - active.size;
      const claimed = claiming ? await claim(free, 0) : [];
      // The bulk slot: one more job of any priority when no bulk job runs.
      if (claiming && !bulkBusy && claimed.length < free) claimed.push(...await claim(1));
      for (const job of claimed) {
        const work: Promise<void> = this.run(job).finally(() => active.delete(work));
        active.set(work, job.priority);
      }
      ran += claimed.length;
      if (claimed.length > 0 && active.size < concurrency) continue;
      if (active.size === 0) return ran;
      const nudge = this.nudged();
      await Promise.race([...active.keys(), nudge.promise]);
      nudge.cancel();
    }
  }

  /** Waiters for a wake (or the poll interval): a pass with a long job running looks again when either comes. */
  private readonly nudges = new Set<() => void>();

  private nudged(): { promise: Promise<void>; cancel(): void } {
    let done!: () => void;
    const promise = new Promise<void>((resolve) => { done = resolve; });
    const timer = setTimeout(() => done(), this.options.pollMs);
    timer.unref();
    this.nudges.add(done);
    return { promise, cancel: () => { clearTimeout(timer); this.nudges.delete(done); done(); } };
  }

  /** Runs every queued job of a kind now, due or not (operators, tests); a recurring kind with none queued gets one. */
  async runKind(kind: string): Promise<number> {
    if (!this.definitions.has(kind)) throw new Error(`No job kind ${kind}: ${this.kinds.join(', ')}.`);
    const made = await this.options.repos.jobs.makeDue(kind);
    if (made === 0 && this.options.recurring?.some((job) => job.kind === kind)) {
      await this.options.repos.jobs.enqueue({ kind, idempotencyKey: `${kind}@run-${new Date(this.options.clock.now()).toISOString()}` });
    }
    return this.runDue([kind]);
  }

  private run(job: JobRow): Promise<void> {
    const definition = this.definitions.get(job.kind);
    const { repos, clock } = this.options;
    const work = (async () => {
      if (!definition) {
        await repos.jobs.fail(job.id, this.owner, `No handler for ${job.kind} in this process.`, new Date(clock.now() + BACKOFF_MAX_MS).toISOString());
        return;
      }
      const payload = definition.kind.schema.safeParse(JSON.parse(job.payload));
      if (!payload.success) {
        // A payload its kind does not accept will not be accepted by a retry either.
        const message = `The payload does not fit ${job.kind}: ${payload.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${sayIn(issue.message, 'en')}`).join('; ')}`;
        this.options.log(`jobs: ${job.kind} #${job.id} failed for good: ${message}`);
        await repos.jobs.fail(job.id, this.owner, message, null);
        return;
      }
      const heartbeat = this.keepLease(job, definition.kind.leaseMs ?? this.options.leaseMs);
      try {
        await definition.run(payload.data, job);
        heartbeat.stop();
        await repos.jobs.complete(job.id, this.owner);
      } catch (error) {
        heartbeat.stop();
        const message = error instanceof Error ? error.message : String(error);
        const retryAt = job.attempts < job.max_attempts ? new Date(clock.now() + backoffMs(job.attempts)).toISOString() : null;
        this.options.log(`jobs: ${job.kind} #${job.id} failed (attempt ${job.attempts} of ${job.max_attempts})${retryAt ? `, retried at ${retryAt}` : ''}: ${message}`);
        await repos.jobs.fail(job.id, this.owner, message, retryAt);
      }
    })().finally(() => this.running.delete(job.id));
    this.running.set(job.id, work);
    return work;
  }

  /**
   * Renews a running job's lease every third of it, so a long job (an index rebuild, an alert run) is never taken by
   * another runner while this one works on it, and a short lease only bounds how long a dead holder's job waits. A
   * kind with a lease of its own gets it at once.
   */
  private keepLease(job: JobRow, leaseMs: number): { stop(): void } {
    const renew = () => void this.options.repos.jobs.renew(job.id, this.owner, leaseMs).then((held) => {
      if (!held) this.options.log(`jobs: ${job.kind} #${job.id} is no longer held by this runner`);
    }, (error: unknown) => this.options.log(`jobs: renewing the lease of ${job.kind} #${job.id} failed: ${String(error)}`));
    if (leaseMs !== this.options.leaseMs) renew();
    const timer = setInterval(renew, Math.max(10, Math.floor(leaseMs / 3)));
    timer.unref();
    return { stop: () => clearInterval(timer) };
  }

  /**
   * Stops polling and local tasks. Jobs running finish within `graceMs`; those still running then are handed back
   * (queued again, the attempt not counted) and another runner takes them.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    for (const timer of this.localTimers.splice(0)) clearInterval(timer);
    const finished = Promise.all([...this.running.values(), this.polling]).then(() => true);
    const inTime = await Promise.race([finished, new Promise<false>((resolve) => setTimeout(() => resolve(false), graceMs).unref())]);
    if (!inTime) for (const id of this.running.keys()) await this.options.repos.jobs.release(id, this.owner);
  }
}
