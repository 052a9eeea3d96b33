/**
 * Run once, by hand: exports Malaysia's 16 state outlines from Natural Earth admin-1 (10m, generalised), as Debian's
 * `qgis-common` ships it in `world_map.gpkg`, into the vendored `sources/malaysia-states.geojson` that `npm run
 * map:build` reads. A GeoPackage is SQLite: each geometry is a small header and then WKB (OGC 06-103r4, GPKG 1.3 §2.1.3).
 *
 *   apt-get install qgis-common && node scripts/map/export-states.ts
 */
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';

const GPKG = '/usr/share/qgis/resources/data/world_map.gpkg';
const OUT = fileURLToPath(new URL('./sources/malaysia-states.geojson', import.meta.url));
/** Natural Earth's spellings that differ from the site's state names (scripts/seed/malaysia.ts). */
const SITE_NAMES: Record<string, string> = { 'Pulau Pinang': 'Penang', Trengganu: 'Terengganu' };
/** Five decimals: about a metre, far finer than a zoom-10 tile's pixel. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

type Ring = [number, number][];

/** The WKB Polygon or MultiPolygon after a GeoPackage header, as GeoJSON MultiPolygon coordinates. */
function multiPolygonOf(blob: Uint8Array): Ring[][] {
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  if (blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry');
  const envelopeBytes = [0, 32, 48, 48, 64][(blob[3]! >> 1) & 0b111]!;
  let at = 8 + envelopeBytes;
  let little = true;
  const u32 = () => { const value = view.getUint32(at, little); at += 4; return value; };
  const f64 = () => { const value = view.getFloat64(at, little); at += 8; return value; };
  const header = () => { little = view.getUint8(at) === 1; at += 1; return u32(); };
  const polygon = (): Ring[] => Array.from({ length: u32() }, () => Array.from({ length: u32() }, () => [round(f64()), round(f64())] as [number, number]));
  const type = header();
  if (type === 3) return [polygon()];
  if (type !== 6) throw new Error(`unexpected WKB type ${type}`);
  return Array.from({ length: u32() }, () => {
    if (header() !== 3) throw new Error('a MultiPolygon member that is not a Polygon');
    return polygon();
  });
}

const db = new DatabaseSync(GPKG, { readOnly: true });
const rows = db.prepare("SELECT name, geom FROM states_provinces WHERE adm0_a3 = 'MYS' ORDER BY name").all() as { name: string; geom: Uint8Array }[];
db.close();
if (rows.length !== 16) throw new Error(`expected Malaysia's 16 states and territories, found ${rows.length}`);
const collection = {
  type: 'FeatureCollection',
  features: rows.map((row) => ({
    type: 'Feature',
    properties: { name: SITE_NAMES[row.name] ?? row.name },
    geometry: { type: 'MultiPolygon', coordinates: multiPolygonOf(row.geom) },
  })),
};
writeFileSync(OUT, `${JSON.stringify(collection)}\n`);
console.log(`wrote ${OUT}: ${rows.length} states, ${Math.round(JSON.stringify(collection).length / 1024)} KB`);
