/**
 * `npm run bench:search`: search timings at 500,000 listings. Generates the benchmark database on
 * first use (BENCH_DATABASE, default data/bench-500k.db), then prints for each query class the
 * median and p95 of 30 warm runs with the response cache off, the database size and the RSS,
 * and what the worker pool does to the main thread under concurrent heavy searches.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { sqliteRepositories } from '../src/server/db/sqlite/index.ts';
import { runPendingJobs } from '../src/server/db/sqlite/jobs.ts';
import { migrate } from '../src/server/db/sqlite/migrate.ts';
import { sqliteSearchIndex } from '../src/server/db/sqlite/search.ts';
import { runSearch } from '../src/server/search/search-service.ts';
import { createSqliteSearchEngine } from '../src/server/db/sqlite/search-engine.ts';
import { createMediaUrls } from '../src/server/media/urls.ts';
import { autocomplete } from '../src/server/search/autocomplete.ts';
import { SearchRequestSchema, type SearchRequest } from '../src/shared/search.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { join } from 'node:path';

const POSTS = Number(process.env.BENCH_POSTS ?? 500_000);
const path = process.env.BENCH_DATABASE ?? join(projectRoot, 'data/bench-500k.db');
const RUNS = 30;
const WARMUP = 5;

function postCount(): number {
  if (!existsSync(path)) return 0;
  const db = openDatabase(path);
  const count = Number(db.prepare('SELECT count(*) AS n FROM posts').get()?.n ?? 0);
  db.close();
  return count;
}

if (postCount() < POSTS) {
  console.log(`Generating ${POSTS} listings into ${path} (a minute or two)…`);
  const seed = spawnSync(process.execPath, ['scripts/seed.ts', '--posts', String(POSTS), '--reset', '--database', path], { cwd: projectRoot, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

const db = openDatabase(path, { busyTimeoutMs: 60_000 });
migrate(db);
runPendingJobs(db, console.log);
db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
const repos = sqliteRepositories(db);
const catalog = { repos, media: createMediaUrls('/media') };

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
console.log(`\nSearch at ${postCount()} listings, ${RUNS} warm runs each, response cache off, main thread (ms):`);
console.log(`${'query class'.padEnd(42)} ${'median'.padStart(7)} ${'p95'.padStart(7)}   matches`);
for (const [label, body] of classes) {
  const query = SearchRequestSchema.parse(body);
  const result = await time(() => runSearch(sqliteSearchIndex(db), catalog, query));
  console.log(`${label.padEnd(42)} ${fmt(result.median)} ${fmt(result.p95)}   ${(result.detail as { total: number }).total}`);
}
const suggest = await time(() => autocomplete(repos, 'plum', undefined));
console.log(`${'autocomplete "plum"'.padEnd(42)} ${fmt(suggest.median)} ${fmt(suggest.p95)}   ${(suggest.detail as unknown[]).length}`);

// What the precomputed per-(type, category, state) counts buy for the broadest browse.
const broad = SearchRequestSchema.parse({ type: 'services' });
const scan = await time(() => runSearch(sqliteSearchIndex(db, { useSummary: false }), catalog, broad));
console.log(`${'browse all services, counted live'.padEnd(42)} ${fmt(scan.median)} ${fmt(scan.p95)}   (instead of the summary table)`);

// Concurrency: 24 heavy searches at once, on the main thread versus a worker pool.
async function concurrent(workers: number) {
  const engine = createSqliteSearchEngine(catalog, { workers, databasePath: path, mediaBaseUrl: '/media' });
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

const size = ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(path + suffix) ? statSync(path + suffix).size : 0), 0);
console.log(`\ndatabase ${(size / 1024 / 1024).toFixed(0)} MB, process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
db.close();
