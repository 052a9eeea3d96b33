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
import { TestClock } from '../src/server/clock.ts';
import { openBackend } from '../src/server/db/backend.ts';
import type { Repositories } from '../src/server/db/repositories.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { SAVED_SEARCH_ALERTS_JOB } from '../src/server/saved-searches/alerts.ts';
import type { ListingType } from '../src/shared/constants.ts';
import type { SearchState } from '../src/shared/search-params.ts';
import { benchDatabase } from './bench-database.ts';
import { percentile } from './bench-timing.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';

const ACCOUNTS = 2_000;
const PER_ACCOUNT = 5;
const HOME_CONCURRENCY = 4;
/** Each of the home loaders waits this long between requests: a steady few hundred requests a second, not a flood. */
const HOME_PAUSE_MS = 10;
const IDLE_REQUESTS = 4_000;
const STATES = ['Johor', 'Kedah', 'Kuala Lumpur', 'Melaka', 'Negeri Sembilan', 'Pahang', 'Penang', 'Perak', 'Sabah', 'Sarawak', 'Selangor'];
const FILTERS: Record<ListingType, [string, string][]> = {
  services: [['sort', 'rating']],
  jobs: [['job_type', 'FT'], ['job_type', 'PT'], ['qualification', 'degree'], ['job_level', 'junior_executive']],
  buysell: [['condition', 'used'], ['post_type', 'sell'], ['method', 'meetup']],
  hireme: [['hireme_type', 'part_time'], ['hireme_rate', 'hourly']],
};

const bench = benchDatabase();
const entry = join(projectRoot, 'dist/server/entry.mjs');
if (!existsSync(entry) || !bench.exists) {
  console.error('Needs a build (npm run build) and the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}

/** A seeded random: the same saved searches on every run. */
let seed = 29;
const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const probe = await openBackend({ database: bench.database });
const tree = await probe.repos.catalog.findCategoryTree();
// The newest listing's time: the searches were last looked at a day before it.
const newest = await probe.repos.catalog.findPostRows(Array.from({ length: 2_000 }, () => 1 + Math.floor(random() * 500_000)));
const words = new Map<ListingType, string[]>();
for (const post of newest) {
  const list = words.get(post.type) ?? [];
  for (const word of post.title.toLowerCase().split(/[^a-z]+/)) if (word.length >= 5 && !list.includes(word)) list.push(word);
  words.set(post.type, list);
}
await probe.close();

/** The newest first-live time of the catalogue, read through a search (newest first). */
async function newestLive(): Promise<number> {
  const { createAppContext } = await import('../src/server/app-context.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const app = await createAppContext(loadConfig({ DATABASE_URL: bench.url, SEARCH_WORKERS: '0' }), { timers: false });
  try {
    const { savedQuery } = await import('../src/server/saved-searches/saved-searches.ts');
    let latest = 0;
    for (const cat of ['services', 'jobs', 'buysell', 'hireme'] as const) {
      const response = await app.search.search(savedQuery({ cat, main: null, sub: null, params: {}, view: 'grid' }, '2000-01-01T00:00:00.000Z', 1), { cache: false });
      const card = response.results[0];
      if (card) {
        const row = (await app.repos.catalog.findPostRows([card.id]))[0];
        latest = Math.max(latest, Date.parse(row?.published_at ?? '1970-01-01'));
      }
    }
    return latest;
  } finally {
    await app.close();
  }
}

/** A saved search of one of the shapes people save. */
function shape(n: number): { type: ListingType; query: { main: string | null; sub: string | null; params: SearchState['params'] } } {
  const type = pick<ListingType>(['services', 'services', 'services', 'services', 'jobs', 'jobs', 'jobs', 'buysell', 'buysell', 'hireme']);
  const mains = tree.filter((row) => row.type === type && row.parent_id === null);
  const main = pick(mains);
  const children = tree.filter((row) => row.parent_id === main.id);
  const word = pick(words.get(type) ?? ['kedai']);
  const state = pick(STATES);
  switch (n % 10) {
    case 0: case 1: case 2: return { type, query: { main: null, sub: null, params: { what: word } } };
    case 3: case 4: return { type, query: { main: main.slug, sub: null, params: {} } };
    case 5: return { type, query: { main: main.slug, sub: null, params: { where: state } } };
    case 6: return { type, query: { main: main.slug, sub: children.length > 0 ? pick(children).slug : null, params: { where: state } } };
    case 7: return { type, query: { main: null, sub: null, params: { what: word, where: state } } };
    case 8: {
      const [param, value] = pick(FILTERS[type]);
      return { type, query: { main: main.slug, sub: null, params: { [param]: value } } };
    }
    default: return { type, query: { main: null, sub: null, params: { what: word, where: 'Near Me', ul: '3.139,101.6869', range: '25' } } };
  }
}

/** The bench accounts (made once) and their saved searches (made again), last looked at a day before `newest`. */
async function prepare(lookedAt: number): Promise<void> {
  const backend = await openBackend({ database: bench.database }, new TestClock(lookedAt));
  const { repos } = backend;
  const started = performance.now();
  for (let n = 1; n <= ACCOUNTS; n++) {
    const email = `bench-alerts-${n}@example.my`;
    const userId = (await repos.users.findCredentials({ email }))?.id
      ?? await repos.users.createUser({ name: `Bench Saver ${n}`, email, phone_number: null, phone_number_country: null, password_hash: null });
    for (const saved of await repos.savedSearches.findSavedSearches(userId, 50)) await repos.savedSearches.deleteSavedSearch(saved.id);
    for (let k = 0; k < PER_ACCOUNT; k++) {
      const { type, query } = shape(n * PER_ACCOUNT + k);
      await repos.savedSearches.insertSavedSearch({ userId, name: `Bench search ${k + 1}`, type, query: JSON.stringify(query), frequency: 'daily' });
    }
  }
  console.log(`${ACCOUNTS * PER_ACCOUNT} saved searches of ${ACCOUNTS} accounts made in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  await backend.close();
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

/** Waits until no alert run is running or due on the benchmark database. */
async function alertsSettled(repos: Repositories): Promise<void> {
  for (;;) {
    const now = new Date().toISOString();
    const busy = (await repos.jobs.find({ kind: SAVED_SEARCH_ALERTS_JOB, limit: 20 })).some((job) => job.state === 'running' || (job.state === 'queued' && job.run_at <= now));
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const summary = (samples: number[]) => `${samples.length} requests, p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`;

const lookedAt = (await newestLive()) - 24 * 60 * 60_000;
const outbox = mkdtempSync(join(tmpdir(), 'yp-bench-alerts-'));
const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
const server = startBenchServer(bench.url, port, { OUTBOX_DIR: outbox, JOB_RUNNER: 'in-process' });
const backend = await openBackend({ database: bench.database });
try {
  await waitUntilUp(base);
  // The server's own recurring alert run may fire as it starts (its schedule came due while no server ran): let it
  // finish, then make the saved searches afresh, due, so the measured run is the only one and idle is idle.
  await alertsSettled(backend.repos);
  await prepare(lookedAt);
  await loadHome(base, () => false, 500);
  const idle = await loadHome(base, () => false, IDLE_REQUESTS);
  console.log(`Home while idle (${HOME_CONCURRENCY} clients, ${HOME_PAUSE_MS} ms between requests): ${summary(idle)}`);

  const id = await backend.repos.jobs.enqueue({ kind: SAVED_SEARCH_ALERTS_JOB, payload: { frequencies: ['daily'] }, idempotencyKey: `bench-alerts@${Date.now()}` });
  let began = 0;
  let ended = 0;
  const watch = (async () => {
    for (;;) {
      const job = (await backend.repos.jobs.find({ kind: SAVED_SEARCH_ALERTS_JOB, limit: 20 })).find((row) => row.id === id);
      if (job?.state === 'running' && began === 0) began = performance.now();
      if (job?.state === 'done' || job?.state === 'failed') {
        ended = performance.now();
        if (job.state === 'failed') throw new Error(`the run failed: ${job.last_error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const busy = await loadHome(base, () => ended !== 0);
  await watch;
  const seconds = (ended - (began || ended)) / 1000;
  // Mails leave as the run queues them; wait for the last few.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const mails = readdirSync(outbox).filter((name) => name.endsWith('.eml')).length;
  console.log(`Daily alert run: ${ACCOUNTS * PER_ACCOUNT} saved searches in ${seconds.toFixed(1)} s (${((seconds * 1000) / (ACCOUNTS * PER_ACCOUNT)).toFixed(2)} ms each); ${mails} alert mails written.`);
  console.log(`Home during the run: ${summary(busy)}; p99 ${(percentile(busy, 99) / percentile(idle, 99)).toFixed(2)}× idle.`);
} finally {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  await backend.close();
  rmSync(outbox, { recursive: true, force: true });
}
