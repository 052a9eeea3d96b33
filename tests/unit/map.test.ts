import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeArchive } from '../../scripts/map/pmtiles-writer.ts';
import { archiveFile, archiveTile, newestArchive, summarizeArchive } from '../../src/server/maps/archive.ts';
import { mapStyle } from '../../src/server/maps/style.ts';
import { pagePolicyDirectives } from '../../src/server/security.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { setPlaceNames } from '../../src/shared/place-names.ts';
import { BASEMAP_BOUNDS, BASEMAP_DETAIL_BOUNDS, TOWN_NAMES, clampToMalaysia, formatBoundingBox, MALAYSIA_BOUNDS, MAP_MAX_ZOOM, MAP_WIDE_MAX_ZOOM, parseBoundingBox, viewBounds } from '../../src/shared/map.ts';
import { boxTest, inBox } from '../../src/server/search/engine/tally.ts';
import { unitVector } from '../../src/server/search/engine/geo.ts';
import { boxCells, cellOf } from '../../src/server/search/engine/place-grid.ts';

const MAPS = join(projectRoot, 'maps');

/** The tile of zoom `z` holding a point. */
function tileOf(z: number, lat: number, lon: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

/** Tile bytes as MapLibre gets them: gunzipped when the reader left them gzip'd. */
const tileText = (data: ArrayBuffer) => {
  const bytes = Buffer.from(data);
  return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('latin1');
};

describe('the committed basemap (issue 43)', () => {
  it('is one PMTiles v3 archive of Malaysia at zoom 0-10 with land, states and places', async () => {
    const name = await newestArchive(MAPS);
    expect(name).toMatch(/^malaysia-\d{8}\.pmtiles$/);
    expect(readdirSync(MAPS).filter((file) => file.endsWith('.pmtiles'))).toEqual([name]);
    const file = (await archiveFile(MAPS, name!))!;
    const bytes = readFileSync(file.path);
    expect(bytes.subarray(0, 7).toString('latin1')).toBe('PMTiles');
    expect(bytes[7]).toBe(3);
    expect(file.size).toBeLessThan(2 * 1024 * 1024);
    const summary = await summarizeArchive(file);
    expect(summary).toMatchObject({ minZoom: 0, maxZoom: 10, layers: ['land', 'states', 'places'] });
    expect(summary.attribution).toContain('OpenStreetMap');
    const [west, south, east, north] = summary.bounds;
    expect(west).toBeLessThanOrEqual(MALAYSIA_BOUNDS[0] + 1e-6);
    expect(south).toBeLessThanOrEqual(MALAYSIA_BOUNDS[1] + 1e-6);
    expect(east).toBeGreaterThanOrEqual(MALAYSIA_BOUNDS[2] - 1e-6);
    expect(north).toBeGreaterThanOrEqual(MALAYSIA_BOUNDS[3] - 1e-6);
  });

  it('has towns in its Kuala Lumpur tile at zoom 10, and Borneo at zoom 5', async () => {
    const file = (await archiveFile(MAPS, (await newestArchive(MAPS))!))!;
    const kl = tileOf(10, 3.139, 101.6869);
    const text = tileText((await archiveTile(file, 10, kl.x, kl.y))!);
    for (const town of ['Kuala Lumpur', 'Petaling Jaya', 'Cheras']) expect(text).toContain(town);
    expect(text).toContain('states');
    const kuching = tileOf(5, 1.55, 110.35);
    expect(tileText((await archiveTile(file, 5, kuching.x, kuching.y))!)).toContain('land');
  });

  it('has the neighbours\' land as far as the map\'s view may go at each zoom, so no coast ends in a straight line (issue 63)', async () => {
    const file = (await archiveFile(MAPS, (await newestArchive(MAPS))!))!;
    expect((await summarizeArchive(file)).bounds).toEqual(BASEMAP_BOUNDS);
    // Inland points near each edge of where the view may go: Sumatra, Thailand, Vietnam, Kalimantan, Java, Mindanao.
    const inland: [number, number, number][] = [[-0.6, 101.4, 0], [16.4, 101.0, 0], [14.0, 108.3, 0], [-1.0, 113.5, 0], [-7.4, 110.4, 0], [7.6, 124.8, 0]];
    for (let z = 4; z <= MAP_WIDE_MAX_ZOOM; z++) {
      for (const [lat, lon] of inland) {
        const at = tileOf(z, lat, lon);
        const data = await archiveTile(file, z, at.x, at.y);
        expect(data && tileText(data), `land at ${lat},${lon} zoom ${z}`).toContain('land');
      }
    }
    // Deeper, the view keeps to BASEMAP_DETAIL_BOUNDS, whose land (Sumatra's Medan, Thailand's Hat Yai) is there at zoom 10.
    for (const [lat, lon] of [[3.59, 98.67], [7.0, 100.47], [-1.5, 121.5]] as const) {
      const at = tileOf(MAP_MAX_ZOOM, lat, lon);
      expect(viewBounds(MAP_MAX_ZOOM)).toEqual(BASEMAP_DETAIL_BOUNDS);
      const data = await archiveTile(file, MAP_MAX_ZOOM, at.x, at.y);
      expect(data && tileText(data), `land at ${lat},${lon} zoom 10`).toContain('land');
    }
  });

  it('the writer writes what the reader reads: deduplicated tiles, metadata and bounds', async () => {
    const tile = (text: string) => gzipSync(Buffer.from(text));
    const archive = writeArchive([
      { z: 1, x: 1, y: 1, data: tile('b') }, { z: 0, x: 0, y: 0, data: tile('a') }, { z: 1, x: 0, y: 0, data: tile('b') }, { z: 1, x: 0, y: 1, data: tile('c') },
    ], { minZoom: 0, maxZoom: 1, bounds: [99, 1, 120, 8], center: [101, 3, 1], metadata: { vector_layers: [{ id: 'land' }], attribution: 'test' } });
    const dir = mkdtempSync(join(tmpdir(), 'yp-pmtiles-'));
    writeFileSync(join(dir, 'test-1.pmtiles'), archive);
    const file = (await archiveFile(dir, 'test-1.pmtiles'))!;
    expect(await summarizeArchive(file)).toMatchObject({ minZoom: 0, maxZoom: 1, layers: ['land'], attribution: 'test' });
    expect(tileText((await archiveTile(file, 0, 0, 0))!)).toBe('a');
    expect(tileText((await archiveTile(file, 1, 0, 0))!)).toBe('b');
    expect(tileText((await archiveTile(file, 1, 1, 1))!)).toBe('b');
    expect(tileText((await archiveTile(file, 1, 0, 1))!)).toBe('c');
    expect(await archiveTile(file, 1, 1, 0)).toBeUndefined();
    // 'b' is stored once.
    expect(archive.toString('latin1').split(tile('b').toString('latin1')).length - 1).toBe(1);
  });

  it('the writer points to leaf directories when the entries outgrow the first 16 KiB, and the reader follows them', async () => {
    // 20,000 different tiles of zoom 15 at places a hash picks (no run lengths, no regular steps): a root of their own would not fit.
    const at = (index: number) => {
      const hash = createHash('sha256').update(String(index)).digest();
      return { x: hash.readUInt16LE(0) % 32768, y: hash.readUInt16LE(2) % 32768 };
    };
    const seen = new Set<string>();
    const tiles = Array.from({ length: 20000 }, (_, index) => ({ z: 15, ...at(index), data: gzipSync(Buffer.from(`tile ${index}`.repeat(1 + (index % 5)))) }))
      .filter((tile) => !seen.has(`${tile.x}/${tile.y}`) && seen.add(`${tile.x}/${tile.y}`));
    const archive = writeArchive(tiles, { minZoom: 15, maxZoom: 15, bounds: [99, 1, 120, 8], center: [101, 3, 15], metadata: { vector_layers: [{ id: 'land' }] } });
    expect(archive.readBigUInt64LE(8 + 5 * 8), 'leaf directories\' length').toBeGreaterThan(0n);
    const dir = mkdtempSync(join(tmpdir(), 'yp-pmtiles-'));
    writeFileSync(join(dir, 'test-2.pmtiles'), archive);
    const file = (await archiveFile(dir, 'test-2.pmtiles'))!;
    for (const index of [0, 1, 2500, 4095, 4096, 19999]) expect(tileText((await archiveTile(file, 15, at(index).x, at(index).y))!)).toBe(`tile ${index}`.repeat(1 + (index % 5)));
  });

  it('names only archives, never a path', async () => {
    for (const name of ['../package.json', '..%2Fpackage.json', 'maps/x.pmtiles', 'x.pmtiles', '.pmtiles', 'a/../../b.pmtiles']) expect(await archiveFile(MAPS, name)).toBeUndefined();
  });
});

describe('the map style (issue 43)', () => {
  const demo = { layers: ['land', 'states', 'places'], minZoom: 0, maxZoom: 10, bounds: MALAYSIA_BOUNDS, attribution: null };
  const noMapSettings = { map: { dataDir: MAPS, tilesUrl: null, glyphsUrl: null, spriteUrl: null } };

  it('draws the demo archive with no text layer and no glyphs, from a pmtiles:// source on this site', () => {
    const style = mapStyle(noMapSettings, '/maps/malaysia-1.pmtiles', demo, 'en') as { glyphs?: string; sources: Record<string, { url: string; attribution: string }>; layers: { type: string; id: string }[] };
    expect(style.glyphs).toBeUndefined();
    expect(style.sources.basemap!.url).toBe('pmtiles:///maps/malaysia-1.pmtiles');
    expect(style.sources.basemap!.attribution).toBe('© OpenStreetMap contributors, GeoNames, Natural Earth');
    expect(style.layers.map((layer) => layer.id)).toEqual(['sea', 'land', 'states', 'places']);
    expect(style.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });

  it('names the towns in the page\'s language in the demo style\'s metadata, where the data has a name (issue 63)', () => {
    setPlaceNames([{ english: 'Kuala Lumpur', locale: 'zh', name: '吉隆坡' }, { english: 'Penang', locale: 'ms', name: 'Pulau Pinang' }, { english: 'Ipoh', locale: 'ms', name: 'Ipoh' }]);
    const names = (locale: 'en' | 'ms' | 'zh') => (mapStyle(noMapSettings, '/maps/malaysia-1.pmtiles', demo, locale) as { metadata: Record<string, unknown> }).metadata[TOWN_NAMES];
    expect(names('zh')).toEqual({ 'Kuala Lumpur': '吉隆坡' });
    expect(names('ms')).toEqual({ Penang: 'Pulau Pinang' });
    expect(names('en')).toEqual({});
  });

  it("draws a Protomaps extract with labels in the page's language when fonts are configured", () => {
    const settings = { map: { dataDir: MAPS, tilesUrl: 'https://tiles.example.my/malaysia.pmtiles', glyphsUrl: 'https://tiles.example.my/fonts/{fontstack}/{range}.pbf', spriteUrl: 'https://tiles.example.my/sprites/light' } };
    const protomaps = { ...demo, layers: ['earth', 'roads', 'places'] };
    const zh = JSON.stringify(mapStyle(settings, settings.map.tilesUrl, protomaps, 'zh'));
    expect(zh).toContain('name:zh-Hans');
    expect(zh).toContain('"glyphs":"https://tiles.example.my/fonts/{fontstack}/{range}.pbf"');
    expect(JSON.stringify(mapStyle(settings, settings.map.tilesUrl, protomaps, 'ms'))).toContain('name:ms');
    // Without fonts, no text: nothing is asked of a font server.
    const bare = mapStyle({ map: { ...settings.map, glyphsUrl: null } }, settings.map.tilesUrl, protomaps, 'en') as { layers: { type: string }[] };
    expect(bare.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });
});

describe("the pages' Content-Security-Policy with a basemap elsewhere (issue 43)", () => {
  const connectSrc = (map: { tilesUrl: string | null; glyphsUrl: string | null; spriteUrl: string | null }) =>
    pagePolicyDirectives({ mediaBaseUrl: '/media', adClient: null, map: { dataDir: MAPS, ...map } }).directives.find((directive) => directive.startsWith('connect-src'));

  it("is only 'self' while the site serves its own basemap", () => {
    expect(connectSrc({ tilesUrl: null, glyphsUrl: null, spriteUrl: null })).toBe("connect-src 'self'");
  });

  it('lets MapLibre fetch tiles, glyphs and sprite from their origins, each named once, in connect-src only', () => {
    const map = { tilesUrl: 'https://tiles.example.my/malaysia.pmtiles', glyphsUrl: 'https://tiles.example.my/fonts/{fontstack}/{range}.pbf', spriteUrl: 'https://cdn.example.my/sprites/light' };
    expect(connectSrc(map)).toBe("connect-src 'self' https://tiles.example.my https://cdn.example.my");
    const others = pagePolicyDirectives({ mediaBaseUrl: '/media', adClient: null, map: { dataDir: MAPS, ...map } }).directives.filter((directive) => !directive.startsWith('connect-src'));
    expect(others.join(' ')).not.toContain('example.my');
  });
});

describe("the map's box (issue 43)", () => {
  it('parses four numbers west, south, east, north, and refuses the rest', () => {
    expect(parseBoundingBox('101.6,3.0,101.8,3.2')).toEqual({ box: [101.6, 3.0, 101.8, 3.2] });
    for (const bad of ['101.6,3.0,101.8', '101.6,3.0,101.8,3.2,1', 'a,b,c,d', '101.8,3.0,101.6,3.2', '101.6,3.2,101.8,3.0', '181,3,182,4', '1e2,3,4,5']) {
      expect('error' in parseBoundingBox(bad), bad).toBe(true);
    }
    expect(formatBoundingBox([101.123456, 3, 101.8, 3.25])).toBe('101.1235,3.0000,101.8000,3.2500');
  });

  it('clamps to Malaysia, and is null wholly outside it', () => {
    expect(clampToMalaysia([90, -10, 130, 20])).toEqual(MALAYSIA_BOUNDS);
    expect(clampToMalaysia([101, 3, 102, 4])).toEqual([101, 3, 102, 4]);
    expect(clampToMalaysia([-10, 40, 10, 50])).toBeNull();
  });

  it('tests a unit vector as BETWEEN tests latitude and longitude, edges included', () => {
    const box = boxTest([101.6067, 3.1073, 101.7, 3.2]);
    const at = (lat: number, lon: number) => { const { gx, gy, gz } = unitVector(lat, lon); return inBox(box, gx, gy, gz); };
    expect(at(3.1073, 101.6067)).toBe(true);
    expect(at(3.2, 101.7)).toBe(true);
    expect(at(3.15, 101.65)).toBe(true);
    expect(at(3.10729, 101.65)).toBe(false);
    expect(at(3.15, 101.70001)).toBe(false);
    expect(at(3.15, 101.6066999)).toBe(false);
    expect(at(3.2000001, 101.65)).toBe(false);
  });

  it("is counted over the grid cells it touches: every point in it, edges and corners included, lies in one of them", () => {
    const boxes: [number, number, number, number][] = [[101.6, 3.1, 101.7, 3.2], [103.6, 1.4, 103.9, 1.65], [101.6067, 3.1073, 101.6068, 3.1074], [100.18, 5.25, 100.55, 5.5]];
    for (const [west, south, east, north] of boxes) {
      const cells = new Set(boxCells([west, south, east, north])!.edge);
      for (let step = 0; step <= 20; step++) {
        const lat = south + ((north - south) * step) / 20;
        for (let across = 0; across <= 20; across++) {
          const { gx, gy, gz } = unitVector(lat, west + ((east - west) * across) / 20);
          expect(cells.has(cellOf(gx, gy, gz)), `${lat},${west + ((east - west) * across) / 20} in ${[west, south, east, north].join(',')}`).toBe(true);
        }
      }
    }
    // A country-wide view is cheaper to scan than to visit cell by cell.
    expect(boxCells(MALAYSIA_BOUNDS)).toBeUndefined();
  });
});
