import { Readable } from 'node:stream';
import type { Download } from '../uploads/media-files.ts';

/** A download as an HTTP answer: never inline, never cached, sandboxed (ASVS 5.4.1/5.4.2). */
export function downloadResponse(download: Download): Response {
  const ascii = download.filename.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return new Response(Readable.toWeb(download.body) as ReadableStream, {
    headers: {
      'Content-Type': download.mimeType,
      'Content-Length': String(download.size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.filename)}`,
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    },
  });
}
