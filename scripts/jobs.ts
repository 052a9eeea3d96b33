/**
 * `npm run jobs`: the background work of the database DATABASE_URL names (decision 0015).
 *
 *   npm run jobs                    # counts, and the queued, running, failed and recent jobs
 *   npm run jobs -- run KIND        # runs every job of a kind now, due or not (a recurring kind gets one if none waits)
 *   npm run jobs -- work            # runs the cluster's jobs until stopped (with JOB_RUNNER=off on the servers)
 */
import { parseArgs } from 'node:util';
import { createWorkerContext } from '../src/server/app-context.ts';
import { WorkerLease } from '../src/server/jobs/worker-lease.ts';
import type { JobRow } from '../src/server/db/rows.ts';
import { databaseConfigFromArgs, warnWithoutSiteUrl } from './database-args.ts';

const { positionals } = parseArgs({
  args: process.argv.slice(2), allowPositionals: true, strict: false, options: { database: { type: 'string' }, 'database-url': { type: 'string' } },
});
const [command = 'list', kind] = positionals;
// A worker's context (issue 62): no search threads, no page cache, no render gate; background work only when it is
// asked to work. `npm start` runs `work` under its supervisor, at a lower CPU priority, beside the web processes.
const config = databaseConfigFromArgs();
// Under the supervisor, the site's own SITE_URL (its default on a newcomer's machine) is what the mails want.
if (!process.send) warnWithoutSiteUrl(config);
const app = await createWorkerContext(config, { timers: false }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

const line = (job: JobRow) => `  #${job.id} ${job.kind.padEnd(22)} ${job.state.padEnd(7)} run at ${job.run_at}  attempts ${job.attempts}/${job.max_attempts}`
  + `${job.lease_owner ? `  held by ${job.lease_owner} until ${job.lease_until}` : ''}${job.last_error ? `  last error: ${job.last_error}` : ''}`;

try {
  if (command === 'list') {
    const counts = await app.repos.jobs.count();
    console.log(`jobs: ${Object.entries(counts).map(([state, count]) => `${count} ${state}`).join(', ')}`);
    for (const state of ['queued', 'running', 'failed', 'done'] as const) {
      const jobs = await app.repos.jobs.find({ state, limit: state === 'done' ? 10 : 50 });
      if (jobs.length === 0) continue;
      console.log(state === 'done' ? 'recently done:' : `${state}:`);
      for (const job of jobs) console.log(line(job));
    }
  } else if (command === 'run') {
    if (!kind) throw new Error(`Name a kind: ${app.jobs.kinds.join(', ')}.`);
    const ran = await app.jobs.runKind(kind);
    console.log(`ran ${ran} ${kind} job${ran === 1 ? '' : 's'}`);
    for (const job of await app.repos.jobs.find({ kind, limit: ran || 1 })) console.log(line(job));
  } else if (command === 'work') {
    await app.jobs.start();
    // Held while it works: /healthz says whether a worker runs the background work (issue 62).
    const lease = new WorkerLease(app.repos, app.clock, app.jobs.owner);
    await lease.start();
    console.log(`jobs: working as ${app.jobs.owner} (${app.jobs.kinds.join(', ')}); stop with Ctrl-C or SIGTERM`);
    // The runner's timers do not hold a process open (a server's requests do); here, this does, until a signal.
    const alive = setInterval(() => undefined, 60_000);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
      // Started by the supervisor (npm start): its end is this worker's too.
      process.once('disconnect', resolve);
    });
    clearInterval(alive);
    await lease.stop();
  } else {
    throw new Error(`Unknown command ${command}: list, run KIND or work.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await app.close();
}
// Started by the supervisor (npm start): its channel would keep this process open once the work is done.
if (process.connected) process.disconnect();
