/**
 * `npm run bench:search`: search timings at 500,000 listings, on whichever backend the benchmark database is
 * (scripts/bench-database.ts). Generates it on first use (an empty or missing database), then prints for each
 * query class the median and p95 of 30 warm runs of the backend's engine with the response cache off, the
 * database size and the RSS, and what the worker pool does to the main thread under concurrent heavy searches.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { loadConfig } from '../src/server/config.ts';
import { openBackend, openMaintenance } from '../src/server/db/backend.ts';
import { createMediaUrls } from '../src/server/media/urls.ts';
import { autocomplete } from '../src/server/search/autocomplete.ts';
import { SearchRequestSchema, type SearchRequest } from '../src/shared/search.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { benchDatabase } from './bench-database.ts';

const POSTS = Number(process.env.BENCH_POSTS ?? 500_000);
const { url, exists } = benchDatabase();
const config = loadConfig({ DATABASE_URL: url });
const RUNS = 30;
const WARMUP = 5;

const maintenance = await openMaintenance(config);
if (!exists || await maintenance.isEmpty()) {
  await maintenance.close();
  console.log(`Generating ${POSTS} listings into ${url} (a minute or two)…`);
  const seed = spawnSync(process.execPath, ['scripts/seed.ts', '--posts', String(POSTS), '--reset', '--database-url', url], { cwd: projectRoot, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
} else {
  await maintenance.migrate();
  await maintenance.runDerivedJobs(console.log);
  await maintenance.close();
}

const backend = await openBackend(config);
const { repos } = backend;
const catalog = { repos, media: createMediaUrls('/media') };
/** The backend's engine with `workers` threads (0: on this thread), without the response cache. */
const engineWith = (workers: number) => backend.createSearchEngine(catalog, { workers, mediaBaseUrl: '/media' });
let live = 0;
for (const type of ['services', 'jobs', 'hireme', 'buysell'] as const) live += await repos.sitemap.countPosts(type);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(work: () => Promise<unknown>): Promise<{ median: number; p95: number; detail: unknown }> {
  let detail: unknown;
  for (let index = 0; index < WARMUP; index++) detail = await work();
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), detail };
}

const classes: [string, SearchRequest][] = [
  ['browse all services (no keyword)', { type: 'services' }],
  ['main category + state', { type: 'services', parent_specialization: 'home-services', location: 'Selangor' }],
  ['common keyword "professional"', { type: 'services', search: 'professional' }],
  ['rare keyword, all types "columbarium"', { search: 'columbarium' }],
  ['Near Me 10 km, by distance', { type: 'services', location: 'Near Me', user_location: '3.139,101.6869', sort: 'distance' }],
  ['jobs FT,PT + manager, az', { type: 'jobs', job_type: 'FT,PT', job_level: 'manager', sort: 'az' }],
  ['page 500 of all services', { type: 'services', page: 500 }],
];

const fmt = (ms: number) => ms.toFixed(1).padStart(7);
const inlineEngine = engineWith(0);
console.log(`\nSearch on ${backend.label} (${live} live listings), ${RUNS} warm runs each, response cache off, main thread (ms):`);
console.log(`${'query class'.padEnd(42)} ${'median'.padStart(7)} ${'p95'.padStart(7)}   matches`);
for (const [label, body] of classes) {
  const query = SearchRequestSchema.parse(body);
  const result = await time(() => inlineEngine.search(query));
  console.log(`${label.padEnd(42)} ${fmt(result.median)} ${fmt(result.p95)}   ${(result.detail as { total: number }).total}`);
}
const suggest = await time(() => autocomplete(repos, 'plum', undefined));
console.log(`${'autocomplete "plum"'.padEnd(42)} ${fmt(suggest.median)} ${fmt(suggest.p95)}   ${(suggest.detail as unknown[]).length}`);

await inlineEngine.close();

// Concurrency: 24 heavy searches at once, on the main thread versus a worker pool.
async function concurrent(workers: number) {
  const engine = engineWith(workers);
  const heavy = SearchRequestSchema.parse({ type: 'services', search: 'professional' });
  await engine.search(heavy);
  // The longest gap between 1 ms ticks is how long the event loop could not answer anyone.
  let last = performance.now();
  let maxStall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxStall = Math.max(maxStall, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await Promise.all(Array.from({ length: 24 }, (_, index) => engine.search({ ...heavy, page: 1 + (index % 3) })));
  const elapsed = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  await engine.close();
  return { elapsed, maxStall };
}
const inline = await concurrent(0);
const pooled = await concurrent(availableParallelism());
console.log(`\n24 concurrent "professional" searches: main thread ${inline.elapsed.toFixed(0)} ms with the event loop stalled up to ${inline.maxStall.toFixed(0)} ms;`);
console.log(`  ${availableParallelism()} worker threads ${pooled.elapsed.toFixed(0)} ms with the event loop stalled up to ${pooled.maxStall.toFixed(0)} ms.`);

// A file database's size (a server database reports its own).
const file = config.database.kind === 'sqlite' ? config.database.path : undefined;
const size = file ? ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0) : 0;
console.log(`\n${file ? `database ${(size / 1024 / 1024).toFixed(0)} MB, ` : ''}process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
await backend.close();
