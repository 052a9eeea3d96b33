/**
 * The map itself (issue 43), loaded only when a map page has WebGL2: MapLibre over the site's own basemap (a PMTiles
 * archive read by byte range, its style from /maps/style.json), the search's pins and clusters from POST /api/post/map,
 * town names as HTML (no glyph files), and 'Search this area', which makes the viewport a filter only when pressed.
 */
import { AttributionControl, Map as MapLibre, Marker, NavigationControl, addProtocol, setWorkerUrl, type LngLatBoundsLike } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import './map-view.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import type { Protocol } from 'pmtiles';
import { searchMap } from '../../client/map-calls.ts';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../shared/locale.ts';
import { clampToMalaysia, formatBoundingBox, MALAYSIA_BOUNDS, TOWN_NAMES, viewBounds, type BoundingBox } from '../../shared/map.ts';
import type { MapPin, MapResponse, SearchRequest } from '../../shared/search.ts';
import { postUrl } from '../../shared/urls.ts';

/** At most this many town names at once, the larger towns first, none overlapping another. */
const MAX_LABELS = 40;

interface MapOptions {
  request: SearchRequest;
  lang: Locale;
  /** The PMTiles reader, which answers MapLibre's `pmtiles://` requests (loaded beside this module). */
  tiles: Protocol;
  /** The box of every result, which the first view fits (the page found it), or null. */
  extent: BoundingBox | null;
  onReady(): void;
  onFailed(): void;
}

let protocolAdded = false;

function boxOf(map: MapLibre): BoundingBox {
  const bounds = map.getBounds();
  return [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()];
}

/** The part of `a` inside `b` (both clamped to Malaysia), or null. */
function intersect(a: BoundingBox, b: BoundingBox | null): BoundingBox | null {
  const box: BoundingBox = b ? [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])] : a;
  return box[0] < box[2] && box[1] < box[3] ? clampToMalaysia(box) : null;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Draws the map in `region`; returns what removes it. */
export function mountMap(region: HTMLElement, options: MapOptions): () => void {
  const { request, lang } = options;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const requested = typeof request.bbox === 'string' ? (request.bbox.split(',').map(Number) as BoundingBox) : null;
  setWorkerUrl(new URL(workerUrl, window.location.href).href);
  if (!protocolAdded) {
    addProtocol('pmtiles', options.tiles.tile);
    protocolAdded = true;
  }
  // The first view: the box asked for, else the one that holds every result (one post/map call draws it), else Malaysia.
  const map = new MapLibre({
    container: region,
    style: `/maps/style.json?lang=${lang}`,
    bounds: (requested ?? options.extent ?? MALAYSIA_BOUNDS) as LngLatBoundsLike,
    fitBoundsOptions: requested ? { padding: 16 } : { padding: 40, maxZoom: 13 },
    maxBounds: viewBounds(4) as LngLatBoundsLike,
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    touchPitch: false,
    maxZoom: 18,
    minZoom: 4,
  });
  map.touchZoomRotate.disableRotation();
  map.keyboard.disableRotation();
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right');
  (region as HTMLElement & { ypMap?: MapLibre }).ypMap = map;

  const markers: Marker[] = [];
  const labels: Marker[] = [];
  const pinElements = new Map<number, HTMLElement>();
  let programmatic = 0;
  let latest = 0;
  const searchArea = element('button', 'map-search-area', m.map_search_area());
  searchArea.type = 'button';
  searchArea.hidden = true;
  const card = element('div', 'map-card');
  card.hidden = true;
  card.setAttribute('data-testid', 'map-card');
  region.append(searchArea, card);

  const move = (run: () => void) => {
    programmatic++;
    map.once('moveend', () => { programmatic--; });
    run();
  };

  function closeCard() {
    card.hidden = true;
    card.replaceChildren();
  }

  function openCard(pin: MapPin) {
    const link = element('a', 'map-card-title', pin.title);
    link.href = postUrl(pin.type, pin.slug);
    const close = element('button', 'map-card-close', '×');
    close.type = 'button';
    close.setAttribute('aria-label', m.map_card_close());
    close.addEventListener('click', closeCard);
    const body = element('div', 'map-card-body');
    body.append(link, element('p', 'map-card-price', pin.price));
    if (pin.city_state) body.append(element('p', 'map-card-place', pin.city_state));
    if (pin.rating_count > 0) body.append(element('p', 'map-card-rating', m.map_card_rating({ rating: pin.rating.toFixed(1), count: pin.rating_count })));
    if (pin.precision === 'town') body.append(element('p', 'map-card-note', m.map_area_note()));
    const parts: HTMLElement[] = [];
    if (pin.image) {
      const image = element('img', 'map-card-image');
      image.src = pin.image;
      image.alt = '';
      parts.push(image);
    }
    card.replaceChildren(...parts, body, close);
    card.hidden = false;
    // The list is the map's twin: focus goes to the pin's item when it shows, else to the card's link.
    const item = document.querySelector<HTMLElement>(`[data-pin-item="${pin.id}"] a[href]`);
    (item && item.offsetParent !== null ? item : link).focus();
  }

  function pinMarker(pin: MapPin): Marker {
    const button = element('button', pin.precision === 'town' ? 'map-pin map-pin-area' : 'map-pin');
    button.type = 'button';
    button.dataset.pinId = String(pin.id);
    button.setAttribute('aria-label', pin.precision === 'town' && pin.city_state ? m.map_pin_area({ title: pin.title, place: pin.city_state }) : pin.title);
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      openCard(pin);
    });
    pinElements.set(pin.id, button);
    return new Marker({ element: button, anchor: pin.precision === 'town' ? 'center' : 'bottom' }).setLngLat([pin.lon, pin.lat]);
  }

  function clusterMarker(cluster: MapResponse['clusters'][number]): Marker {
    const button = element('button', 'map-cluster', String(cluster.count));
    button.type = 'button';
    button.setAttribute('aria-label', m.map_cluster({ count: cluster.count }));
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      move(() => map.easeTo({ center: [cluster.lon, cluster.lat], zoom: cluster.zoom_to, duration: reducedMotion ? 0 : 500 }));
    });
    return new Marker({ element: button }).setLngLat([cluster.lon, cluster.lat]);
  }

  async function load(box: BoundingBox, zoom: number): Promise<MapResponse | null> {
    return searchMap({ ...request, lang, bbox: formatBoundingBox(box), zoom: Math.round(zoom * 100) / 100 });
  }

  /**
   * The list is the map's twin: a pin the list's page does not hold (the next best) gets an item of its own below it,
   * so every pin has a list item to move focus to.
   */
  function twinItems(pins: MapPin[]) {
    document.querySelector('[data-map-more]')?.remove();
    const extra = pins.filter((pin) => !document.querySelector(`[data-pin-item="${pin.id}"]`));
    const results = document.getElementById('search-results');
    if (extra.length === 0 || !results) return;
    const section = element('section', 'map-more');
    section.dataset.mapMore = '';
    section.setAttribute('data-testid', 'map-more');
    const list = element('ul', 'map-more-list');
    for (const pin of extra) {
      const item = element('li', 'map-more-item');
      item.dataset.pinItem = String(pin.id);
      const link = element('a', 'link', pin.title);
      link.href = postUrl(pin.type, pin.slug);
      item.append(link);
      if (pin.city_state) item.append(element('span', 'map-more-place', ` · ${pin.city_state}`));
      list.append(item);
    }
    section.append(element('h3', 'map-more-heading', m.map_more()), list);
    results.append(section);
  }

  /** Draws the pins and clusters of what the page searched, in the part of it in view; the town names then make way. */
  async function draw() {
    const box = intersect(boxOf(map), requested);
    const ticket = ++latest;
    const answer = box ? await load(box, map.getZoom()) : { total: 0, clusters: [], pins: [] };
    if (!answer || ticket !== latest) return;
    for (const marker of markers.splice(0)) marker.remove();
    pinElements.clear();
    for (const cluster of answer.clusters) markers.push(clusterMarker(cluster).addTo(map));
    for (const pin of answer.pins) markers.push(pinMarker(pin).addTo(map));
    twinItems(answer.pins);
    placeLabels();
    region.dataset.pins = String(answer.pins.length);
    region.dataset.clusters = String(answer.clusters.length);
  }

  /** Where each pin and cluster is on the map's canvas, as [left, top, right, bottom]. */
  function markerBoxes(): [number, number, number, number][] {
    const origin = region.getBoundingClientRect();
    return markers.map((marker) => {
      const box = marker.getElement().getBoundingClientRect();
      return [box.left - origin.left, box.top - origin.top, box.right - origin.left, box.bottom - origin.top];
    });
  }

  /**
   * The larger towns in view as HTML labels in the page's language (the demo basemap has no text layer, so no glyphs
   * are fetched; its style names the towns that have a Malay or Chinese name), none under a pin or a cluster.
   */
  function placeLabels() {
    for (const label of labels.splice(0)) label.remove();
    if (!map.getLayer('places')) return;
    const localNames = (map.getStyle().metadata as Record<string, Record<string, string> | undefined> | undefined)?.[TOWN_NAMES] ?? {};
    const features = map.queryRenderedFeatures({ layers: ['places'] })
      .map((feature) => ({ name: String(feature.properties.name ?? ''), rank: Number(feature.properties.rank ?? 3), point: (feature.geometry as GeoJSON.Point).coordinates as [number, number] }))
      .sort((a, b) => a.rank - b.rank || a.name.localeCompare(b.name));
    const taken = markerBoxes();
    const seen = new Set<string>();
    for (const feature of features) {
      if (labels.length >= MAX_LABELS || seen.has(feature.name)) continue;
      const name = localNames[feature.name] ?? feature.name;
      const at = map.project(feature.point);
      // Chinese characters are about twice as wide as Latin letters at the label's 12 px.
      const width = [...name].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? 12 : 7), 8);
      const box: [number, number, number, number] = [at.x - width / 2, at.y + 4, at.x + width / 2, at.y + 20];
      if (taken.some((other) => box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3])) continue;
      taken.push(box);
      seen.add(feature.name);
      const span = element('span', 'map-town', name);
      span.setAttribute('aria-hidden', 'true');
      labels.push(new Marker({ element: span, anchor: 'top', offset: [0, 4] }).setLngLat(feature.point).addTo(map));
    }
  }

  // A list item in focus or under the pointer lights its pin.
  const highlight = (event: Event) => {
    const item = (event.target as Element | null)?.closest?.('[data-pin-item]');
    for (const pin of pinElements.values()) pin.classList.remove('is-active');
    if (item) pinElements.get(Number(item.getAttribute('data-pin-item')))?.classList.add('is-active');
  };
  document.addEventListener('focusin', highlight);
  document.addEventListener('mouseover', highlight);

  searchArea.addEventListener('click', () => {
    const box = clampToMalaysia(boxOf(map));
    if (!box) return;
    const url = new URL(window.location.href);
    url.searchParams.set('bbox', formatBoundingBox(box));
    url.searchParams.delete('page');
    window.location.assign(url.pathname + url.search);
  });

  map.on('click', closeCard);
  // Past the zoom the neighbours' land is drawn to, the view stays where the basemap has land (no straight coast).
  const keepOnLand = () => {
    const bounds = viewBounds(map.getZoom());
    if (map.getMaxBounds()?.toArray().flat().join() !== bounds.join()) map.setMaxBounds(bounds as LngLatBoundsLike);
  };
  map.on('zoomend', keepOnLand);
  map.on('moveend', () => {
    // Panning or zooming by the person offers the filter; the map's own moves do not.
    if (programmatic === 0) searchArea.hidden = false;
    void draw().catch((error: unknown) => console.error('Loading the map\'s results failed', error));
  });
  map.on('idle', () => {
    placeLabels();
    region.dataset.state = 'idle';
  });
  map.on('movestart', () => { region.dataset.state = 'moving'; });
  map.on('error', (event) => console.error('Map error', event.error));

  map.once('load', async () => {
    try {
      options.onReady();
      keepOnLand();
      await draw();
    } catch (error) {
      console.error('The map could not load its results', error);
      options.onFailed();
    }
  });

  return () => {
    document.querySelector('[data-map-more]')?.remove();
    document.removeEventListener('focusin', highlight);
    document.removeEventListener('mouseover', highlight);
    map.remove();
  };
}
