import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../../src/server/clock.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openBackend, type Backend } from '../../src/server/db/backend.ts';
import { defineJob, jobKind } from '../../src/server/jobs/kind.ts';
import { JobRunner } from '../../src/server/jobs/runner.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { copyOfDatabase } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * A runner killed mid-job (issue 38, security probe item 1): the job must run again within seconds of another
 * runner starting, not when a 5-minute lease ends, and exactly once. On the backend the suite runs on.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-jobs-crash-'));
let copy: Awaited<ReturnType<typeof copyOfDatabase>>;
let backend: Backend;
beforeAll(async () => {
  copy = await copyOfDatabase(inject('templateUrl'), 'jobs-crash');
  backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }));
});
afterAll(async () => {
  await backend.close();
  await copy.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe('a runner killed while it runs a job', () => {
  it('leaves the job to the next runner, which runs it exactly once', async () => {
    const id = (await backend.repos.jobs.enqueue({ kind: 'held' }))!;
    const marker = join(scratch, 'started');
    const holder = spawn(process.execPath, [join(process.cwd(), 'tests/helpers/job-holder.ts'), copy.url, marker], { stdio: 'inherit' });
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    try {
      await vi.waitFor(() => expect(existsSync(marker) && readFileSync(marker, 'utf8')).toMatch(/^started \d+\n$/), { timeout: scaled(30_000), interval: 100 });
    } finally {
      holder.kill('SIGKILL');
    }
    await exited;
    const [held] = await backend.repos.jobs.find({ kind: 'held', limit: 1 });
    expect(held).toMatchObject({ id, state: 'running', attempts: 1, lease_owner: expect.stringContaining(`:${holder.pid}:`) });

    let runs = 0;
    const next = new JobRunner({
      repos: backend.repos, clock: systemClock, leaseMs: 1_000, log: () => undefined,
      jobs: [defineJob(jobKind('held', z.object({}).strict()), async () => { runs += 1; })],
    });
    await vi.waitFor(async () => {
      await next.runDue(['held']);
      expect((await backend.repos.jobs.find({ kind: 'held', limit: 1 }))[0]).toMatchObject({ id, state: 'done' });
    }, { timeout: scaled(30_000), interval: 200 });
    expect(runs).toBe(1);
    expect((await backend.repos.jobs.find({ kind: 'held', limit: 1 }))[0]).toMatchObject({ attempts: 2, lease_owner: null });
    // Nothing runs it again.
    expect(await next.runDue(['held'])).toBe(0);
    expect(runs).toBe(1);
    // The holder wrote once: it started the job once before it died.
    expect(readFileSync(marker, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});
