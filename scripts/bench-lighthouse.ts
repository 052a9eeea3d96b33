/**
 * `npm run bench:lighthouse`: Lighthouse (mobile) scores for home, a search page, a post detail,
 * a profile and the advertise page, in English, Malay and Chinese (issue 42), of the built server on the benchmark database
 * (BENCH_DATABASE, default data/bench-500k.db), with every audit that costs points.
 * Uses the machine's Chromium (scripts/chromium.ts findFullChromium: CHROMIUM_PATH, /usr/bin/chromium or a Playwright-managed one).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchDatabase, benchListings } from './bench-database.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';
import { findFullChromium } from './chromium.ts';

const bench = benchDatabase();
const database = bench.url;
const chromium = findFullChromium() ?? '/usr/bin/chromium';
const port = 4700 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}`;
const { post, profile } = await benchListings(bench.database);

const server = startBenchServer(database, port);
const out = mkdtempSync(join(tmpdir(), 'yp-lighthouse-'));
try {
  await waitUntilUp(base);
  const english: [string, string][] = [['home', '/'], ['search', '/services/l'], ['detail', `/services/${post}`], ['profile', `/${profile}`], ['advertise', '/advertise-on-yp']];
  const pages = ['', '/ms', '/zh'].flatMap((prefix) => english.map(([label, path]): [string, string] => [`${label}${prefix}`, prefix + path]));
  for (const [label, path] of pages) {
    const report = join(out, `${label.replace('/', '-')}.json`);
    spawnSync('npx', ['lighthouse', base + path, '--quiet', '--only-categories=performance,accessibility,best-practices,seo', '--output=json', `--output-path=${report}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: 'ignore' });
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
      audits: Record<string, { score: number | null; title: string; errorMessage?: string; details?: { items?: { node?: { snippet?: string } }[] } }>;
      runtimeError?: { code: string; message: string };
    };
    // A category Lighthouse could not score (its trace failed: NO_FCP, a timeout) says so, rather than reading as 0.
    const scores = Object.entries(result.categories).map(([name, category]) => `${name} ${category.score === null ? 'not measured' : Math.round(category.score * 100)}`).join(', ');
    const errors = [result.runtimeError?.code, ...Object.values(result.audits).map((audit) => audit.errorMessage)].filter(Boolean);
    if (errors.length > 0) console.log(`${label.padEnd(14)} Lighthouse error: ${[...new Set(errors)].slice(0, 2).join('; ')}`);
    const weighted = new Set(Object.values(result.categories).flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id)));
    const failing = Object.entries(result.audits).filter(([id, audit]) => weighted.has(id) && audit.score !== null && audit.score < 1).map(([id]) => id);
    console.log(`${label.padEnd(14)} ${scores}${failing.length ? `; below full marks: ${failing.join(', ')}` : ''}`);
    for (const id of failing) {
      for (const item of (result.audits[id]!.details?.items ?? []).slice(0, 3)) if (item.node?.snippet) console.log(`    ${id}: ${item.node.snippet.slice(0, 150)}`);
    }
  }
} finally {
  server.kill();
  rmSync(out, { recursive: true, force: true });
}
