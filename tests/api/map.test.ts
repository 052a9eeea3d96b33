import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { MALAYSIA_BOUNDS } from '../../src/shared/map.ts';
import { MapResponseSchema, type MapResponse } from '../../src/shared/search.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/** POST /api/post/map (issue 43) on the backend the tests run on: pins and clusters that account for every match in the box. */
const copy = useTestDatabase();

async function call(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return createApi(copy.app).request('/api/post/map', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

async function mapOf(body: Record<string, unknown>): Promise<MapResponse> {
  const answer = await call(body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return MapResponseSchema.parse(await answer.json());
}

async function searchTotal(body: Record<string, unknown>): Promise<number> {
  const answer = await createApi(copy.app).request('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return ((await answer.json()) as { total: number }).total;
}

function inside(box: number[], point: { lat: number; lon: number }) {
  return point.lon >= box[0]! && point.lon <= box[2]! && point.lat >= box[1]! && point.lat <= box[3]!;
}

/** Every pin and cluster lies in the box, and together they count each match once. */
function expectAccounted(answer: MapResponse, box: number[]) {
  for (const pin of answer.pins) expect(inside(box, pin), `pin ${pin.id}`).toBe(true);
  for (const cluster of answer.clusters) expect(inside(box, cluster), `cluster at ${cluster.lat},${cluster.lon}`).toBe(true);
  expect(answer.pins.length + answer.clusters.reduce((sum, cluster) => sum + cluster.count, 0)).toBe(answer.total);
  expect(new Set(answer.pins.map((pin) => pin.id)).size).toBe(answer.pins.length);
  // The box of every match holds each pin and cluster, and lies inside the box asked for (the map fits it: issue 63).
  if (answer.total === 0) expect(answer.bounds).toBeNull();
  else {
    const [west, south, east, north] = answer.bounds!;
    expect(west >= box[0]! && south >= box[1]! && east <= box[2]! && north <= box[3]!, 'bounds inside the box').toBe(true);
    for (const point of [...answer.pins, ...answer.clusters]) expect(inside(answer.bounds!, point), `${point.lat},${point.lon} inside the bounds`).toBe(true);
  }
}

describe('POST /api/post/map (issue 43)', () => {
  it('clusters all Malaysia at a low zoom: at most 50 pins, the rest in clusters, every match counted once', async () => {
    const box = MALAYSIA_BOUNDS;
    const answer = await mapOf({ type: 'services', bbox: box.join(','), zoom: 5 });
    expect(answer.total).toBe(await searchTotal({ type: 'services', bbox: box.join(',') }));
    expect(answer.total).toBeGreaterThan(50);
    expect(answer.pins).toHaveLength(50);
    expect(answer.clusters.length).toBeGreaterThan(0);
    expect(answer.clusters.length).toBeLessThanOrEqual(150);
    expectAccounted(answer, box);
    // The pins are the list's first page and the next best, in the list's order.
    const list = await createApi(copy.app).request('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'services', bbox: box.join(','), limit: 12 }) });
    const firstPage = ((await list.json()) as { results: { id: number }[] }).results.map((card) => card.id);
    expect(answer.pins.slice(0, 12).map((pin) => pin.id)).toEqual(firstPage);
    expect(JSON.stringify(answer).length).toBeLessThanOrEqual(30 * 1024);
  });

  it('gives pins alone in a street-level box, each inside it, and follows the other filters', async () => {
    const box = [101.68, 3.13, 101.7, 3.15];
    const answer = await mapOf({ bbox: box.join(','), zoom: 16 });
    expect(answer.total).toBe(await searchTotal({ bbox: box.join(',') }));
    expectAccounted(answer, box);
    if (answer.total <= 50) expect(answer.clusters).toHaveLength(0);
    const jobs = await mapOf({ type: 'jobs', bbox: '101.5,2.9,101.9,3.3', zoom: 11 });
    expect(jobs.total).toBe(await searchTotal({ type: 'jobs', bbox: '101.5,2.9,101.9,3.3' }));
    expect(jobs.pins.every((pin) => pin.type === 'jobs')).toBe(true);
    expectAccounted(jobs, [101.5, 2.9, 101.9, 3.3]);
  });

  it("reads each pin's price as its card does, in the request's language", async () => {
    const body = { type: 'services', bbox: MALAYSIA_BOUNDS.join(','), zoom: 5 };
    const [english, malay, chinese] = await Promise.all(['en', 'ms', 'zh'].map((lang) => mapOf({ ...body, lang })));
    for (const answer of [english!, malay!, chinese!]) expect(answer.pins.map((pin) => pin.id)).toEqual(english!.pins.map((pin) => pin.id));
    english!.pins.forEach((pin, index) => {
      const at = { ms: malay!.pins[index]!.price, zh: chinese!.pins[index]!.price };
      if (pin.price_min === null && pin.price_max === null) {
        expect([pin.price, at.ms, at.zh]).toEqual(['Negotiable', 'Boleh dirunding', '面议']);
      } else {
        const low = pin.price_min ?? pin.price_max!;
        expect(pin.price.startsWith(`RM ${low.toLocaleString('en-MY', { maximumFractionDigits: 2 })}`), pin.price).toBe(true);
        if (pin.price_max !== null && pin.price_min !== null && pin.price_max !== pin.price_min) expect(pin.price).toContain(' - RM ');
      }
    });
    expect(english!.pins.some((pin) => pin.price_min !== null || pin.price_max !== null)).toBe(true);
  });

  it('clamps a box reaching past Malaysia, and answers an empty map for one wholly outside it', async () => {
    const wide = await mapOf({ type: 'buysell', bbox: '80,-20,140,30', zoom: 3 });
    expect(wide.total).toBe(await searchTotal({ type: 'buysell', bbox: MALAYSIA_BOUNDS.join(',') }));
    expectAccounted(wide, MALAYSIA_BOUNDS);
    expect(await mapOf({ bbox: '-10,40,10,50', zoom: 6 })).toEqual({ total: 0, clusters: [], pins: [], bounds: null });
  });

  it('answers 422 with a message per bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ zoom: 8 }, 'bbox'],
      [{ bbox: '101,3,102', zoom: 8 }, 'bbox'],
      [{ bbox: 'a,b,c,d', zoom: 8 }, 'bbox'],
      [{ bbox: '102,3,101,4', zoom: 8 }, 'bbox'],
      [{ bbox: '101,4,102,3', zoom: 8 }, 'bbox'],
      [{ bbox: '101,3,102,4' }, 'zoom'],
      [{ bbox: '101,3,102,4', zoom: 21 }, 'zoom'],
      [{ bbox: '101,3,102,4', zoom: -1 }, 'zoom'],
      [{ bbox: '101,3,102,4', zoom: 'near' }, 'zoom'],
    ];
    for (const [body, field] of cases) {
      const answer = await call(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const errors = ((await answer.json()) as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors), JSON.stringify(body)).toEqual([field]);
      expect(errors[field]![0]).toMatch(/bbox|zoom/);
    }
    // Said in the caller's language, from the catalogue (issue 63).
    const malay = await call({ bbox: '102,3,101,4', zoom: 8 }, { 'Accept-Language': 'ms' });
    expect(((await malay.json()) as { errors: Record<string, string[]> }).errors.bbox).toEqual(['bbox mesti menyebut sempadan barat dan selatan sebelum sempadan timur dan utara.']);
  });

  it('is a token-free public read, and past the search limit answers 429 with Retry-After', async () => {
    const first = await call({ bbox: '101,3,102,4', zoom: 8 }, { 'X-Forwarded-For': '203.0.113.77' });
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toMatch(/public/);
    let refused: Response | undefined;
    for (let attempt = 0; attempt < 40 && !refused; attempt++) {
      const answer = await call({ bbox: '101,3,102,4', zoom: 8 });
      if (answer.status === 429) refused = answer;
    }
    expect(refused, 'a 429 within the burst limit').toBeDefined();
    expect(Number(refused!.headers.get('Retry-After'))).toBeGreaterThan(0);
  });
});
