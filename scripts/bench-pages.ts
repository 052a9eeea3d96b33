/**
 * `npm run bench:pages`: server-rendered page latency on loopback at concurrency 16 against the
 * built server (npm run build) and the benchmark database (BENCH_DATABASE, default data/bench-500k.db).
 * Sends a bounded number of requests per page and stops by itself.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { projectRoot } from '../src/server/project-root.ts';

const database = process.env.BENCH_DATABASE ?? join(projectRoot, 'data/bench-500k.db');
const entry = join(projectRoot, 'dist/server/entry.mjs');
if (!existsSync(entry) || !existsSync(database)) {
  console.error('Needs a build (npm run build) and the benchmark database (npm run bench:search creates it).');
  process.exit(1);
}
const REQUESTS = 400;
const CONCURRENCY = 16;
const port = 4500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;

const db = openDatabase(database, { readOnly: true });
const post = String(db.prepare("SELECT slug FROM posts WHERE type = 'services' ORDER BY id LIMIT 1 OFFSET 1000").get()!.slug);
const profile = String(db.prepare("SELECT slug FROM profiles WHERE kind = 'business' ORDER BY id LIMIT 1 OFFSET 500").get()!.slug);
db.close();

const server = spawn(process.execPath, [join(projectRoot, 'scripts/serve.ts')], {
  env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_PATH: database },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let tries = 0; ; tries++) {
    try { if ((await fetch(`${base}/api/countries`)).ok) break; } catch { /* starting */ }
    if (tries > 100) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pages: [string, (index: number) => string][] = [
    ['home', () => '/'],
    ['category home', () => '/services'],
    ['search, browse (page varies)', (index) => `/services/l?page=${1 + (index % 200)}`],
    ['search, category + state', () => '/services/l/home-services?where=Selangor'],
    ['post detail', () => `/services/${post}`],
    ['profile', () => `/${profile}`],
  ];
  console.log(`SSR at concurrency ${CONCURRENCY}, ${REQUESTS} requests each, gzip accepted (ms):`);
  for (const [label, path] of pages) {
    const samples: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const index = next++;
        const begin = performance.now();
        const response = await fetch(base + path(index), { headers: { 'Accept-Encoding': 'gzip' } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${path(index)}: ${response.status}`);
        samples.push(performance.now() - begin);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    const at = (p: number) => samples[Math.min(samples.length - 1, Math.ceil(p * samples.length) - 1)]!.toFixed(1);
    console.log(`${label.padEnd(30)} median ${at(0.5).padStart(6)}  p95 ${at(0.95).padStart(6)}  ${(REQUESTS / seconds).toFixed(0)} req/s`);
  }
} finally {
  server.kill();
}
