/**
 * A process that holds a job and is then killed (tests/unit/jobs-crash.test.ts): it claims the `held` job of the
 * database in argv[2] with a 1-second lease, writes 'started' to the file in argv[3], and works on it forever
 * (renewing its lease) until it is killed.
 */
import { appendFileSync } from 'node:fs';
import { z } from 'zod';
import { loadConfig } from '../../src/server/config.ts';
import { openBackend } from '../../src/server/db/backend.ts';
import { defineJob, jobKind } from '../../src/server/jobs/kind.ts';
import { JobRunner } from '../../src/server/jobs/runner.ts';

const [url, marker] = process.argv.slice(2) as [string, string];
const backend = await openBackend(loadConfig({ DATABASE_URL: url }));
const held = defineJob(jobKind('held', z.object({}).strict()), async () => {
  appendFileSync(marker, `started ${process.pid}\n`);
  await new Promise(() => undefined);
});
const runner = new JobRunner({ repos: backend.repos, clock: { now: () => Date.now() }, jobs: [held], leaseMs: 1_000, log: () => undefined });
await runner.runDue(['held']);
