import type { APIRoute } from 'astro';
import { extname } from 'node:path';
import { requestedRange } from '../../server/media/range.ts';
import { webStream } from '../../server/media/store.ts';
import { INERT_CONTENT_POLICY } from '../../server/security.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../server/uploads/media-files.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp',
  '.pdf': 'application/pdf', '.mp4': 'video/mp4', '.webm': 'video/webm',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * Serves the media store's public files (MEDIA_BASE_URL=/media). In production a CDN serves these instead, from the
 * store (a bucket) or from this route.
 */
export const GET: APIRoute = async ({ params, locals, request }) => {
  const path = params.path ?? '';
  const type = TYPES[extname(path).toLowerCase()];
  // Only known file types, never a path that climbs out, and never the private files (CVs): the store refuses the rest.
  if (!type || path.startsWith(PRIVATE_MEDIA_PREFIX) || path.split('/').includes('..')) return new Response('Not Found', { status: 404 });
  const headers: Record<string, string> = {
    'Content-Type': type, 'Cache-Control': 'public, max-age=31536000, immutable', 'Accept-Ranges': 'bytes',
    // Served from our own origin: whatever a file holds, a browser must never run it as a page.
    'Content-Security-Policy': INERT_CONTENT_POLICY,
    // Documents download rather than open from our origin (ASVS 5.4.1, 3.2.1).
    ...(type.startsWith('image/') || type.startsWith('video/') ? {} : { 'Content-Disposition': 'attachment' }),
  };
  const rangeHeader = request.headers.get('range');
  if (rangeHeader) {
    // A part of the file (a video being seeked): the size first, then the part (RFC 9110 §14).
    const size = await locals.app.mediaStore.size(path);
    if (size === undefined) return new Response('Not Found', { status: 404 });
    const range = requestedRange(rangeHeader, size);
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    if (range) {
      const part = await locals.app.mediaStore.read(path, range);
      if (!part) return new Response('Not Found', { status: 404 });
      return new Response(webStream(part), {
        status: 206,
        headers: { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${part.size}`, 'Content-Length': String(range.end - range.start + 1) },
      });
    }
  }
  const file = await locals.app.mediaStore.read(path);
  if (!file) return new Response('Not Found', { status: 404 });
  return new Response(webStream(file), { headers: { ...headers, 'Content-Length': String(file.size) } });
};
