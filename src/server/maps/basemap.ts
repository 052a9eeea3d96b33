/**
 * Which basemap the map draws (issue 43): MAP_TILES_URL when production sets one (a Protomaps extract elsewhere), else
 * the newest archive in MAP_DATA_DIR, served by this site at /maps/{file}.pmtiles. Its style is made once per
 * language and kept for the process.
 */
import type { Config } from '../config.ts';
import type { Locale } from '../../shared/locale.ts';
import { MALAYSIA_BOUNDS } from '../../shared/map.ts';
import { archiveFile, MAPS_PATH, newestArchive, summarizeArchive, type ArchiveSummary } from './archive.ts';
import { mapStyle } from './style.ts';

interface Basemap {
  tilesUrl: string;
  summary: ArchiveSummary;
}

/** A Protomaps extract at MAP_TILES_URL is not read here (that would be a request leaving the site at start): its layers are Protomaps'. */
const PROTOMAPS_EXTRACT: ArchiveSummary = { minZoom: 0, maxZoom: 15, bounds: MALAYSIA_BOUNDS, layers: ['earth', 'water', 'landuse', 'roads', 'buildings', 'places', 'pois', 'boundaries'], attribution: null };

let current: Promise<Basemap | null> | undefined;
const styles = new Map<Locale, string>();

async function findBasemap(config: Pick<Config, 'map'>): Promise<Basemap | null> {
  if (config.map.tilesUrl) return { tilesUrl: config.map.tilesUrl, summary: PROTOMAPS_EXTRACT };
  const name = await newestArchive(config.map.dataDir);
  const file = name ? await archiveFile(config.map.dataDir, name) : undefined;
  if (!name || !file) return null;
  return { tilesUrl: `${MAPS_PATH}/${name}`, summary: await summarizeArchive(file) };
}

/** The basemap of this process, found once; null when there is none (the map page then says so and shows the list). */
function basemap(config: Pick<Config, 'map'>): Promise<Basemap | null> {
  current ??= findBasemap(config).catch((error: unknown) => {
    console.error(`No basemap: ${error instanceof Error ? error.message : String(error)}`);
    current = undefined;
    return null;
  });
  return current;
}

/** The style JSON in `locale`, or null without a basemap. */
export async function styleJson(config: Pick<Config, 'map'>, locale: Locale): Promise<string | null> {
  const found = await basemap(config);
  if (!found) return null;
  let style = styles.get(locale);
  if (!style) {
    style = JSON.stringify(mapStyle(config, found.tilesUrl, found.summary, locale));
    styles.set(locale, style);
  }
  return style;
}

