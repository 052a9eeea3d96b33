import { useEffect, useRef, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import type { Locale } from '../../shared/locale.ts';
import type { BoundingBox } from '../../shared/map.ts';
import type { SearchRequest } from '../../shared/search.ts';

interface SearchMapProps {
  /** The page's search, as the API takes it (its `bbox`, when 'Search this area' set one, included). */
  request: SearchRequest;
  total: number;
  /** Where the search is, in the page's language: the map region's name says it. */
  place: string;
  lang: Locale;
  /** The box of every result, which the map fits first (null: the request's box, else Malaysia). */
  extent: BoundingBox | null;
}

type Status = 'unsupported' | 'loading' | 'ready' | 'failed';

/** Whether this browser can draw the map: MapLibre 6 needs WebGL2. */
function canDrawMap(): boolean {
  try {
    return typeof WebGL2RenderingContext !== 'undefined' && document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

/**
 * The map beside the search results (issue 43). Only `?view=map` pages carry it. The server renders its region with
 * the sentence a browser without JavaScript keeps; with WebGL2 it loads MapLibre and the tile reader (a chunk of their
 * own, fetched only here) and draws the results as pins and clusters. The list stays the accessible twin.
 */
export default function SearchMap({ request, total, place, lang, extent }: SearchMapProps) {
  const region = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('unsupported');
  const [showing, setShowing] = useState<'map' | 'list'>('map');

  useEffect(() => {
    if (!canDrawMap() || !region.current) return;
    setStatus('loading');
    let unmount: (() => void) | undefined;
    let cancelled = false;
    // MapLibre and the tile reader load side by side, as two files (the reader is small and changes apart).
    Promise.all([import('./map-view.ts'), import('pmtiles')]).then(([{ mountMap }, { Protocol }]) => {
      if (cancelled || !region.current) return;
      unmount = mountMap(region.current, { request, lang, extent, tiles: new Protocol(), onReady: () => setStatus('ready'), onFailed: () => setStatus('failed') });
    }).catch((error: unknown) => {
      console.error('The map could not load', error);
      setStatus('failed');
    });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [request, lang, extent]);

  // On a narrow screen one of list and map shows at a time; the layout element (SearchBody's) says which.
  useEffect(() => {
    const layout = region.current?.closest<HTMLElement>('[data-search-map-layout]');
    if (layout) layout.dataset.searchMapLayout = status === 'ready' || status === 'loading' ? showing : 'list';
  }, [status, showing]);

  const drawn = status === 'ready' || status === 'loading';
  return (
    <div className="search-map" data-search-map="">
      <a href="#search-results" className="map-skip" onClick={(event) => {
        // Focus moves to the list itself, not only the page's scroll position.
        const list = document.getElementById('search-results');
        if (!list) return;
        event.preventDefault();
        list.focus();
      }}>{m.map_skip()}</a>
      {drawn && (
        <div className="map-switch" role="group" aria-label={m.map_show()}>
          <button type="button" aria-pressed={showing === 'list'} onClick={() => setShowing('list')}>{m.search_view_list()}</button>
          <button type="button" aria-pressed={showing === 'map'} onClick={() => setShowing('map')}>{m.search_view_map()}</button>
        </div>
      )}
      <div ref={region} role="region" aria-label={m.map_region({ count: total, place })} className="search-map-canvas" data-map-status={status} data-testid="search-map">
        {status !== 'ready' && (
          <p className="map-notice" data-testid="map-notice">
            {status === 'loading' ? m.map_loading() : status === 'failed' ? m.map_no_basemap() : m.map_no_webgl()}
          </p>
        )}
      </div>
    </div>
  );
}
