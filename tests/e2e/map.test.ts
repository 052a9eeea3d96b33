import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe.ts';
import { hydrated, useBrowserSession } from '../helpers/browser.ts';
import { scaled } from '../helpers/time-factor.ts';
import { viewBounds } from '../../src/shared/map.ts';

/**
 * The map view of search results (issue 43), in Debian's Chromium with software WebGL2 (SwiftShader): the site's own
 * basemap, pins and clusters from post/map, 'Search this area', the list as the map's twin, no request to any other
 * origin; and the tile route and crawl rules by plain HTTP.
 */
const baseUrl = inject('baseUrl');
const session = useBrowserSession({}, { webgl: true });
let page: Page;
let elsewhere: string[];
beforeEach(async () => {
  page = session.page;
  elsewhere = [];
  // Every request that leaves the site is counted, and refused: the map must need none.
  await session.context.route((url) => url.origin !== new URL(baseUrl).origin, async (route) => {
    elsewhere.push(route.request().url());
    await route.abort();
  });
});

interface MapElement extends HTMLElement {
  ypMap: { queryRenderedFeatures(): { sourceLayer?: string }[]; jumpTo(options: object): void; getBounds(): { toArray(): number[][] } };
}

/** Waits until the map has drawn its tiles and its pins for where it now is. */
async function mapIdle() {
  await page.waitForFunction(() => {
    const region = document.querySelector<HTMLElement>('[data-testid="search-map"]');
    return region?.dataset.state === 'idle' && region.dataset.pins !== undefined;
  }, null, { timeout: scaled(30_000) });
}

async function archiveName(): Promise<string> {
  const style = await (await fetch(`${baseUrl}/maps/style.json?lang=en`)).json() as { sources: { basemap: { url: string } } };
  return style.sources.basemap.url.replace('pmtiles://', '');
}

describe('the map view (issue 43)', () => {
  it('shows the search on the site\'s own map: pins with list items, clusters, states and towns; Search this area filters the list', async () => {
    await page.goto(`${baseUrl}/services/l?where=Selangor`);
    await hydrated(page);
    await page.getByTestId('view-map').click();
    await page.waitForURL(/view=map/);
    await mapIdle();
    const region = page.getByTestId('search-map');
    expect(await region.getAttribute('aria-label')).toMatch(/^Map of [\d,]+ results in Selangor$/);
    const layers = await page.evaluate(() => [...new Set((document.querySelector('[data-testid="search-map"]') as MapElement).ypMap.queryRenderedFeatures().map((feature) => feature.sourceLayer))]);
    expect(layers).toEqual(expect.arrayContaining(['land', 'states', 'places']));
    expect(await page.locator('.map-town').count()).toBeGreaterThan(3);
    const pinIds = await page.locator('.map-pin').evaluateAll((pins) => pins.map((pin) => (pin as HTMLElement).dataset.pinId!));
    expect(pinIds.length).toBeGreaterThan(0);
    expect(pinIds.length).toBeLessThanOrEqual(50);
    for (const id of pinIds) expect(await page.locator(`[data-pin-item="${id}"]`).count(), `list item of pin ${id}`).toBe(1);
    expect(await page.locator('.map-cluster').count()).toBeGreaterThan(0);
    // Panning alone changes nothing: the list stays; the offer to search the area appears.
    const before = await page.getByTestId('result-count').innerText();
    expect(await page.getByRole('button', { name: 'Search this area' }).isHidden()).toBe(true);
    await page.evaluate(() => (document.querySelector('[data-testid="search-map"]') as MapElement).ypMap.jumpTo({ center: [101.6869, 3.139], zoom: 12 }));
    await mapIdle();
    expect(await page.getByTestId('result-count').innerText()).toBe(before);
    await page.getByRole('button', { name: 'Search this area' }).click();
    await page.waitForURL(/bbox=/);
    await mapIdle();
    const bbox = new URL(page.url()).searchParams.get('bbox')!;
    expect(bbox).toMatch(/^\d+\.\d{4},\d+\.\d{4},\d+\.\d{4},\d+\.\d{4}$/);
    const box = bbox.split(',').map(Number);
    const listed = await page.locator('[data-testid="results"] [data-pin-item]').evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-pin-item'))));
    const api = await (await fetch(`${baseUrl}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ type: 'services', location: 'Selangor', bbox, limit: 12 }) })).json() as { total: number; results: { id: number; coordinates: { lat: number; lon: number }[] }[] };
    expect(listed).toEqual(api.results.map((card) => card.id));
    expect(api.total).toBeLessThan(Number(before.replace(/\D/g, '')));
    for (const card of api.results) {
      const [at] = card.coordinates;
      expect(at!.lon >= box[0]! && at!.lon <= box[2]! && at!.lat >= box[1]! && at!.lat <= box[3]!, `result ${card.id} inside the box`).toBe(true);
    }
    // Pins follow: those of the box's search (post/map keeps each inside it: tests/api/map.test.ts).
    const pinsNow = await page.locator('.map-pin').evaluateAll((pins) => pins.map((pin) => Number((pin as HTMLElement).dataset.pinId)));
    for (const id of listed) expect(pinsNow, `pin of result ${id}`).toContain(id);
    expect(elsewhere).toEqual([]);
  });

  it('is operable by keyboard: the skip link comes first, a pin opens its card and focus lands on its list item; axe is clean', async () => {
    await page.goto(`${baseUrl}/services/l?where=Kuala%20Lumpur&view=map`);
    await mapIdle();
    await page.locator('.map-skip').focus();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip map');
    let pinId: string | undefined;
    for (let press = 0; press < 40 && !pinId; press++) {
      await page.keyboard.press('Tab');
      pinId = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pinId);
    }
    expect(pinId, 'a pin reached by Tab').toBeDefined();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.getByTestId('map-card').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('[data-pin-item]')?.getAttribute('data-pin-item'))).toBe(pinId);
    expect(await seriousViolations(page)).toEqual([]);
    expect(elsewhere).toEqual([]);
  });

  it('in Chinese: towns named in Chinese, none under a pin or a cluster, the first view drawn from one post/map call, and never past the land (issue 63)', async () => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/post/map') calls.push(request.postData() ?? '');
    });
    await page.goto(`${baseUrl}/zh/services/l?view=map`);
    await mapIdle();
    expect(calls, 'post/map calls of the first view').toHaveLength(1);
    const towns = await page.locator('.map-town').allInnerTexts();
    expect(towns.some((name) => /\p{Script=Han}/u.test(name)), towns.join(', ')).toBe(true);
    const boxes = await page.evaluate(() => {
      const rect = (element: Element) => element.getBoundingClientRect();
      return { towns: [...document.querySelectorAll('.map-town')].map(rect), markers: [...document.querySelectorAll('.map-pin, .map-cluster')].map(rect) };
    });
    expect(boxes.markers.length).toBeGreaterThan(0);
    for (const town of boxes.towns) {
      for (const marker of boxes.markers) {
        const overlap = town.left < marker.right && marker.left < town.right && town.top < marker.bottom && marker.top < town.bottom;
        expect(overlap, `a town name at ${town.left},${town.top} under a marker at ${marker.left},${marker.top}`).toBe(false);
      }
    }
    // However far out or off one goes, the view stays where the basemap has land to draw.
    const within = async (center: [number, number], zoom: number) => {
      await page.evaluate(([lon, lat, z]) => (document.querySelector('[data-testid="search-map"]') as MapElement).ypMap.jumpTo({ center: [lon, lat], zoom: z }), [...center, zoom]);
      await mapIdle();
      const [west, south, east, north] = await page.evaluate(() => (document.querySelector('[data-testid="search-map"]') as MapElement).ypMap.getBounds().toArray().flat());
      const allowed = viewBounds(zoom);
      expect(west! >= allowed[0] - 1e-6 && south! >= allowed[1] - 1e-6 && east! <= allowed[2] + 1e-6 && north! <= allowed[3] + 1e-6, `view at ${center.join()} zoom ${zoom}: ${[west, south, east, north].join()}`).toBe(true);
    };
    await within([101.7, 3.1], 4);
    await within([80, 3], 6);
    await within([95, 12], 9);
    expect(elsewhere).toEqual([]);
  });

  it('fits a 390 px phone: a List | Map switch, the map full width, nothing scrolls sideways', async () => {
    const phone = await session.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/jobs/l?view=map`);
    await small.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="search-map"]')?.dataset.state === 'idle', null, { timeout: scaled(30_000) });
    expect(await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const width = await small.getByTestId('search-map').evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(340);
    expect(await small.getByTestId('results').isVisible()).toBe(false);
    await small.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'List' }).click();
    expect(await small.getByTestId('results').isVisible()).toBe(true);
    expect(await small.getByTestId('search-map').isVisible()).toBe(false);
    await phone.close();
  });

  it('draws the first Kuala Lumpur view from at most 600 KB of tiles and style, in a browser that has none of it yet', async () => {
    const fresh = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const view = await fresh.newPage();
    // Every byte the map fetches: the style, and the archive's directory and tiles by range (there is no sprite).
    const sizes: Promise<number>[] = [];
    view.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/maps/')) sizes.push(response.body().then((body) => body.length));
    });
    await view.goto(`${baseUrl}/services/l?where=Kuala%20Lumpur&view=map`);
    await view.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="search-map"]')?.dataset.state === 'idle', null, { timeout: scaled(30_000) });
    const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
    expect(sizes.length).toBeGreaterThan(1);
    expect(bytes, `${sizes.length} files or ranges`).toBeLessThanOrEqual(600 * 1024);
    await fresh.close();
  });

  it('without JavaScript shows the list and says why there is no map', async () => {
    const plain = await session.browser.newContext({ javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto(`${baseUrl}/services/l?view=map`);
    expect(await noJs.getByTestId('map-notice').innerText()).toContain('The map needs JavaScript and a browser with WebGL2');
    expect(await noJs.getByTestId('results').isVisible()).toBe(true);
    await plain.close();
  });
});

describe('the map\'s pages and files by HTTP (issue 43)', () => {
  it('serves the archive by byte range: 206, 416, ETag and 304, HEAD, never compressed, 404 for anything else', async () => {
    const path = await archiveName();
    const url = `${baseUrl}${path}`;
    const part = await fetch(url, { headers: { Range: 'bytes=0-126', 'Accept-Encoding': 'br, gzip' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('application/vnd.pmtiles');
    expect(part.headers.get('content-encoding')).toBeNull();
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(127);
    expect(bytes.subarray(0, 7).toString('latin1')).toBe('PMTiles');
    const size = Number(part.headers.get('content-range')!.split('/')[1]);
    const etag = part.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await fetch(url, { headers: { Range: `bytes=${size}-` } })).status).toBe(416);
    expect((await fetch(url, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    for (const wrong of ['/maps/no-such.pmtiles', '/maps/..%2Fpackage.json', '/maps/%2e%2e/package.json', '/ms/maps/style.json']) {
      expect((await fetch(`${baseUrl}${wrong}`)).status, wrong).toBe(404);
    }
    const style = await fetch(`${baseUrl}/maps/style.json?lang=zh`);
    expect(style.status).toBe(200);
    expect((await fetch(`${baseUrl}/maps/style.json?lang=fr`)).status).toBe(404);
  });

  it('keeps map and box pages out of the index and the page cache', async () => {
    const map = await (await fetch(`${baseUrl}/services/l?where=Selangor&view=map`)).text();
    expect(map).toContain('name="robots" content="noindex');
    expect(map).toMatch(new RegExp(`rel="canonical" href="[^"]*/services/l\\?where=Selangor"`));
    const boxed = `${baseUrl}/services/l?view=map&bbox=101.6000,3.0000,101.8000,3.2000`;
    for (let visit = 0; visit < 2; visit++) {
      const answer = await fetch(boxed);
      expect(answer.headers.get('x-cache')).toBeNull();
      const html = await answer.text();
      expect(html).toContain('name="robots" content="noindex');
      expect(html).toMatch(/rel="canonical" href="[^"]*\/services\/l"/);
    }
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /*?*bbox=');
    expect(robots).toContain('Disallow: /*?*view=');
  });
});
