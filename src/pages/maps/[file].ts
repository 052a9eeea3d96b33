import type { APIRoute } from 'astro';
import { loadConfig } from '../../server/config.ts';
import { archiveFile, readArchive } from '../../server/maps/archive.ts';
import { styleJson } from '../../server/maps/basemap.ts';
import { requestedRange } from '../../server/media/range.ts';
import { LOCALES, type Locale } from '../../shared/locale.ts';

const NOT_FOUND = () => new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

/**
 * The basemap (issue 43), served by the site itself: `/maps/style.json?lang=` and `/maps/{file}.pmtiles` from
 * MAP_DATA_DIR, read by byte range. An archive's name carries its build date, so it is immutable. Its tiles are gzip'd
 * inside, so the file goes as stored: no Content-Encoding (the browser's reader would otherwise get other bytes than
 * its ranges name), and neither the page cache nor the service worker keeps it (the Cache API cannot hold a 206).
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
  const file = await archiveFile(config.map.dataDir, name);
  if (!file) return NOT_FOUND();
  const headers: Record<string, string> = {
    'Content-Type': 'application/vnd.pmtiles',
    'Accept-Ranges': 'bytes',
    ETag: file.etag,
    'Cache-Control': 'public, max-age=31536000, immutable',
  };
  const matches = (request.headers.get('if-none-match') ?? '').split(',').map((tag) => tag.trim());
  if (matches.includes(file.etag) || matches.includes('*')) return new Response(null, { status: 304, headers });
  // A Range with an If-Range naming another version is answered whole (RFC 9110 §13.1.5).
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== file.etag ? undefined : requestedRange(request.headers.get('range'), file.size);
  if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` } });
  const part = range ?? { start: 0, end: file.size - 1 };
  const body = request.method === 'HEAD' ? null : new Uint8Array(await readArchive(file, part));
  return new Response(body, {
    status: range ? 206 : 200,
    headers: { ...headers, 'Content-Length': String(part.end - part.start + 1), ...(range ? { 'Content-Range': `bytes ${part.start}-${part.end}/${file.size}` } : {}) },
  });
};
