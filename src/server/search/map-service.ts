/**
 * POST /api/post/map (issue 43): a search's matches inside the map's box, as at most 50 pins (the list's page and the
 * next best, in the list's order) and clusters of the rest on a grid of the zoom's pixels. Every match in the box
 * counts once, in a pin or a cluster, and lies inside the box; the body stays small whatever the viewport (the grid
 * never has more than `MAX_CELLS` cells), with the box that holds them all (where a map of the whole search fits).
 * Nothing is stored.
 */
import { formatPriceRange } from '../../shared/format.ts';
import { MAX_PINS, type BoundingBox } from '../../shared/map.ts';
import type { MapPin, MapQuery, MapResponse } from '../../shared/search.ts';
import type { CatalogContext } from '../catalog/context.ts';
import { getPostCards } from '../catalog/posts.ts';
import { effectiveSort, resolveFilter } from './search-service.ts';
import { type SearchIndex } from './engine/search-index.ts';

/** A cluster stands for about this many screen pixels square (MapLibre's tiles are 512 px). */
const CELL_PIXELS = 80;
/** At most this many grid cells over the box: a huge box at a deep zoom gets coarser cells, not a larger body. */
const MAX_CELLS = 144;
const TILE_PIXELS = 512;

/** Web Mercator, as the map draws: x and y of the whole world in 0–1. */
const mercatorX = (lon: number) => (lon + 180) / 360;
const mercatorY = (lat: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};

/** Five decimals (about a metre), kept inside the box the value came from. */
const round5 = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value * 1e5) / 1e5));

interface Cell {
  count: number;
  lat: number;
  lon: number;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

export async function runMap(index: SearchIndex, catalog: CatalogContext, query: MapQuery): Promise<MapResponse> {
  const filter = await resolveFilter(index, query);
  if (filter === null || !filter.box) return { total: 0, clusters: [], pins: [], bounds: null };
  const [west, south, east, north] = filter.box;
  const { rows } = await index.countAndPage(filter, effectiveSort(query, filter), MAX_PINS, (query.page - 1) * query.limit);
  const positions = await index.matchPositions(filter);
  // Pins are among the matches read with the positions (a post that left meanwhile is in neither); where each is, as
  // the index holds it (a confidential listing at its town's centre: issue 38). One pass over the matches, which may
  // be all of Malaysia's: no set or map of them all.
  const paged = new Set(rows.map((row) => Number(row.post_id)));
  const at = new Map<number, number>();
  for (let index = 0; index < positions.ids.length && at.size < paged.size; index++) {
    if (paged.has(positions.ids[index]!)) at.set(positions.ids[index]!, index);
  }
  const cards = await getPostCards(catalog, rows.map((row) => Number(row.post_id)).filter((id) => at.has(id)));
  const pins: MapPin[] = cards.map((card) => {
    const index = at.get(card.id)!;
    return {
      id: card.id, type: card.type, slug: card.slug, title: card.title, lat: positions.lat[index]!, lon: positions.lon[index]!,
      precision: card.confidential ? 'town' : 'exact', city_state: card.city_state, plan: card.plan,
      price_min: card.price_min, price_max: card.price_max, price: formatPriceRange(card.price_min, card.price_max, card.price_currency, query.lang ?? 'en'),
      rating: card.rating, rating_count: card.rating_count,
      image: card.image?.thumbnail ?? null,
    };
  });
  const pinned = new Set(pins.map((pin) => pin.id));

  // The grid: the zoom's cells of CELL_PIXELS, coarser when the box would hold more than MAX_CELLS of them.
  const spanX = mercatorX(east) - mercatorX(west);
  const spanY = mercatorY(south) - mercatorY(north);
  // Cells the box touches at `perWorld` cells across the world, partial cells at its edges included.
  const touched = (perWorld: number) => (Math.floor(mercatorX(east) * perWorld) - Math.floor(mercatorX(west) * perWorld) + 1)
    * (Math.floor(mercatorY(south) * perWorld) - Math.floor(mercatorY(north) * perWorld) + 1);
  let perWorld = (TILE_PIXELS * 2 ** query.zoom) / CELL_PIXELS;
  const cellsOver = spanX * perWorld * spanY * perWorld;
  if (cellsOver > MAX_CELLS) perWorld *= Math.sqrt(MAX_CELLS / cellsOver);
  while (touched(perWorld) > MAX_CELLS) perWorld *= 0.9;
  const cells = new Map<number, Cell>();
  const bounds: BoundingBox | null = positions.ids.length ? [Infinity, Infinity, -Infinity, -Infinity] : null;
  const columns = Math.ceil(spanX * perWorld) + 2;
  const left = Math.floor(mercatorX(west) * perWorld);
  const top = Math.floor(mercatorY(north) * perWorld);
  for (let at = 0; at < positions.ids.length; at++) {
    const lat = positions.lat[at]!;
    const lon = positions.lon[at]!;
    if (bounds) {
      bounds[0] = Math.min(bounds[0], lon); bounds[1] = Math.min(bounds[1], lat);
      bounds[2] = Math.max(bounds[2], lon); bounds[3] = Math.max(bounds[3], lat);
    }
    if (pinned.has(positions.ids[at]!)) continue;
    const x = mercatorX(lon);
    const y = mercatorY(lat);
    const key = (Math.floor(y * perWorld) - top) * columns + (Math.floor(x * perWorld) - left);
    const cell = cells.get(key);
    if (!cell) cells.set(key, { count: 1, lat, lon, minX: x, maxX: x, minY: y, maxY: y });
    else {
      cell.count++;
      cell.lat += lat;
      cell.lon += lon;
      cell.minX = Math.min(cell.minX, x); cell.maxX = Math.max(cell.maxX, x);
      cell.minY = Math.min(cell.minY, y); cell.maxY = Math.max(cell.maxY, y);
    }
  }
  const clusters = [...cells.values()].map((cell) => {
    // The zoom at which the cluster's members spread over about half a tile: where it comes apart.
    const spread = Math.max(cell.maxX - cell.minX, cell.maxY - cell.minY);
    const fits = spread > 0 ? Math.floor(Math.log2(0.5 / spread)) : 20;
    return {
      // The mean of points inside the box lies inside it.
      lat: round5(cell.lat / cell.count, south, north),
      lon: round5(cell.lon / cell.count, west, east),
      count: cell.count,
      zoom_to: Math.min(20, Math.max(Math.floor(query.zoom) + 1, fits)),
    };
  }).sort((a, b) => b.count - a.count || a.lat - b.lat || a.lon - b.lon);
  return { total: pins.length + clusters.reduce((sum, cluster) => sum + cluster.count, 0), clusters, pins, bounds };
}
