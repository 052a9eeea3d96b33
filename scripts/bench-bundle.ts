/**
 * `npm run bench:bundle`: the JavaScript each kind of page loads, gzip-compressed, in each language (issue 42's budget:
 * at most 2 KB more than before it on any page). It starts the built server (npm run build; DIST_DIR serves another
 * build) on the benchmark database (BENCH_DATABASE, default data/bench-500k.db), reads each page's scripts as the
 * build wrote them (module scripts, islands' components and renderer) with the modules they import statically, and
 * sums their gzip sizes. Modules loaded later (a dialog's, a map's) are not counted: a page does not load them.
 * With --save it writes the figures to docs/benchmarks/bundle.json; without, it prints each page's difference to them.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../src/server/project-root.ts';
import { benchDatabase, benchListings } from './bench-database.ts';
import { startBenchServer, waitUntilUp } from './bench-server.ts';

const BASELINE = join(projectRoot, 'docs/benchmarks/bundle.json');
const ADVERTISER_PAGES = ['advertiser', 'ad editor'];
const bench = benchDatabase();
if (!bench.exists) {
  console.error('Needs the benchmark database (npm run bench:search creates it) and a build (npm run build).');
  process.exit(1);
}
const port = 4900 + Math.floor(Math.random() * 100);
const base = `http://127.0.0.1:${port}`;
const { post, profile } = await benchListings(bench.database);
const server = startBenchServer(bench.url, port, process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {});

/** The gzip size of each script, by URL, fetched once. */
const sizes = new Map<string, { gzip: number; imports: string[] }>();

async function script(url: string): Promise<{ gzip: number; imports: string[] }> {
  const known = sizes.get(url);
  if (known) return known;
  const text = await (await fetch(url)).text();
  // Static imports of the minified module: `import{a}from"./x.js"`, `import"./y.js"` (never `import("…")`).
  const imports = [...text.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map(([, path]) => new URL(path!, url).href);
  const entry = { gzip: gzipSync(text, { level: 9 }).length, imports };
  sizes.set(url, entry);
  return entry;
}

/** The gzip bytes of every module `roots` load statically, counting each once (and none of `seen`). */
async function modulesJs(roots: string[], seen = new Set<string>()): Promise<number> {
  const queue = [...roots];
  let total = 0;
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const { gzip, imports } = await script(url);
    total += gzip;
    queue.push(...imports);
  }
  return total;
}

/**
 * What opening the map costs (issue 43, budget 460 KB gz): the map page's own scripts, then what its island imports
 * when the browser can draw (MapLibre and the tile reader, `main`), MapLibre's worker and the CSS.
 */
async function mapOpened(path: string) {
  const html = await (await fetch(base + path)).text();
  const island = [...html.matchAll(/component-url="([^"]+SearchMap[^"]+)"/g)].map(([, src]) => new URL(src!, base).href)[0];
  if (!island) return null;
  const page = await pageJs(path);
  const islandText = await (await fetch(island)).text();
  // The island imports MapLibre's module (map-view) and the tile reader (pmtiles) side by side when it can draw.
  const chunks = [...islandText.matchAll(/import\(["'`]([^"'`]+\.js)["'`]\)/g)].map(([, src]) => new URL(src!, island).href);
  const chunkUrl = chunks.find((url) => url.includes('map-view'));
  if (!chunkUrl) throw new Error('the map island imports no map-view chunk');
  const chunkText = await (await fetch(chunkUrl)).text();
  // The worker as the build named it (MapLibre's own default, `maplibre-gl-worker.mjs`, is in the text too).
  const worker = /["'`]([^"'`]*maplibre-gl-worker\.[\w-]+\.mjs)["'`]/.exec(chunkText)?.[1];
  const css = [...islandText.matchAll(/["']([^"']*map-view[^"']*\.css)["']/g), ...chunkText.matchAll(/["']([^"']*map-view[^"']*\.css)["']/g)].map(([, src]) => src!)[0];
  const gz = async (url: string) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
  const main = new Set<string>();
  const mainBytes = await modulesJs([chunkUrl], main);
  return {
    page,
    island: (await script(island)).gzip,
    main: mainBytes,
    reader: await modulesJs(chunks.filter((url) => url !== chunkUrl), main),
    worker: worker ? await gz(new URL(worker, chunkUrl).href) : 0,
    css: css ? await gz(new URL(css.startsWith('/') ? css : `/${css}`, base).href) : 0,
  };
}

/** The gzip bytes of every script `path` loads as it opens, counting each module once. */
async function pageJs(path: string): Promise<number> {
  const html = await (await fetch(base + path)).text();
  const roots = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map(([, src]) => src!),
    ...[...html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map(([, src]) => src!),
  ].map((src) => new URL(src.replaceAll('&amp;', '&'), base).href);
  return modulesJs(roots);
}

try {
  await waitUntilUp(base);
  // The advertiser site has no /ms/ or /zh/ twins (issue 63): its pages are measured once, in English (the same scripts
  // speak every language there).
  const pages: [string, string][] = [['home', '/'], ['search', '/services/l'], ['detail', `/services/${post}`], ['profile', `/${profile}`], ['advertise', '/advertise-on-yp'],
    ['advertiser', '/advertiser'], ['ad editor', '/advertiser/posts/new']];
  const figures: Record<string, number> = {};
  for (const [label, path] of pages) {
    for (const prefix of ['', '/ms', '/zh']) {
      const key = `${label}${prefix}`;
      // A build from before issue 42 has no /ms/ pages: only English is measured there.
      const response = await fetch(base + prefix + (path === '/' && prefix ? '/' : path), { method: 'HEAD' });
      if (!response.ok) continue;
      figures[key] = await pageJs(prefix + (path === '/' && prefix ? '/' : path));
    }
  }
  if (process.argv.includes('--save')) {
    writeFileSync(BASELINE, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`Saved to ${BASELINE}`);
  }
  const baseline = existsSync(BASELINE) ? JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, number> : {};
  let worst = -Infinity;
  for (const [key, bytes] of Object.entries(figures)) {
    const before = baseline[key] ?? baseline[key.replace(/\/(ms|zh)$/, '')];
    const change = before === undefined ? undefined : bytes - before;
    // The 2 KB budget is a visitor page's; the advertiser site's growth is stated with its reason (issue 63).
    if (change !== undefined && !ADVERTISER_PAGES.includes(key)) worst = Math.max(worst, change);
    console.log(`${key.padEnd(14)} ${(bytes / 1024).toFixed(1).padStart(6)} KB gz${change === undefined ? '' : `  ${change >= 0 ? '+' : ''}${(change / 1024).toFixed(2)} KB against docs/benchmarks/bundle.json`}`);
  }
  if (worst > -Infinity) console.log(`largest increase on any page: ${(worst / 1024).toFixed(2)} KB gz (budget 2 KB; the map issue's: 0 on pages without the map)`);
  const map = await mapOpened('/services/l?view=map');
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  if (!map) console.log('no map view in this build');
  else console.log(`map page (/services/l?view=map) before the map opens: ${kb(map.page)} gz of JS (the island's chunk ${kb(map.island)})`);
  if (map) {
    const own = map.island + map.reader + map.main + map.worker;
    console.log(`map opened: main ${kb(map.main)} (budget 300) + worker ${kb(map.worker)} (budget 150) + island ${kb(map.island)} and tile reader ${kb(map.reader)} `
      + `(budget 10) = ${kb(own)} gz of the map's own JS (budget 460); with the rest of the page's ${kb(map.page - map.island)}: ${kb(map.page - map.island + own)}; CSS ${kb(map.css)} gz`);
  }
} finally {
  server.kill('SIGTERM');
}
