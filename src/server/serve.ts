/**
 * The production HTTP server: Astro's standalone handler (pages, API, static files) behind a small
 * layer that sends the build's precompressed assets (.br, .gz written by build/precompress.ts) with the
 * right Content-Encoding and Vary, which Astro's static handler cannot.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { loadConfig } from './config.ts';
import { openSqliteRepositories } from './db/sqlite/index.ts';
import { allowedMethods } from './http.ts';
import { securityHeaders } from './security.ts';
import { CLOSE_APP } from './shutdown.ts';
import { encodingClass } from './page-cache.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml', '.webmanifest': 'application/manifest+json',
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/**
 * Hashed build assets (/_astro/) are cached for a year, as Astro does; the service worker is checked on
 * every visit (browsers also skip the HTTP cache for it), so a deploy reaches people at once.
 */
function cacheControlOf(path: string): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return path === '/sw.js' ? 'no-cache' : 'public, max-age=3600';
}

/**
 * Serves a precompressed copy of a static file under `clientDir` when the client accepts one, else
 * hands the request on.
 */
export function precompressedStatic(clientDir: string, next: Handler): Handler {
  const root = normalize(clientDir + sep);
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    const type = TYPES[extname(path)];
    if ((method !== 'GET' && method !== 'HEAD') || !type) return next(req, res);
    let file: string;
    try {
      file = normalize(join(root, decodeURIComponent(path)));
    } catch {
      return next(req, res);
    }
    if (!file.startsWith(root)) return next(req, res);
    const kind = encodingClass(req.headers['accept-encoding'] ?? null);
    const suffix = kind === 'br' ? '.br' : kind === 'gzip' ? '.gz' : null;
    if (!suffix || !existsSync(file + suffix)) return next(req, res);
    const size = statSync(file + suffix).size;
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': kind,
      'Content-Length': size,
      Vary: 'Accept-Encoding',
      'Cache-Control': cacheControlOf(path),
    });
    if (method === 'HEAD') return res.end();
    createReadStream(file + suffix).pipe(res);
  };
}

/** Starts the built site (dist/) on HOST:PORT; refuses to start on a database that is not migrated. */
export async function serve(distDir: string): Promise<void> {
  const config = loadConfig();
  const repos = openSqliteRepositories(config.databasePath);
  const pending = await repos.maintenance.pendingMigrations();
  await repos.close();
  if (pending.length > 0) {
    console.error(`Not starting: ${config.databasePath} has pending migrations (${pending.join(', ')}). Run \`npm run migrate\` first.`);
    process.exit(1);
  }
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // React picks its build when first loaded: without this the server rendered with React's
  // development build (prop validation, task tracking), several times slower per page.
  process.env.NODE_ENV ??= 'production';
  const entry = (await import(join(distDir, 'server/entry.mjs'))) as { handler: Handler };
  const host = process.env.HOST ?? '0.0.0.0';
  const port = Number(process.env.PORT ?? 4321);
  const headers = Object.entries(securityHeaders(config));
  const handle = precompressedStatic(join(distDir, 'client'), entry.handler);
  const server = createServer((req, res) => {
    // Set before any handler writes, so every response carries them; a handler may still override one.
    for (const [name, value] of headers) res.setHeader(name, value);
    // Pages answer GET and HEAD (POST where they have a form): anything else is a 405 with Allow, before
    // Astro, which cannot even represent TRACE. The API answers for its own methods.
    const method = req.method ?? 'GET';
    const allowed = allowedMethods((req.url ?? '/').split('?')[0]!);
    if (UNSUPPORTED_METHODS.has(method) || (allowed && !allowed.includes(method))) {
      res.writeHead(405, { Allow: (allowed ?? ['GET', 'HEAD']).join(', '), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  console.log(`Serving on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void shutDown(server, signal));
}

/** How long requests in flight may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful shutdown: stop accepting, let requests in flight finish (up to SHUTDOWN_GRACE_MS, then cut
 * what is left), then close the app (timers, view counts, search workers, database) and exit.
 */
async function shutDown(server: Server, signal: string): Promise<void> {
  console.log(`${signal}: finishing requests in flight, then stopping.`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cutOff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await closed;
  clearTimeout(cutOff);
  const closeApp = (globalThis as Record<symbol, unknown>)[CLOSE_APP] as (() => Promise<void>) | undefined;
  await closeApp?.();
  console.log('Stopped.');
  process.exit(0);
}
