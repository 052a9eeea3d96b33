/**
 * `npm run bench:alerts`: one daily run of saved-search alerts at 500,000 listings (issue 29: 10,000 saved searches of
 * realistic shapes in ≤ 60 s while the site keeps serving, home p99 within 2× of idle), on the benchmark database
 * (scripts/bench-database.ts; BENCH_DATABASE_URL for PostgreSQL) and the built server (npm run build).
 *
 * It gives 2,000 bench accounts five saved searches each (keyword; main category; category and state; subcategory and
 * state; keyword and state; category with a type filter; keyword near a point), all daily and last looked at a day
 * before the newest listing, so the run finds the last day's listings (about 3,000 on the generated catalogue). The
 * server runs the job as a deployment does, in its own process (JOB_RUNNER=in-process), delivering the mails into a
 * temporary outbox; its own recurring run, if it fires at start, is let finish before the searches are made. Home
 * is loaded by 4 clients (each pausing 10 ms between requests) while idle and again for as long as the run lasts; the
 * p50/p99 of both are printed, with the run's time and the mails written. The saved searches are made again on each
 * run (the accounts stay).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBackend } from '../src/server/db/backend.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { SAVED_SEARCH_ALERTS_JOB } from '../src/server/saved-searches/alerts.ts';
import { benchDatabase } from './bench-database.ts';
import { jobDone, jobsSettled, prepareSavedSearches } from './bench-saved-searches.ts';
import { percentile } from './bench-timing.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';

const HOME_CONCURRENCY = 4;
/** Each of the home loaders waits this long between requests: a steady few hundred requests a second, not a flood. */
const HOME_PAUSE_MS = 10;
const IDLE_REQUESTS = 4_000;

const bench = benchDatabase();
const entry = join(projectRoot, 'dist/server/entry.mjs');
if (!existsSync(entry) || !bench.exists) {
  console.error('Needs a build (npm run build) and the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}

/** Home loaded at a concurrency until `until` says stop (or `requests` are sent): latencies in ms. */
async function loadHome(base: string, until: () => boolean, requests = Infinity): Promise<number[]> {
  const samples: number[] = [];
  let sent = 0;
  await Promise.all(Array.from({ length: HOME_CONCURRENCY }, async () => {
    while (!until() && sent < requests) {
      sent++;
      const begin = performance.now();
      const response = await fetch(`${base}/`, { headers: { 'Accept-Encoding': 'br, gzip' } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`home: ${response.status}`);
      samples.push(performance.now() - begin);
      await new Promise((resolve) => setTimeout(resolve, HOME_PAUSE_MS));
    }
  }));
  return samples.sort((a, b) => a - b);
}

const summary = (samples: number[]) => `${samples.length} requests, p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`;

const outbox = mkdtempSync(join(tmpdir(), 'yp-bench-alerts-'));
const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = startBenchServer(bench.url, port, { OUTBOX_DIR: outbox, JOB_RUNNER: 'in-process' });
const backend = await openBackend({ database: bench.database });
try {
  await waitUntilUp(base);
  // The server's own recurring alert run may fire as it starts (its schedule came due while no server ran): let it
  // finish, then make the saved searches afresh, due, so the measured run is the only one and idle is idle.
  await jobsSettled(backend.repos);
  const started = performance.now();
  const searches = await prepareSavedSearches(bench.database, bench.url);
  console.log(`${searches} saved searches made in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  await loadHome(base, () => false, 500);
  const idle = await loadHome(base, () => false, IDLE_REQUESTS);
  console.log(`Home while idle (${HOME_CONCURRENCY} clients, ${HOME_PAUSE_MS} ms between requests): ${summary(idle)}`);

  const id = await backend.repos.jobs.enqueue({ kind: SAVED_SEARCH_ALERTS_JOB, payload: { frequencies: ['daily'] }, idempotencyKey: `bench-alerts@${Date.now()}` });
  let ended = false;
  const run = jobDone(backend.repos, SAVED_SEARCH_ALERTS_JOB, id).finally(() => { ended = true; });
  const busy = await loadHome(base, () => ended);
  const seconds = (await run) / 1000;
  // Mails leave as the run queues them; wait for the last few.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mails = readdirSync(outbox).filter((name) => name.endsWith('.eml')).length;
  console.log(`Daily alert run: ${searches} saved searches in ${seconds.toFixed(1)} s (${((seconds * 1000) / searches).toFixed(2)} ms each); ${mails} alert mails written.`);
  console.log(`Home during the run: ${summary(busy)}; p99 ${(percentile(busy, 99) / percentile(idle, 99)).toFixed(2)}× idle.`);
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await backend.close();
  rmSync(outbox, { recursive: true, force: true });
}
