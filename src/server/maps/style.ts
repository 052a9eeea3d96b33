/**
 * The map's style (issue 43), made on the server from what the basemap holds: the committed demo archive's `land`,
 * `states` and `places` get a plain style with no text (town names are HTML the island places, so no glyph file is
 * needed; the style's metadata carries the towns' names in the page's language, where the data has them); a Protomaps archive (`earth`, `roads`, …), local or at MAP_TILES_URL, gets `@protomaps/basemaps`' light
 * flavour, its labels in the page's language, with the self-hosted fonts and sprite.
 */
import { layers, namedFlavor } from '@protomaps/basemaps';
import type { Config } from '../config.ts';
import type { Locale } from '../../shared/locale.ts';
import { MAP_ATTRIBUTION, TOWN_NAMES } from '../../shared/map.ts';
import { placeNamesIn } from '../../shared/place-names.ts';
import type { ArchiveSummary } from './archive.ts';

/** Protomaps' label languages: Chinese reads `name:zh-Hans`; Malay has none of its own, so `name:ms` falls back to the local name. */
const LABEL_LANGUAGE: Record<Locale, string> = { en: 'en', ms: 'ms', zh: 'zh-Hans' };
const SOURCE = 'basemap';

const DEMO_COLOURS = { sea: '#cfe3ef', land: '#f4f1ea', state: '#b9ad98', place: '#6b5e4b' } as const;

/** The demo archive's layers: sea, land, state outlines, and a dot per town (its name is the island's HTML). */
function demoLayers(present: Set<string>): unknown[] {
  return [
    { id: 'sea', type: 'background', paint: { 'background-color': DEMO_COLOURS.sea } },
    ...(present.has('land') ? [{ id: 'land', type: 'fill', source: SOURCE, 'source-layer': 'land', paint: { 'fill-color': DEMO_COLOURS.land } }] : []),
    ...(present.has('states') ? [
      { id: 'states', type: 'line', source: SOURCE, 'source-layer': 'states', paint: { 'line-color': DEMO_COLOURS.state, 'line-width': ['interpolate', ['linear'], ['zoom'], 4, 0.6, 10, 1.6], 'line-dasharray': [3, 2] } },
    ] : []),
    ...(present.has('places') ? [
      { id: 'places', type: 'circle', source: SOURCE, 'source-layer': 'places', paint: { 'circle-color': DEMO_COLOURS.place, 'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 1.5, 10, 3] } },
    ] : []),
  ];
}

/** A MapLibre style for the archive at `tilesUrl`, whose summary is `archive`, in `locale`. */
export function mapStyle(config: Pick<Config, 'map'>, tilesUrl: string, archive: Pick<ArchiveSummary, 'layers' | 'minZoom' | 'maxZoom' | 'bounds' | 'attribution'>, locale: Locale) {
  const protomaps = archive.layers.includes('earth');
  const source = {
    type: 'vector',
    url: `pmtiles://${tilesUrl}`,
    attribution: MAP_ATTRIBUTION,
  };
  if (!protomaps) {
    return { version: 8, metadata: { [TOWN_NAMES]: placeNamesIn(locale) }, sources: { [SOURCE]: source }, layers: demoLayers(new Set(archive.layers)) };
  }
  const withLabels = config.map.glyphsUrl !== null;
  return {
    version: 8,
    ...(withLabels ? { glyphs: config.map.glyphsUrl } : {}),
    ...(config.map.spriteUrl ? { sprite: config.map.spriteUrl } : {}),
    sources: { [SOURCE]: source },
    // Without fonts the street style draws no text rather than asking a font server elsewhere.
    layers: layers(SOURCE, namedFlavor('light'), withLabels ? { lang: LABEL_LANGUAGE[locale] } : {}),
  };
}
