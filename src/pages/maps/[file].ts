import type { APIRoute } from 'astro';
import { loadConfig } from '../../server/config.ts';
import { answerArchive } from '../../server/maps/archive.ts';
import { styleJson } from '../../server/maps/basemap.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';

const NOT_FOUND = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * The basemap (issue 43), served by the site itself: `/maps/style.json?lang=` and `/maps/{file}.pmtiles` from
 * MAP_DATA_DIR, read by byte range (answerArchive). Neither the page cache nor the service worker keeps an archive
 * (the Cache API cannot hold a 206). The production server answers archives before Astro runs (serve.ts); this
 * route answers them in `astro dev` and the style everywhere.
 */
export const GET: APIRoute = async ({ params, request, url }) => {
  const config = loadConfig();
  const name = params.file ?? '';
  if (name === 'style.json') {
    const lang = url.searchParams.get('lang') ?? 'en';
    if (!(LOCALES as readonly string[]).includes(lang)) return NOT_FOUND();
    const style = await styleJson(config, lang as Locale);
    if (!style) return NOT_FOUND();
    return new Response(style, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' } });
  }
  const answer = await answerArchive(config.map.dataDir, name, {
    method: request.method, ifNoneMatch: request.headers.get('if-none-match'), ifRange: request.headers.get('if-range'), range: request.headers.get('range'),
  });
  return new Response(answer.body ? new Uint8Array(answer.body) : null, { status: answer.status, headers: answer.headers });
};
