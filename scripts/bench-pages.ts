/**
 * `npm run bench:pages`: page throughput and latency against the built server (npm run build) on the
 * benchmark database (BENCH_DATABASE, default data/bench-500k.db), on loopback.
 *
 * For home, a search page, a post detail and a profile it prints, alternating in one run: requests/s
 * and p50/p97.5 at concurrency 16 (autocannon) served from the page cache and rendered every time (PAGE_CACHE_BYTES=0
 * on a second server), each one's ratio to a static asset of similar size from the same server, the
 * server time at concurrency 1 uncached (median latency less the static asset's, i.e. without what the
 * client and loopback add), the raw HTML size, and the server's RSS after the load. The "with edits" column is
 * the cached throughput while 20 edits a second (reviews written on random listings, each reindexing its listing
 * and naming its tags) land on the same database, and the propagation latency is how long after an edit's commit
 * the cached page of that listing is rendered again (decision 0017). The same pages in Malay and Chinese follow
 * (BENCH_LANGUAGES=0 leaves them out). Last, the same pages against two server
 * processes on the one database (requests spread in turn, as a load balancer does), beside one process alone.
 * BENCH_DATABASE_URL=postgres://… runs all of it on PostgreSQL.
 * Runs each load for BENCH_SECONDS (default 5) and stops by itself.
 */
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openBackend } from '../src/server/db/backend.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { benchDatabase, benchEditor, benchListings } from './bench-database.ts';
import { rssMb, serverPid, startBenchServer, waitUntilUp } from './bench-server.ts';

const bench = benchDatabase();
const database = bench.url;
const entry = join(projectRoot, 'dist/server/entry.mjs');
if (!existsSync(entry) || !bench.exists) {
  console.error('Needs a build (npm run build) and the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 16;
const HEADERS = { 'Accept-Encoding': 'br, gzip' };

const { post, profile } = await benchListings(bench.database);
/** The propagation test's edits: reviews written on the benched listing. */
const backend = await openBackend({ database: bench.database });
const edit = await benchEditor(backend.repos);

/** Runs `work` while 20 edits a second land on random listings, from a process of their own (scripts/bench-edits.ts). */
async function withEdits<T>(work: () => Promise<T>): Promise<T> {
  const editor = fork(join(projectRoot, 'scripts/bench-edits.ts'), { env: process.env, stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    editor.once('message', () => resolve());
    editor.once('exit', (code) => reject(new Error(`the edits stopped (${code})`)));
  });
  try {
    return await work();
  } finally {
    const exited = new Promise((resolve) => editor.once('exit', resolve));
    editor.kill('SIGTERM');
    await exited;
  }
}

/**
 * Load at a concurrency for `seconds`: requests/s and latency percentiles (ms). autocannon sends them (a client far
 * cheaper than fetch, so the server is what is measured: with fetch, a static file and a cached page both ran at the
 * client's pace). A run is timed, not counted: autocannon ends counted runs on whole seconds only.
 */
async function load(url: (index: number) => string, seconds: number, concurrency: number) {
  const first = new URL(url(0));
  const paths = [...new Set(Array.from({ length: 500 }, (_, index) => { const next = new URL(url(index)); return next.pathname + next.search; }))];
  const started = performance.now();
  const result = await autocannon({
    url: first.origin, connections: concurrency, duration: seconds, headers: HEADERS,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url(0)}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.total / ((performance.now() - started) / 1000), p50: result.latency.p50, p95: result.latency.p97_5 };
}

/** Half the requests (and half the connections) to each of two processes at once, as a load balancer spreads them. */
async function both(first: string, second: string, path: string, seconds: number) {
  const answers = await Promise.all([first, second].map((base) => load(() => base + path, seconds, CONCURRENCY / 2)));
  return { rps: answers[0]!.rps + answers[1]!.rps };
}

/** Sequential requests with fetch (c=1: the server's time per request plus loopback): the median latency (ms). */
async function serial(url: string, requests: number) {
  const samples: number[] = [];
  for (let index = 0; index < requests; index++) {
    const begin = performance.now();
    const response = await fetch(url, { headers: HEADERS });
    await response.arrayBuffer();
    samples.push(performance.now() - begin);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(samples.length / 2)]! };
}

/** The built static asset closest in size to `bytes` (served by the same server, precompressed). */
function staticAssetLike(bytes: number): string {
  const dir = join(projectRoot, 'dist/client/_astro');
  const files = readdirSync(dir).filter((name) => /\.(js|css)$/.test(name));
  files.sort((a, b) => Math.abs(statSync(join(dir, a)).size - bytes) - Math.abs(statSync(join(dir, b)).size - bytes));
  return `/_astro/${files[0]}`;
}

const cachedPort = 4500 + Math.floor(Math.random() * 200);
const uncachedPort = cachedPort + 200;
const cachedBase = `http://127.0.0.1:${cachedPort}`;
const uncachedBase = `http://127.0.0.1:${uncachedPort}`;
// Every request comes from this one client: the limit of uncached search pages per client is off here.
const cachedServer = startBenchServer(database, cachedPort, { SEARCH_PAGE_LIMIT: '0' });
const uncachedServer = startBenchServer(database, uncachedPort, { PAGE_CACHE_BYTES: '0', SEARCH_PAGE_LIMIT: '0' });
console.log('Servers: SEARCH_PAGE_LIMIT=0 (one client sends every request).');
const pages: [string, string][] = [];
try {
  await Promise.all([waitUntilUp(cachedBase), waitUntilUp(uncachedBase)]);
  pages.push(
    ['home', '/'],
    ['search, category + state', '/services/l/home-services?where=Selangor'],
    ['post detail', `/services/${post}`],
    ['profile', `/${profile}`],
    // The Malay and Chinese twins (issue 42): cached under their own addresses, the same goal against a static file.
    ...(process.env.BENCH_LANGUAGES === '0' ? [] : [
      ['home /ms/', '/ms/'], ['search /ms/', '/ms/services/l/home-services?where=Selangor'], ['post detail /zh/', `/zh/services/${post}`], ['profile /zh/', `/zh/${profile}`],
    ] as [string, string][]),
  );
  console.log(`Pages at concurrency ${CONCURRENCY}, ${SECONDS} s each, br accepted; uncached = PAGE_CACHE_BYTES=0:`);
  console.log(`${'page'.padEnd(26)} ${'HTML KB'.padStart(7)} | ${'cached req/s'.padStart(12)} ${'p50'.padStart(6)} ${'p97.5'.padStart(6)} ${'ratio'.padStart(6)} | ${'with edits'.padStart(10)} ${'ratio'.padStart(6)} | ${'uncached req/s'.padStart(14)} ${'p50'.padStart(6)} ${'p97.5'.padStart(6)} | ${'c=1 ms'.padStart(7)} | static asset req/s`);
  console.log('(c=1 ms: server time uncached at concurrency 1, the median latency less that of the static asset)');
  for (const [label, path] of pages) {
    const html = await (await fetch(uncachedBase + path, { headers: { 'Accept-Encoding': 'identity' } })).text();
    const asset = staticAssetLike(Buffer.byteLength(html));
    const staticLoad = await load(() => cachedBase + asset, SECONDS, CONCURRENCY);
    await fetch(cachedBase + path, { headers: HEADERS });
    const cached = await load(() => cachedBase + path, SECONDS, CONCURRENCY);
    const edited = await withEdits(() => load(() => cachedBase + path, SECONDS, CONCURRENCY));
    const uncached = await load(() => uncachedBase + path, SECONDS, CONCURRENCY);
    const sequential = await serial(uncachedBase + path, 50);
    // What the client and loopback add to every request, measured on the static asset at c=1.
    const overhead = await serial(uncachedBase + asset, 50);
    console.log(`${label.padEnd(26)} ${(Buffer.byteLength(html) / 1024).toFixed(0).padStart(7)} | ${cached.rps.toFixed(0).padStart(12)} ${cached.p50.toFixed(1).padStart(6)} ${cached.p95.toFixed(1).padStart(6)} ${(cached.rps / staticLoad.rps).toFixed(2).padStart(6)} | ${edited.rps.toFixed(0).padStart(10)} ${(edited.rps / staticLoad.rps).toFixed(2).padStart(6)} | ${uncached.rps.toFixed(0).padStart(14)} ${uncached.p50.toFixed(1).padStart(6)} ${uncached.p95.toFixed(1).padStart(6)} | ${(sequential.p50 - overhead.p50).toFixed(1).padStart(7)} | ${staticLoad.rps.toFixed(0)} (${asset})`);
  }
  // Propagation: an edit's commit to the first render of that listing's cached page, five times.
  const latencies: number[] = [];
  const postId = (await backend.repos.catalog.findPostIdBySlug(post))!;
  for (let round = 0; round < 5; round++) {
    await fetch(`${cachedBase}/services/${post}`, { headers: HEADERS }).then((response) => response.arrayBuffer());
    await edit({ type: 'services', id: postId });
    const committed = performance.now();
    for (;;) {
      const response = await fetch(`${cachedBase}/services/${post}`, { headers: HEADERS });
      await response.arrayBuffer();
      if (response.headers.get('X-Cache') === 'MISS') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    latencies.push(performance.now() - committed);
  }
  latencies.sort((a, b) => a - b);
  console.log(`\nPropagation (an edit's commit to its page rendered again, 5 edits): median ${latencies[2]!.toFixed(0)} ms, max ${latencies[4]!.toFixed(0)} ms`);
  // Two processes on the one database, as behind a load balancer: each request goes to the next one in turn.
  const secondCachedBase = `http://127.0.0.1:${cachedPort + 1}`;
  const secondUncachedBase = `http://127.0.0.1:${uncachedPort + 1}`;
  const secondCached = startBenchServer(database, cachedPort + 1, { SEARCH_PAGE_LIMIT: '0' });
  const secondUncached = startBenchServer(database, uncachedPort + 1, { PAGE_CACHE_BYTES: '0', SEARCH_PAGE_LIMIT: '0' });
  try {
    await Promise.all([waitUntilUp(secondCachedBase), waitUntilUp(secondUncachedBase)]);
    console.log(`\nOne process against two on the one database (requests in turn; req/s at concurrency ${CONCURRENCY}):`);
    console.log(`${'page'.padEnd(26)} | ${'cached, 1'.padStart(10)} ${'2'.padStart(7)} | ${'uncached, 1'.padStart(12)} ${'2'.padStart(7)}`);
    for (const [label, path] of pages) {
      for (const base of [cachedBase, secondCachedBase]) await fetch(base + path, { headers: HEADERS }).then((response) => response.arrayBuffer());
      const one = await load(() => cachedBase + path, SECONDS, CONCURRENCY);
      const two = await both(cachedBase, secondCachedBase, path, SECONDS);
      const oneUncached = await load(() => uncachedBase + path, SECONDS, CONCURRENCY);
      const twoUncached = await both(uncachedBase, secondUncachedBase, path, SECONDS);
      console.log(`${label.padEnd(26)} | ${one.rps.toFixed(0).padStart(10)} ${two.rps.toFixed(0).padStart(7)} | ${oneUncached.rps.toFixed(0).padStart(12)} ${twoUncached.rps.toFixed(0).padStart(7)}`);
    }
  } finally {
    secondCached.kill();
    secondUncached.kill();
  }
  // A browse over many pages fills the cache with distinct entries, then the RSS is read.
  await load((index) => `${cachedBase}/services/l?page=${1 + (index % 500)}`, SECONDS, CONCURRENCY);
  console.log(`\nRSS after the load (the server process; its supervisor adds about 45 MB): cached server ${rssMb(await serverPid(cachedServer.pid!)).toFixed(0)} MB, uncached server ${rssMb(await serverPid(uncachedServer.pid!)).toFixed(0)} MB`);
} finally {
  cachedServer.kill();
  uncachedServer.kill();
  await backend.close();
}
