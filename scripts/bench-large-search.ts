/**
 * Search at 5,000,000 listings (issue 41), for `npm run bench:cluster`: one app host (the built site, as `npm run serve`
 * runs it) on the kept benchmark database (bench-data.ts), one PostgreSQL server without replicas. Measured through
 * HTTP with the response cache off: how long the host takes to load its facet store and word index and report ready;
 * each class's p50 and p95 over 30 warm runs; mixed searches per second at concurrency 16; the host's RSS after it all.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';
import { BYTES_PER_POST } from '../src/server/search/engine/facet-store.ts';
import { benchDataDir, largeBenchDatabase } from './bench-data.ts';
import { AUTOCOMPLETE_QUERY, SEARCH_CLASSES } from './bench-search-classes.ts';
import { timeRuns } from './bench-timing.ts';

const PORT = Number(process.env.BENCH_LARGE_PORT ?? 4391);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = 30;
const WARMUP = 5;

export interface LargeSearchFigures {
  posts: number;
  ready_after_s: number;
  search_ms: Record<string, { p50: number; p95: number; matches: number }>;
  mixed_searches_per_s: number;
  rss_mb: number;
  database_mb: number;
  /** Per type: posts, (word, post) pairs, and what the host holds for them (MB; the word index at 4 bytes a pair). */
  per_type: Record<string, { posts: number; word_pairs: number; facet_store_mb: number; word_index_mb: number }>;
}

const round = (value: number) => Math.round(value * 10) / 10;
let visitor = 0;
/** Keep-alive, and one write per request: fetch() adds some 45 ms per POST here (its body goes out after a delayed ACK). */
const agent = new http.Agent({ keepAlive: true });
/** POSTs JSON as another visitor each time (the host trusts this box as its proxy), so no per-visitor limit applies. */
function post(path: string, body: unknown): Promise<{ total?: number; data?: unknown[] }> {
  visitor += 1;
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, {
      method: 'POST', agent,
      headers: {
        'content-type': 'application/json', 'content-length': Buffer.byteLength(text), origin: BASE,
        'x-forwarded-for': `100.64.${(visitor >> 8) & 255}.${visitor & 255}`,
      },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const answer = Buffer.concat(chunks).toString();
        if (response.statusCode === 200) resolve(JSON.parse(answer) as { total?: number; data?: unknown[] });
        else reject(new Error(`${path} ${text} answered ${response.statusCode}: ${answer}`));
      });
    });
    request.on('error', reject);
    request.end(text);
  });
}

/** RSS in MB of the host's processes: the supervisor and the server process(es) it forked (/proc). */
function rssMb(pid: number): number {
  const kb = (id: number): number => {
    try {
      const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      const children = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      return own + children.reduce((sum, child) => sum + kb(child), 0);
    } catch {
      return 0;
    }
  };
  return Math.round(kb(pid) / 1024);
}

export async function measureLargeSearch(posts: number, seconds: number, log: (line: string) => void = console.log): Promise<LargeSearchFigures> {
  const url = await largeBenchDatabase(posts, log);
  const logFile = join(benchDataDir(), 'host.log');
  mkdirSync(benchDataDir(), { recursive: true });
  const started = performance.now();
  // The cluster's hosts' V8 limits (scripts/cluster/hosts.ts): the store and word index live outside V8's heap.
  const host = spawn(process.execPath, ['--max-semi-space-size=16', '--max-old-space-size=384', join(projectRoot, 'scripts/serve.ts')], {
    cwd: projectRoot, stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
    env: {
      // As the cluster's hosts run: glibc keeps fewer arenas and gives freed memory back (the load's buffers).
      MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072',
      ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', PORT: String(PORT), SITE_URL: BASE, TRUST_PROXY: '127.0.0.1',
      SEARCH_CACHE_SIZE: '0', JOB_RUNNER: 'off', SERVER_STANDBY: 'off', MEDIA_DIR: join(benchDataDir(), 'media'), OUTBOX_DIR: join(benchDataDir(), 'outbox'),
    },
  });
  try {
    log(`Started a host on ${BASE} (log: ${logFile}); waiting for it to load its search…`);
    for (;;) {
      if (host.exitCode !== null) throw new Error(`The host exited (${host.exitCode}); see ${logFile}.`);
      const ready = await fetch(`${BASE}/readyz`).then((response) => response.status === 200, () => false);
      if (ready) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('The host was not ready within 30 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const readyAfter = (performance.now() - started) / 1000;
    log(`ready after ${readyAfter.toFixed(0)} s, RSS ${rssMb(host.pid!)} MB`);
    const search: LargeSearchFigures['search_ms'] = {};
    for (const [key, label, body] of SEARCH_CLASSES) {
      const timed = await timeRuns(() => post('/api/post/search', body), RUNS, WARMUP);
      search[key] = { p50: round(timed.median), p95: round(timed.p95), matches: Number((timed.detail as { total: number }).total) };
      log(`  ${label.padEnd(40)} p50 ${timed.median.toFixed(1).padStart(7)} ms  p95 ${timed.p95.toFixed(1).padStart(7)} ms  (${search[key].matches} matches)`);
    }
    const suggest = await timeRuns(() => post('/api/post/autocomplete', { query: AUTOCOMPLETE_QUERY }), RUNS, WARMUP);
    search.autocomplete = { p50: round(suggest.median), p95: round(suggest.p95), matches: ((suggest.detail as { data: unknown[] }).data ?? []).length };
    log(`  ${`autocomplete "${AUTOCOMPLETE_QUERY}"`.padEnd(40)} p50 ${suggest.median.toFixed(1).padStart(7)} ms  p95 ${suggest.p95.toFixed(1).padStart(7)} ms`);

    let n = 0;
    const mixed = await autocannon({
      url: `${BASE}/api/post/search`, connections: 16, duration: seconds, method: 'POST',
      headers: { 'content-type': 'application/json', origin: BASE },
      requests: [{
        setupRequest: (request) => {
          n += 1;
          const [, , body] = SEARCH_CLASSES[n % SEARCH_CLASSES.length]!;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': `100.65.${(n >> 8) & 255}.${n & 255}` }, body: JSON.stringify({ ...body, page: 1 + (Math.floor(n / SEARCH_CLASSES.length) % 5) }) };
        },
      }],
    });
    if (mixed.non2xx > 0 || mixed.errors > 0) log(`  (${mixed.non2xx} non-2xx, ${mixed.errors} errors)`);
    const perSecond = round(mixed['2xx'] / mixed.duration);
    log(`  mixed searches (every class in turn, concurrency 16): ${perSecond}/s`);
    const rss = rssMb(host.pid!);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows: [size] } = await client.query('SELECT pg_database_size(current_database())::float8 AS bytes');
    const { rows: types } = await client.query<{ type: string; posts: number; pairs: number }>(`SELECT type, count(*)::float8 AS posts,
      sum(length(words))::float8 AS pairs FROM search_posts GROUP BY type ORDER BY type`);
    await client.end();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const perType = Object.fromEntries(types.map(({ type, posts: count, pairs }) => [type, {
      posts: count, word_pairs: pairs, facet_store_mb: mb(count * BYTES_PER_POST), word_index_mb: mb(pairs * 4),
    }]));
    for (const [type, figures] of Object.entries(perType)) log(`  ${type}: ${JSON.stringify(figures)}`);
    return { posts, ready_after_s: Math.round(readyAfter), search_ms: search, mixed_searches_per_s: perSecond, rss_mb: rss, database_mb: mb(size.bytes), per_type: perType };
  } finally {
    if (host.exitCode === null) {
      const exited = new Promise((resolve) => host.once('exit', resolve));
      host.kill('SIGTERM');
      await exited;
    }
  }
}
