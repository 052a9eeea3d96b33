/**
 * `npm run bench:load`: autocannon against the built server (npm run build) on the benchmark database
 * (BENCH_DATABASE, default data/bench-500k.db), at concurrency 64 for home, a search page, a post
 * detail and POST /api/post/search: requests/s, p50/p99, non-2xx and errors (the target is none).
 * Requests come from many clients, as real load does (TRUST_PROXY=1, a different X-Forwarded-For
 * each), so per-client limits stay out of the way.
 *
 * Then the flood test: how everyone else fares (home, and other clients' searches) with no flood;
 * while one client floods distinct uncached searches (the per-client search limit answers it with
 * 429s); and while the same flood comes from many clients, which no per-client limit can stop (what
 * the site saw from a single client before the limit).
 *
 * Then the goals of issue 62, each measured three times and judged by the median, with the load average beside each run
 * (a busy machine shows in it): GET `/` p99 under the security probe's floods of distinct uncached search pages from 256
 * real loopback addresses, with 32 and with 128 clients, at most 2× idle (with a cached detail page's rate beside it,
 * issue 38: ≥ 0.8 of idle); and GET `/` p99 while the worker process runs the review filter and a daily alert run over
 * 10,000 saved searches, at most 1.5× idle.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBackend } from '../src/server/db/backend.ts';
import { SAVED_SEARCH_ALERTS_JOB } from '../src/server/saved-searches/alerts.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { benchDatabase, benchListings } from './bench-database.ts';
import { jobDone, jobsSettled, prepareSavedSearches } from './bench-saved-searches.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';

const bench = benchDatabase();
const database = bench.url;
if (!existsSync(join(projectRoot, 'dist/server/entry.mjs')) || !bench.exists) {
  console.error('Needs a build (npm run build) and the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const { post } = await benchListings(bench.database);

const port = 4900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
/** `--goals`: only the goals' measurements (the last part; `--floods` or `--work` narrows it to one goal). */
const goalsOnly = process.argv.includes('--goals');

let counter = 0;
/** A different client address for every request. */
const anotherClient = () => {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};
const WORDS = ['plumber', 'aircon', 'tuition', 'catering', 'lawyer', 'movers', 'cleaning', 'repair', 'clinic', 'florist'];
/** A search no cache has seen: a word, a page and a price range that vary with every request. */
const uncachedSearch = () => {
  counter++;
  return JSON.stringify({ type: 'services', search: WORDS[counter % WORDS.length], page: 1 + (counter % 40), price: `${counter % 500}-${1000 + (counter % 997)}` });
};

type Request = NonNullable<autocannon.Options['requests']>[number];

function run(url: string, connections: number, requests: Request[]): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: SECONDS, requests, headers: { 'accept-encoding': 'br, gzip' } });
}

const fromManyClients = (method: 'GET' | 'POST', body?: () => string): Request => ({
  method,
  setupRequest: (request) => ({
    ...request,
    headers: { ...request.headers, 'x-forwarded-for': anotherClient(), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: body() } : {}),
  }),
});

function line(label: string, result: autocannon.Result): string {
  return `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${String(result.non2xx).padStart(7)} ${String(result.errors).padStart(7)}${result.timeouts ? ` (${result.timeouts} timeouts)` : ''}`;
}

if (!goalsOnly) {
  const server = startBenchServer(database, port, { TRUST_PROXY: '1', JOB_RUNNER: 'off' });
  try {
    await waitUntilUp(base);
    console.log('Server: default limits (SEARCH_PAGE_LIMIT=60 per client; every request comes from a new client).');
    console.log(`Load at concurrency 64 for ${SECONDS} s each, many clients (ms):`);
    console.log(`${'target'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'non-2xx'.padStart(7)} ${'errors'.padStart(7)}`);
    for (const [label, path] of [['home', '/'], ['search page', '/services/l/home-services?where=Selangor'], ['post detail', `/services/${post}`]] as const) {
      console.log(line(label, await run(base + path, 64, [fromManyClients('GET')])));
    }
    console.log(line('POST /api/post/search (uncached)', await run(`${base}/api/post/search`, 64, [fromManyClients('POST', uncachedSearch)])));

    // Everyone else during a flood: visitors opening home (c=4) and other clients searching (c=2, uncached).
    const everyoneElse = () => Promise.all([run(`${base}/`, 4, [fromManyClients('GET')]), run(`${base}/api/post/search`, 2, [fromManyClients('POST', uncachedSearch)])]);
    const oneClient: Request = {
      method: 'POST',
      setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': '192.0.2.1', 'content-type': 'application/json' }, body: uncachedSearch() }),
    };
    console.log(`\nEveryone else (home at c=4, other clients' searches at c=2) while a flood of distinct uncached searches runs at c=32 (ms):`);
    console.log(`${'situation'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'non-2xx'.padStart(7)} ${'errors'.padStart(7)}`);
    const [homeAlone, searchAlone] = await everyoneElse();
    console.log(line('no flood: home', homeAlone));
    console.log(line('no flood: others\' searches', searchAlone));
    const [[homeLimited, searchLimited], limitedFlood] = await Promise.all([everyoneElse(), run(`${base}/api/post/search`, 32, [oneClient])]);
    console.log(line('one-client flood: home', homeLimited));
    console.log(line('one-client flood: others\' searches', searchLimited));
    console.log(line('  the flood (limited: 429s)', limitedFlood));
    const [[homeOpen, searchOpen], openFlood] = await Promise.all([everyoneElse(), run(`${base}/api/post/search`, 32, [fromManyClients('POST', uncachedSearch)])]);
    console.log(line('unlimitable flood: home', homeOpen));
    console.log(line('unlimitable flood: others\' searches', searchOpen));
    console.log(line('  the flood (many clients)', openFlood));
  } finally {
    server.kill();
  }
}

/** The load average over the last minute, as `uptime` shows it. */
const load = () => loadavg()[0]!.toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** Runs of each goal (BENCH_RUNS; the median is judged). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `--floods` or `--work`: only that goal's part (both when neither is given). */
const floodsPart = !process.argv.includes('--work') || process.argv.includes('--floods');
const workPart = !process.argv.includes('--floods') || process.argv.includes('--work');

/**
 * The visitor a goal is measured on (scripts/bench-visitor.ts, a process of its own), as the security probe's sampler:
 * one client opening home back to back on one keep-alive connection, for `seconds` and then as long as `more` says.
 */
async function homeVisitor(base: string, seconds: number, more: () => boolean = () => false) {
  const visitor = fork(join(projectRoot, 'scripts/bench-visitor.ts'), [base], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  visitor.stdout!.on('data', (chunk) => { out += chunk; });
  const exited = new Promise<number | null>((resolve) => visitor.once('exit', resolve));
  await new Promise((resolve) => visitor.once('message', resolve));
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || more()) await new Promise((resolve) => setTimeout(resolve, 50));
  visitor.kill('SIGTERM');
  if (await exited !== 0) throw new Error('the visitor failed');
  return JSON.parse(out) as { p50: number; p99: number; max: number; samples: number };
}
type Figures = Awaited<ReturnType<typeof homeVisitor>>;

/** A cached detail page's rate for 16 visitors over `seconds` (issue 38: ≥ 0.8 of idle under a flood). */
async function detailRate(detail: string, seconds: number): Promise<number> {
  return (await autocannon({ url: detail, connections: 16, duration: seconds, headers: { 'accept-encoding': 'br, gzip' } })).requests.average;
}
const DETAIL_SECONDS = 5;

const figuresLine = (label: string, figures: Figures, rate: number | null, extra = '') =>
  `${label.padEnd(22)} ${figures.p50.toFixed(2).padStart(9)} ${figures.p99.toFixed(2).padStart(9)} ${String(figures.samples).padStart(8)} ${(rate === null ? '' : rate.toFixed(0)).padStart(12)} ${load().padStart(6)}${extra}`;
const figuresHeader = `${'situation'.padEnd(22)} ${'home p50'.padStart(9)} ${'home p99'.padStart(9)} ${'samples'.padStart(8)} ${'detail req/s'.padStart(12)} ${'load'.padStart(6)}`;

/** A server for the goals, its home and detail page warm in its cache. */
async function goalServer(offset: number, env: Record<string, string>) {
  const goalPort = port + offset;
  const goalBase = `http://127.0.0.1:${goalPort}`;
  const child = startBenchServer(database, goalPort, env);
  await waitUntilUp(goalBase);
  const detail = `${goalBase}/services/${post}`;
  for (const path of ['/', `/services/${post}`]) await (await fetch(goalBase + path, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer();
  const stop = async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { base: goalBase, detail, stop };
}

// The floods of the security probe (finding 6), from real loopback addresses (the server trusts no proxy): 32 or 128
// clients ask for distinct uncached search pages back to back, each request from the next of 256 addresses
// (scripts/bench-flood.ts, a process of its own). The job worker is off here: the floods alone are measured.
const floodRatios: Record<number, number[]> = { 32: [], 128: [] };
const detailRatios: number[] = [];
if (floodsPart) {
  const server = await goalServer(100, { JOB_RUNNER: 'off' });
  try {
    console.log(`\nGoal: GET / p99 under a flood of distinct uncached search pages from 256 loopback addresses at most 2× idle (${SECONDS} s each, ms; load = load average):`);
    for (let run = 1; run <= RUNS; run++) {
      console.log(`run ${run}\n${figuresHeader}`);
      const idle = await homeVisitor(server.base, SECONDS);
      const idleRate = await detailRate(server.detail, DETAIL_SECONDS);
      console.log(figuresLine('idle', idle, idleRate));
      for (const clients of [32, 128]) {
        const flood = fork(join(projectRoot, 'scripts/bench-flood.ts'), [server.base, String(clients), '256'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
        let floodOut = '';
        flood.stdout!.on('data', (chunk) => { floodOut += chunk; });
        await new Promise((resolve) => flood.once('message', resolve));
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const flooded = await homeVisitor(server.base, SECONDS);
        const floodedRate = await detailRate(server.detail, DETAIL_SECONDS);
        const floodDone = new Promise((resolve) => flood.once('exit', resolve));
        flood.kill('SIGTERM');
        await floodDone;
        floodRatios[clients]!.push(flooded.p99 / idle.p99);
        detailRatios.push(floodedRate / idleRate);
        console.log(figuresLine(`flood of ${clients} clients`, flooded, floodedRate, `  p99 ${(flooded.p99 / idle.p99).toFixed(2)}× idle; the flood's answers: ${floodOut.trim()}`));
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  } finally {
    await server.stop();
  }
}

// Background work (issue 62): the worker process beside the server (JOB_RUNNER=in-process, as npm start runs it) runs
// the nightly review filter and a daily alert run over 10,000 saved searches, while the visitors come.
const workRatios: number[] = [];
if (workPart) {
  const outbox = mkdtempSync(join(tmpdir(), 'yp-bench-load-'));
  const server = await goalServer(200, { JOB_RUNNER: 'in-process', OUTBOX_DIR: outbox });
  const backend = await openBackend({ database: bench.database });
  try {
    console.log(`\nGoal: GET / p99 while the worker runs the review filter and an alert run over 10,000 saved searches at most 1.5× idle (ms):`);
    for (let run = 1; run <= RUNS; run++) {
      // The worker's own recurring runs may fire as it starts: let them finish, so idle is idle.
      await jobsSettled(backend.repos);
      await jobsSettled(backend.repos, 'review_signals_nightly');
      const searches = await prepareSavedSearches(bench.database, bench.url);
      console.log(`run ${run} (${searches} saved searches made afresh)\n${figuresHeader}`);
      const idle = await homeVisitor(server.base, SECONDS);
      console.log(figuresLine('idle', idle, null));
      const key = `bench-load-${Date.now()}`;
      const alerts = await backend.repos.jobs.enqueue({ kind: SAVED_SEARCH_ALERTS_JOB, payload: { frequencies: ['daily'] }, idempotencyKey: `${key}-alerts` });
      const reviews = await backend.repos.jobs.enqueue({ kind: 'review_signals_nightly', payload: {}, idempotencyKey: `${key}-reviews` });
      let working = true;
      const work = Promise.all([jobDone(backend.repos, SAVED_SEARCH_ALERTS_JOB, alerts), jobDone(backend.repos, 'review_signals_nightly', reviews)]).finally(() => { working = false; });
      const busy = await homeVisitor(server.base, 1, () => working);
      const [alertMs, reviewMs] = await work;
      workRatios.push(busy.p99 / idle.p99);
      console.log(figuresLine('working', busy, null, `  p99 ${(busy.p99 / idle.p99).toFixed(2)}× idle; alert run ${(alertMs / 1000).toFixed(1)} s, review filter ${(reviewMs / 1000).toFixed(1)} s`));
    }
  } finally {
    await server.stop();
    await backend.close();
    rmSync(outbox, { recursive: true, force: true });
  }
}

const list = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
console.log(`\nMedians of ${RUNS} runs (load average now ${load()}):`);
if (floodsPart) {
  console.log(`home p99 under a flood of 32 clients / idle: ${median(floodRatios[32]!).toFixed(2)} (runs ${list(floodRatios[32]!)}; goal ≤ 2)`);
  console.log(`home p99 under a flood of 128 clients / idle: ${median(floodRatios[128]!).toFixed(2)} (runs ${list(floodRatios[128]!)}; goal ≤ 2)`);
  console.log(`detail rate flooded / idle: ${median(detailRatios).toFixed(2)} (goal ≥ 0.8)`);
}
if (workPart) console.log(`home p99 while the worker works / idle: ${median(workRatios).toFixed(2)} (runs ${list(workRatios)}; goal ≤ 1.5)`);
