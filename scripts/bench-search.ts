/**
 * `npm run bench:search`: search timings at 500,000 listings on the benchmark database (scripts/bench-database.ts),
 * generated on first use. For each query class: the median and p95 of 30 warm runs of the backend's engine with the
 * response cache off; then requests per second of a mixed search load at concurrency 16, what 24 concurrent heavy
 * searches do to the event loop, the database's size and the process's RSS.
 *
 * `npm run bench:search -- --database-url postgres://…` measures PostgreSQL beside it, side by side in one run, on
 * the same rows: an empty PostgreSQL database is first filled from the SQLite benchmark file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../src/server/config.ts';
import { openBackend, openMaintenance, type Backend } from '../src/server/db/backend.ts';
import { createMediaUrls } from '../src/server/media/urls.ts';
import { autocomplete } from '../src/server/search/autocomplete.ts';
import { SearchRequestSchema } from '../src/shared/search.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { benchDatabase } from './bench-database.ts';
import { timeRuns } from './bench-timing.ts';
import { AUTOCOMPLETE_QUERY, SEARCH_CLASSES } from './bench-search-classes.ts';
import { BOX_CLASSES, measureMap, measureTileRanges, type MapFigures } from './bench-map.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';
import { newestArchive } from '../src/server/maps/archive.ts';
import { copySqliteIntoPostgres } from './seed/postgres/copy.ts';
import { searchAnswers } from '../src/server/search/answers.ts';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const POSTS = Number(process.env.BENCH_POSTS ?? 500_000);
const RUNS = 30;
const WARMUP = 5;
const MIXED_REQUESTS = 800;
const MIXED_CONCURRENCY = 16;

/** Makes the database at `url` ready: migrated, and holding the benchmark's listings. */
async function prepare(url: string, fillFrom?: string): Promise<void> {
  const config = loadConfig({ DATABASE_URL: url });
  const maintenance = await openMaintenance(config);
  const exists = config.database.kind !== 'sqlite' || existsSync(config.database.path);
  await maintenance.migrate();
  const empty = !exists || await maintenance.isEmpty();
  await maintenance.runDerivedJobs(console.log);
  await maintenance.close();
  if (!empty) return;
  if (fillFrom) {
    console.log(`Copying the listings of ${fillFrom} into ${maintenance.label}…`);
    const started = performance.now();
    await copySqliteIntoPostgres(fillFrom, url, (line) => { if (!line.startsWith('search index:') || line.includes('recounted')) console.log(`  ${line}`); });
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    return;
  }
  console.log(`Generating ${POSTS} listings into ${url} (about a minute per 500,000 on SQLite; a PostgreSQL copy takes three times that)…`);
  const seed = spawnSync(process.execPath, ['scripts/seed.ts', '--posts', String(POSTS), '--database-url', url], { cwd: projectRoot, stdio: 'inherit' });
  if (seed.status !== 0) process.exit(seed.status ?? 1);
}

const time = (work: () => Promise<unknown>) => timeRuns(work, RUNS, WARMUP);

// The bodies as a client sends them, parsed where they are searched (a parsed Near Me location does not parse again).
const classes: [string, Record<string, unknown>][] = SEARCH_CLASSES.map(([, label, body]) => [label, body]);

/** The mixed load: every class in turn, a different page each time so nothing repeats exactly. */
const mixed = (index: number) => SearchRequestSchema.parse({ ...classes[index % classes.length]![1], page: 1 + (Math.floor(index / classes.length) % 5) });

interface Measured {
  label: string;
  live: number;
  classes: { median: number; p95: number; total: number }[];
  suggest: { median: number; p95: number; count: number };
  map: MapFigures;
  mixedPerSecond: number;
  stall: { inline: { elapsed: number; maxStall: number }; pooled: { elapsed: number; maxStall: number } };
  size: string;
}

/** The longest gap between 1 ms ticks while `work` runs: how long the event loop could not answer anyone. */
async function stallDuring(work: () => Promise<unknown>): Promise<{ elapsed: number; maxStall: number }> {
  let last = performance.now();
  let maxStall = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxStall = Math.max(maxStall, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const elapsed = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(ticker);
  return { elapsed, maxStall };
}

async function databaseSize(backend: Backend, url: string): Promise<string> {
  const config = loadConfig({ DATABASE_URL: url });
  if (config.database.kind === 'sqlite') {
    const file = config.database.path;
    const bytes = ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0), 0);
    return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SELECT pg_database_size(current_database()) AS bytes');
  await client.end();
  void backend;
  return `${(Number(rows[0].bytes) / 1024 / 1024).toFixed(0)} MB`;
}

async function measure(url: string): Promise<Measured> {
  const backend = await openBackend(loadConfig({ DATABASE_URL: url }));
  const { repos } = backend;
  const catalog = { repos, media: createMediaUrls('/media') };
  // Measured once ready, as a server serves: PostgreSQL's engine loads its facet store as it starts (seconds at this
  // size), and searches meanwhile wait behind that load.
  const engineWith = async (workers: number) => {
    const engine = backend.createSearchEngine(searchAnswers(catalog), { workers, mediaBaseUrl: '/media' });
    while (!(await engine.ready())) await new Promise((resolve) => setTimeout(resolve, 100));
    return engine;
  };
  let live = 0;
  for (const type of ['services', 'jobs', 'hireme', 'buysell'] as const) live += await repos.sitemap.countPosts(type);
  const inline = await engineWith(0);
  const measured: Measured['classes'] = [];
  for (const [, body] of classes) {
    const query = SearchRequestSchema.parse(body);
    const result = await time(() => inline.search(query));
    measured.push({ median: result.median, p95: result.p95, total: (result.detail as { total: number }).total });
  }
  const suggest = await time(() => autocomplete(repos, AUTOCOMPLETE_QUERY, undefined));
  const map = await measureMap(inline, RUNS, WARMUP);
  await inline.close();

  // Mixed load at concurrency 16, on the engine as the server runs it (a worker per core).
  const served = await engineWith(availableParallelism());
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: MIXED_CONCURRENCY }, async () => {
    while (next < MIXED_REQUESTS) await served.search(mixed(next++));
  }));
  const mixedPerSecond = MIXED_REQUESTS / ((performance.now() - started) / 1000);
  await served.close();

  const heavy = SearchRequestSchema.parse({ type: 'services', search: 'professional' });
  const concurrent = async (workers: number) => {
    const engine = await engineWith(workers);
    await engine.search(heavy);
    const result = await stallDuring(() => Promise.all(Array.from({ length: 24 }, (_, index) => engine.search({ ...heavy, page: 1 + (index % 3) }))));
    await engine.close();
    return result;
  };
  const stall = { inline: await concurrent(0), pooled: await concurrent(availableParallelism()) };
  const size = await databaseSize(backend, url);
  await backend.close();
  return { label: backend.label, live, classes: measured, suggest: { median: suggest.median, p95: suggest.p95, count: (suggest.detail as unknown[]).length }, map, mixedPerSecond, stall, size };
}

const sqlite = benchDatabase();
await prepare(sqlite.url);
const other = values['database-url'];
if (other) await prepare(other, sqlite.database.kind === 'sqlite' ? sqlite.database.path : undefined);

/** The tile route on the built server (npm run build), on loopback: Range requests for the basemap's bytes. */
async function tileRanges(): Promise<void> {
  const archive = await newestArchive(loadConfig().map.dataDir);
  if (!existsSync(`${projectRoot}/dist/server/entry.mjs`) || !archive) {
    console.log('  tile route: not measured (needs npm run build and a basemap archive)');
    return;
  }
  const port = 4800 + Math.floor(Math.random() * 100);
  const server = startBenchServer(sqlite.url, port);
  try {
    await waitUntilUp(`http://127.0.0.1:${port}`);
    // A new server renders its warm pages (and its standby's) first: measured once that is over, after a pass to warm up.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await measureTileRanges(`http://127.0.0.1:${port}`, archive, 100);
    const rounds = [];
    for (let round = 0; round < 3; round++) rounds.push(await measureTileRanges(`http://127.0.0.1:${port}`, archive));
    const middle = rounds.sort((a, b) => a.p95 - b.p95)[1]!;
    console.log(`  tile route: ${archive} (${(middle.size / 1024).toFixed(0)} KB), 3 rounds of 400 Range requests, the middle round: `
      + `${middle.median.toFixed(2)} / ${middle.p95.toFixed(2)} ms (budget p95 ≤ 5; rounds' p95 ${rounds.map((round) => round.p95.toFixed(2)).join(', ')})`);
  } finally {
    server.kill('SIGTERM');
  }
}

const results = [await measure(sqlite.url), ...(other ? [await measure(other)] : [])];
const fmt = (ms: number) => ms.toFixed(1).padStart(7);
const names = results.map((result) => result.label.replace(/^.*\//, '').slice(0, 22));
console.log(`\nSearch, ${RUNS} warm runs per class, response cache off, main thread (ms, median / p95):`);
for (const [index, result] of results.entries()) console.log(`  ${names[index]}: ${result.label} (${result.live} live listings)`);
console.log(`${'query class'.padEnd(40)} ${results.map((_, index) => names[index]!.padStart(24)).join(' ')}   matches`);
for (const [index, [label]] of classes.entries()) {
  const cells = results.map((result) => `${fmt(result.classes[index]!.median)} / ${fmt(result.classes[index]!.p95)}`.padStart(24));
  const totals = [...new Set(results.map((result) => result.classes[index]!.total))].join(' vs ');
  console.log(`${label.padEnd(40)} ${cells.join(' ')}   ${totals}`);
}
console.log(`${`autocomplete "${AUTOCOMPLETE_QUERY}"`.padEnd(40)} ${results.map((result) => `${fmt(result.suggest.median)} / ${fmt(result.suggest.p95)}`.padStart(24)).join(' ')}   ${results.map((result) => result.suggest.count).join(' vs ')}`);
console.log(`\nMap area (issue 43), ${RUNS} warm runs per class (ms, median / p95; budget p95 ≤ 20):`);
for (const [index, [label]] of BOX_CLASSES.entries()) {
  const cells = results.map((result) => `${fmt(result.map.boxes[index]!.median)} / ${fmt(result.map.boxes[index]!.p95)}`.padStart(24));
  console.log(`${label.padEnd(40)} ${cells.join(' ')}   ${[...new Set(results.map((result) => result.map.boxes[index]!.total))].join(' vs ')}`);
}
for (const [index, result] of results.entries()) {
  const { sweep } = result.map;
  console.log(`  ${names[index]}: post/map over ${sweep.requests} viewports (zoom 5–16, 1280×800 px): ${sweep.median.toFixed(1)} / ${sweep.p95.toFixed(1)} ms; `
    + `largest body ${(sweep.maxBytes / 1024).toFixed(1)} KB (budget 30), ${sweep.pins} pins and ${sweep.clusters} clusters, ${sweep.maxAt}`);
}
await tileRanges();
console.log(`\nMixed load (every class in turn, ${MIXED_REQUESTS} searches at concurrency ${MIXED_CONCURRENCY}, ${availableParallelism()} workers):`);
for (const [index, result] of results.entries()) console.log(`  ${names[index]}: ${result.mixedPerSecond.toFixed(0)} searches/s`);
console.log(`\n24 concurrent "professional" searches (elapsed, and the longest event-loop stall):`);
for (const [index, result] of results.entries()) {
  console.log(`  ${names[index]}: main thread ${result.stall.inline.elapsed.toFixed(0)} ms, stalled up to ${result.stall.inline.maxStall.toFixed(0)} ms; `
    + `${availableParallelism()} workers ${result.stall.pooled.elapsed.toFixed(0)} ms, stalled up to ${result.stall.pooled.maxStall.toFixed(0)} ms`);
}
console.log(`\n${results.map((result, index) => `${names[index]}: database ${result.size}`).join('; ')}; process RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
