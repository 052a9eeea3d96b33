import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { TestClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openBackend, type Backend } from '../../src/server/db/backend.ts';
import { z } from 'zod';
import { defineJob, jobKind, type JobDefinition } from '../../src/server/jobs/kind.ts';
import { backoffMs, JobRunner } from '../../src/server/jobs/runner.ts';
import { WORKER_LEASE_MS, WorkerLease } from '../../src/server/jobs/worker-lease.ts';
import { copyOfDatabase } from '../helpers/test-database.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { scaled } from '../helpers/time-factor.ts';

/** Two processes' worth of repositories on one database of the backend the tests run on, with one clock. */
const clock = new TestClock();
let copy: Awaited<ReturnType<typeof copyOfDatabase>>;
let first: Backend;
let second: Backend;
beforeAll(async () => {
  copy = await copyOfDatabase(inject('templateUrl'), 'jobs');
  first = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }), clock);
  second = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }), clock);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await copy.remove();
});

const MINUTE = 60_000;
const quiet = () => undefined;
type Handlers = Record<string, (payload: unknown) => Promise<void>>;
/** Kinds of any payload, for the runner's own rules (the payload checks have their own test). */
const definitions = (handlers: Handlers): JobDefinition[] => Object.entries(handlers).map(([name, run]) => defineJob(jobKind(name, z.unknown()), run));
const runner = (backend: Backend, handlers: Handlers, recurring: { kind: string; everyMs: number }[] = []) =>
  new JobRunner({ repos: backend.repos, clock, jobs: definitions(handlers), recurring, log: quiet, leaseMs: MINUTE });

describe('the job runner (decision 0015)', () => {
  it('runs a recurring job once per period, however many runners share the database', async () => {
    let ticks = 0;
    const handlers = { tick: async () => { ticks += 1; } };
    const a = runner(first, handlers, [{ kind: 'tick', everyMs: 10 * MINUTE }]);
    const b = runner(second, handlers, [{ kind: 'tick', everyMs: 10 * MINUTE }]);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ticks).toBe(0);
    for (const period of [1, 2, 3]) {
      clock.advance(10 * MINUTE);
      await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(ticks, `period ${period}`).toBe(period);
    }
    // A runner that was away for three periods fires the missed ones once, not three times.
    clock.advance(30 * MINUTE);
    await Promise.all([a.runDue(), b.runDue()]);
    expect(ticks).toBe(4);
  });

  it('runs each job once across runners, and takes again a job whose holder died when its lease ends', async () => {
    const seen: string[] = [];
    const handlers = { work: async (payload: unknown) => { seen.push((payload as { name: string }).name); } };
    for (const name of ['one', 'two', 'three', 'four', 'five']) await first.repos.jobs.enqueue({ kind: 'work', payload: { name } });
    // A process claims one and dies holding it.
    const [orphan] = await second.repos.jobs.claim('a process that died', { limit: 1, leaseMs: MINUTE, kinds: ['work'] });
    await Promise.all([runner(first, handlers).runDue(), runner(second, handlers).runDue()]);
    expect(seen).toHaveLength(4);
    expect(seen).not.toContain(JSON.parse(orphan!.payload).name);
    clock.advance(MINUTE + 1_000);
    await runner(second, handlers).runDue();
    expect([...seen].sort()).toEqual(['five', 'four', 'one', 'three', 'two']);
    expect((await first.repos.jobs.find({ kind: 'work', limit: 10 })).every((job) => job.state === 'done')).toBe(true);
  });

  it('retries a failing job with growing waits, then marks it failed with its last error', async () => {
    let calls = 0;
    const handlers = { flaky: async () => { calls += 1; throw new Error(`failure ${calls}`); } };
    const jobs = runner(first, handlers);
    const id = (await first.repos.jobs.enqueue({ kind: 'flaky', maxAttempts: 3 }))!;
    await jobs.runDue();
    expect(calls).toBe(1);
    await jobs.runDue();
    expect(calls, 'not due before its backoff').toBe(1);
    clock.advance(backoffMs(1));
    await jobs.runDue();
    expect(calls).toBe(2);
    clock.advance(backoffMs(2));
    await jobs.runDue();
    expect(calls).toBe(3);
    clock.advance(backoffMs(3));
    await jobs.runDue();
    expect(calls).toBe(3);
    const [job] = await first.repos.jobs.find({ kind: 'flaky', limit: 1 });
    expect(job).toMatchObject({ id, state: 'failed', attempts: 3, last_error: 'failure 3' });
    expect(backoffMs(2)).toBe(2 * backoffMs(1));
  });

  it('runs the jobs of a kind now when asked, due or not, and enqueues a job once per idempotency key', async () => {
    let runs = 0;
    const jobs = runner(first, { later: async () => { runs += 1; } });
    expect(await first.repos.jobs.enqueue({ kind: 'later', runAt: new Date(clock.now() + 24 * 60 * MINUTE).toISOString(), idempotencyKey: 'later:1' })).not.toBeNull();
    expect(await first.repos.jobs.enqueue({ kind: 'later', idempotencyKey: 'later:1' })).toBeNull();
    await jobs.runDue();
    expect(runs).toBe(0);
    expect(await jobs.runKind('later')).toBe(1);
    expect(runs).toBe(1);
    await expect(jobs.runKind('no-such-kind')).rejects.toThrow(/No job kind/);
  });

  it('keeps running other jobs while a long one holds its slot, and takes higher priorities first', async () => {
    let finishLong!: () => void;
    const longDone = new Promise<void>((resolve) => { finishLong = resolve; });
    const order: string[] = [];
    const handlers = {
      long: async () => { order.push('long started'); await longDone; order.push('long done'); },
      quick: async (payload: unknown) => { order.push((payload as { name: string }).name); },
    };
    // It polls once a minute: only the wake below makes it look again while the long job runs.
    const jobs = new JobRunner({ repos: first.repos, clock, jobs: definitions(handlers), log: quiet, leaseMs: MINUTE, concurrency: 2, pollMs: MINUTE });
    await first.repos.jobs.enqueue({ kind: 'long' });
    const pass = jobs.runDue(['long', 'quick']);
    try {
      await vi.waitFor(() => expect(order).toContain('long started'));
      // Bulk work queued first, then a job of the default priority: the latter goes first, all while the long one runs.
      for (const name of ['bulk 1', 'bulk 2']) await first.repos.jobs.enqueue({ kind: 'quick', payload: { name }, priority: -1 });
      await first.repos.jobs.enqueue({ kind: 'quick', payload: { name: 'code' } });
      jobs.wake();
      await vi.waitFor(() => expect(order).toEqual(['long started', 'code', 'bulk 1', 'bulk 2']));
    } finally {
      finishLong();
      await pass;
    }
    expect(order.at(-1)).toBe('long done');
  });

  it('hands a job back on shutdown when it does not finish in time: queued again, the attempt not counted', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs = runner(first, { slow: () => new Promise<void>(() => release()) });
    const id = (await first.repos.jobs.enqueue({ kind: 'slow' }))!;
    void jobs.runDue();
    await started;
    await jobs.stop(50);
    const [job] = await first.repos.jobs.find({ kind: 'slow', limit: 1 });
    expect(job).toMatchObject({ id, state: 'queued', attempts: 0, lease_owner: null });
  });

  it('checks a payload by its kind\'s schema when it is queued and again when it runs (a bad one fails for good, unrun)', async () => {
    const Greet = jobKind('greet', z.object({ name: z.string().min(1) }).strict(), { maxAttempts: 4 });
    const greeted: string[] = [];
    const jobs = new JobRunner({ repos: first.repos, clock, jobs: [defineJob(Greet, async ({ name }) => { greeted.push(name); })], log: quiet });
    expect(() => Greet.queue(first.repos.jobs, { name: '' })).toThrow();
    expect(() => Greet.queue(first.repos.jobs, { name: 'Aminah', extra: 1 } as never)).toThrow();
    await Greet.queue(first.repos.jobs, { name: 'Aminah' });
    // A row written without the kind (an older release, or by hand): refused when it runs, never retried.
    const bad = (await first.repos.jobs.enqueue({ kind: 'greet', payload: { name: 42 } }))!;
    await jobs.runDue(['greet']);
    expect(greeted).toEqual(['Aminah']);
    const rows = await first.repos.jobs.find({ kind: 'greet', limit: 5 });
    expect(rows.find((row) => row.id === bad)).toMatchObject({ state: 'failed', attempts: 1, last_error: expect.stringMatching(/^The payload does not fit greet: name:/) });
    expect(rows.find((row) => row.id !== bad)).toMatchObject({ state: 'done', max_attempts: 4 });
  });

  it('renews the lease of a job that runs longer than it, so no other runner takes it meanwhile', async () => {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => { finish = resolve; });
    let runs = 0;
    const handlers = { lasting: async () => { runs += 1; await done; } };
    const holder = new JobRunner({ repos: first.repos, clock, jobs: definitions(handlers), log: quiet, leaseMs: 300 });
    const other = new JobRunner({ repos: second.repos, clock, jobs: definitions(handlers), log: quiet, leaseMs: 300 });
    await first.repos.jobs.enqueue({ kind: 'lasting' });
    const pass = holder.runDue(['lasting']);
    await vi.waitFor(() => expect(runs).toBe(1));
    // Four leases' time: an unrenewed lease would have ended three times over.
    for (let look = 0; look < 4; look++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await other.runDue(['lasting'])).toBe(0);
    }
    finish();
    await pass;
    expect(runs).toBe(1);
    expect((await first.repos.jobs.find({ kind: 'lasting', limit: 1 }))[0]).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('are listed and run by `npm run jobs`', () => {
    const jobs = (...args: string[]) => spawnSync(process.execPath, ['scripts/jobs.ts', ...args, '--database-url', copy.url], { encoding: 'utf8', timeout: scaled(30_000) });
    const ran = jobs('run', 'expire_posts');
    expect(ran.status, ran.stderr).toBe(0);
    expect(ran.stdout).toMatch(/^ran 1 expire_posts job\n {2}#\d+ expire_posts +done /);
    const listed = jobs();
    expect(listed.stdout).toMatch(/^jobs: \d+ queued, \d+ running, \d+ done, \d+ failed/);
    expect(listed.stdout).toContain('failed:');
    expect(listed.stdout).toContain('flaky');
    const unknown = jobs('run', 'no-such-kind');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No job kind no-such-kind');
    // Three processes start one after another: a loaded 2-core machine takes seconds for each.
  }, scaled(60_000));
});

describe('a worker process\'s lease (issue 62)', () => {
  it('is held while the worker runs and renewed, runs out when it is killed, and goes when it stops', async () => {
    const owners = async () => (await second.repos.jobs.findWorkerLeases()).map((lease) => lease.owner);
    expect(await owners()).toEqual([]);
    const lease = new WorkerLease(first.repos, clock, 'host:101:aaaaaa');
    await lease.start();
    expect(await owners()).toEqual(['host:101:aaaaaa']);
    // Renewed (as its timer does every third of the lease), it holds past the first lease's end.
    clock.advance(WORKER_LEASE_MS / 2);
    await first.repos.jobs.holdWorkerLease('host:101:aaaaaa', new Date(clock.now() + WORKER_LEASE_MS).toISOString());
    clock.advance(WORKER_LEASE_MS / 2 + 1);
    expect(await owners()).toEqual(['host:101:aaaaaa']);
    await lease.stop();
    expect(await owners()).toEqual([]);
    // A worker killed holding its lease: nobody holds one once it has run out, and the next worker's start clears it.
    const killed = new WorkerLease(first.repos, clock, 'host:102:bbbbbb');
    await killed.start();
    clock.advance(WORKER_LEASE_MS + 1);
    expect(await owners()).toEqual([]);
    const next = new WorkerLease(second.repos, clock, 'host:103:cccccc');
    await next.start();
    expect(await owners()).toEqual(['host:103:cccccc']);
    await next.stop();
    await killed.stop();
  });
});
