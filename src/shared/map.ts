/**
 * The map view of search results (issue 43): the area Malaysia's basemap covers, the `bbox` a 'Search this area' sends,
 * and the words every surface credits the map's data with.
 */

/** [minLon, minLat, maxLon, maxLat] */
export type BoundingBox = [number, number, number, number];

/** Malaysia with its islands (Peninsular and Borneo), as the basemap covers it; a box outside is clamped to it. */
export const MALAYSIA_BOUNDS: BoundingBox = [99.6, 0.8, 119.3, 7.4];
/**
 * The area the committed basemap draws land for, and the farthest the map lets its view go (its `maxBounds`): wide
 * enough that a phone held upright, showing all of Malaysia's width, sees the neighbours' coasts rather than the edge
 * of the data (issue 63: the land ended in a straight line at Malaysia's own box).
 */
export const BASEMAP_BOUNDS: BoundingBox = [85, -15, 135, 25];
/**
 * The land drawn at every zoom: past MAP_WIDE_MAX_ZOOM the map's view stays inside it (farther land is in the basemap
 * only as far as that zoom).
 */
export const BASEMAP_DETAIL_BOUNDS: BoundingBox = [97, -2, 122, 10];
export const MAP_WIDE_MAX_ZOOM = 7;

/** How far the map's view may go at `zoom`: where the basemap has land to draw. */
export function viewBounds(zoom: number): BoundingBox {
  return zoom < MAP_WIDE_MAX_ZOOM + 1 ? BASEMAP_BOUNDS : BASEMAP_DETAIL_BOUNDS;
}

/** The key of the demo style's metadata that holds the towns' names in the page's language, by English name. */
export const TOWN_NAMES = 'yp:town-names';
/** The committed basemap's deepest zoom: coast, states and towns, no streets. */
export const MAP_MAX_ZOOM = 10;
/** The zooms `POST /api/post/map` answers for. */
export const MAP_ZOOMS = { min: 0, max: 20 } as const;
/** The committed basemap's file name: `malaysia-{yyyymmdd}.pmtiles`, the build date making the address immutable. */
export const ARCHIVE_PREFIX = 'malaysia-';
export const MAP_ATTRIBUTION = '© OpenStreetMap contributors, GeoNames, Natural Earth';
/** At most this many pins on the map: the list's page and the next best (Airbnb: fewer, better pins). */
export const MAX_PINS = 50;

/** '101.6000,3.0000,101.8000,3.2000': four decimals (about 11 m), so panning by a pixel does not make a new address. */
export function formatBoundingBox(box: BoundingBox): string {
  return box.map((value) => value.toFixed(4)).join(',');
}

/**
 * The box a `bbox` value names, or why not: four numbers, longitudes within ±180, latitudes within ±90, min before max.
 * The error is the catalogue's key of the sentence that says why.
 */
export function parseBoundingBox(value: string): { box: BoundingBox } | { error: 'form_bbox_four_numbers' | 'form_bbox_range' | 'form_bbox_order' } {
  const parts = value.split(',');
  if (parts.length !== 4 || parts.some((part) => !/^\s*-?\d+(\.\d+)?\s*$/.test(part))) return { error: 'form_bbox_four_numbers' };
  const box = parts.map(Number) as BoundingBox;
  const [minLon, minLat, maxLon, maxLat] = box;
  if ([minLon, maxLon].some((lon) => lon < -180 || lon > 180) || [minLat, maxLat].some((lat) => lat < -90 || lat > 90)) return { error: 'form_bbox_range' };
  if (minLon >= maxLon || minLat >= maxLat) return { error: 'form_bbox_order' };
  return { box };
}

/** The part of `box` inside Malaysia, or null when none is (a box over the sea far away: an empty map, not an error). */
export function clampToMalaysia(box: BoundingBox): BoundingBox | null {
  const [west, south, east, north] = MALAYSIA_BOUNDS;
  const clamped: BoundingBox = [Math.max(box[0], west), Math.max(box[1], south), Math.min(box[2], east), Math.min(box[3], north)];
  return clamped[0] < clamped[2] && clamped[1] < clamped[3] ? clamped : null;
}

