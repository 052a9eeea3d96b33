import type { APIRoute } from 'astro';
import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { INERT_CONTENT_POLICY } from '../../server/security.ts';
import { PRIVATE_MEDIA_PREFIX } from '../../server/uploads/media-files.ts';

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp',
  '.pdf': 'application/pdf', '.mp4': 'video/mp4',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Serves the local media folder (MEDIA_BASE_URL=/media). In production a CDN serves these instead. */
export const GET: APIRoute = ({ params, locals }) => {
  const root = resolve(locals.app.config.mediaDir) + sep;
  const target = resolve(root, params.path ?? '');
  const type = TYPES[extname(target).toLowerCase()];
  // Only known file types inside the media folder (no traversal out of it), and never the private files (CVs).
  if (!target.startsWith(root) || !type || target.startsWith(root + PRIVATE_MEDIA_PREFIX)) return new Response('Not Found', { status: 404 });
  let size: number;
  try {
    const stats = statSync(target);
    if (!stats.isFile()) return new Response('Not Found', { status: 404 });
    size = stats.size;
  } catch {
    return new Response('Not Found', { status: 404 });
  }
  const body = Readable.toWeb(createReadStream(target)) as ReadableStream;
  return new Response(body, {
    headers: {
      'Content-Type': type, 'Content-Length': String(size), 'Cache-Control': 'public, max-age=31536000, immutable',
      // Served from our own origin: whatever a file holds, a browser must never run it as a page.
      'Content-Security-Policy': INERT_CONTENT_POLICY,
      // Documents download rather than open from our origin (ASVS 5.4.1, 3.2.1).
      ...(type.startsWith('image/') || type.startsWith('video/') ? {} : { 'Content-Disposition': 'attachment' }),
    },
  });
};
