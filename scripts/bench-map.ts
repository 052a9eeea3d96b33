/**
 * The map-area classes of `npm run bench:search` (issue 43): searches filtered by a `bbox` (budget: p95 ≤ 20 ms at
 * 500,000 listings), the largest `POST /api/post/map` body over a sweep of viewports from all of Malaysia at zoom 5 to
 * streets at zoom 16 (budget: ≤ 30 KB), and the tile route's answer to a Range request on loopback (budget: p95 ≤ 5 ms,
 * measured on the built server when there is one).
 */
import { formatBoundingBox, type BoundingBox } from '../src/shared/map.ts';
import { MapRequestSchema, SearchRequestSchema } from '../src/shared/search.ts';
import type { SearchEngine } from '../src/server/search/engine/search-engine.ts';
import { percentile, timeRuns } from './bench-timing.ts';

/** Searches over a box, as 'Search this area' sends them. */
export const BOX_CLASSES: [label: string, body: Record<string, unknown>][] = [
  ['bbox: services in central Kuala Lumpur', { type: 'services', bbox: '101.6500,3.1000,101.7500,3.1800' }],
  ['bbox: "professional" over the Klang Valley', { type: 'services', search: 'professional', bbox: '101.3000,2.8000,101.9000,3.4000' }],
  ['bbox: all types around Johor Bahru, page 20', { bbox: '103.6000,1.4000,103.9000,1.6500', page: 20 }],
  ['bbox: jobs FT in Penang, by distance', { type: 'jobs', job_type: 'FT', bbox: '100.1800,5.2500,100.5500,5.5000', location: 'Near Me', user_location: '5.4141,100.3288', sort: 'distance' }],
];

/** Centres the viewport sweep visits: Kuala Lumpur (the densest), Penang, Kota Kinabalu. */
const CENTRES: [lon: number, lat: number][] = [[101.6869, 3.139], [100.3288, 5.4141], [116.0735, 5.9804]];
const SWEEP_ZOOMS = [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
/** A desktop map beside the list. */
const VIEWPORT = { width: 1280, height: 800 };

/** The box a `VIEWPORT` shows around `centre` at `zoom`, in Web Mercator as MapLibre draws it (512 px tiles). */
export function viewportBox([lon, lat]: [number, number], zoom: number): BoundingBox {
  const world = 512 * 2 ** zoom;
  const x = ((lon + 180) / 360) * world;
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
  const toLon = (px: number) => (px / world) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  const box: BoundingBox = [toLon(x - VIEWPORT.width / 2), toLat(y + VIEWPORT.height / 2), toLon(x + VIEWPORT.width / 2), toLat(y - VIEWPORT.height / 2)];
  return box.map((value, index) => Math.max(index % 2 === 0 ? -180 : -85, Math.min(index % 2 === 0 ? 180 : 85, value))) as BoundingBox;
}

export interface MapFigures {
  boxes: { median: number; p95: number; total: number }[];
  sweep: { requests: number; median: number; p95: number; maxBytes: number; maxAt: string; pins: number; clusters: number };
}

/** The box classes and the viewport sweep on `engine` (its response cache off: every answer is worked out). */
export async function measureMap(engine: SearchEngine, runs: number, warmup: number): Promise<MapFigures> {
  const boxes: MapFigures['boxes'] = [];
  for (const [, body] of BOX_CLASSES) {
    const query = SearchRequestSchema.parse(body);
    const result = await timeRuns(() => engine.search(query), runs, warmup);
    boxes.push({ median: result.median, p95: result.p95, total: (result.detail as { total: number }).total });
  }
  const samples: number[] = [];
  const sweep = { requests: 0, median: 0, p95: 0, maxBytes: 0, maxAt: '', pins: 0, clusters: 0 };
  for (const centre of CENTRES) {
    for (const zoom of SWEEP_ZOOMS) {
      for (const type of ['services', undefined]) {
        const query = MapRequestSchema.parse({ ...(type ? { type } : {}), bbox: formatBoundingBox(viewportBox(centre, zoom)), zoom });
        await engine.map(query);
        const started = performance.now();
        const answer = await engine.map(query);
        samples.push(performance.now() - started);
        const bytes = Buffer.byteLength(JSON.stringify({ data: answer }));
        sweep.requests += 1;
        if (bytes > sweep.maxBytes) {
          Object.assign(sweep, { maxBytes: bytes, maxAt: `${type ?? 'all types'} z${zoom} at ${centre.join(',')}`, pins: answer.pins.length, clusters: answer.clusters.length });
        }
      }
    }
  }
  samples.sort((a, b) => a - b);
  return { boxes, sweep: { ...sweep, median: percentile(samples, 50), p95: percentile(samples, 95) } };
}

/**
 * Range requests for the basemap archive's bytes as the browser's reader asks for them (the 16 KB header and root
 * directory, then tiles of a few KB anywhere in the file), sequentially over HTTP: the median and p95 in ms.
 */
export async function measureTileRanges(base: string, archive: string, requests = 400): Promise<{ median: number; p95: number; size: number }> {
  const url = `${base}/maps/${archive}`;
  const head = await fetch(url, { method: 'HEAD' });
  const size = Number(head.headers.get('content-length'));
  if (!head.ok || !(size > 0)) throw new Error(`${url} answered ${head.status}`);
  const samples: number[] = [];
  let seed = 43;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let index = 0; index < requests + 20; index++) {
    const start = index % 10 === 0 ? 0 : Math.floor(random() * (size - 8192));
    const length = index % 10 === 0 ? 16_384 : 1024 + Math.floor(random() * 7168);
    const started = performance.now();
    const response = await fetch(url, { headers: { Range: `bytes=${start}-${Math.min(size, start + length) - 1}` } });
    await response.arrayBuffer();
    if (response.status !== 206) throw new Error(`a Range request answered ${response.status}`);
    if (index >= 20) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), size };
}
