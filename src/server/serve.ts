/**
 * The production HTTP server: Astro's standalone handler (pages, API, static files) behind a small
 * layer that sends the build's precompressed assets (.br, .gz written by build/precompress.ts) with the
 * right Content-Encoding and Vary, which Astro's static handler cannot.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { chooseReactProductionBuild, loadConfig, type Config } from './config.ts';
import { openBackend } from './db/backend.ts';
import { allowedMethods } from './http.ts';
import { securityHeaders } from './security.ts';
import { appHandle, CLOSE_APP, CLOSE_STREAMS, FRONT_DOOR, type FrontDoor } from './app-handles.ts';
import { encodingClass } from './page-cache.ts';
import { answerArchive, MAPS_PATH } from './maps/archive.ts';
import { supervise, type PrimaryMessage, type WorkerMessage } from './supervisor.ts';
import { RESTARTS_ENV } from './health.ts';

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
function precompressedStatic(clientDir: string, next: Handler): Handler {
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

/**
 * The basemap's archives (`/maps/{file}.pmtiles`, issue 43) are answered here, before Astro runs: a map asks for a
 * few dozen byte ranges as it opens, each a read of a few KB. Anything else under /maps (the style) goes on to `next`.
 */
function basemapArchives(dataDir: string, next: Handler): Handler {
  const prefix = `${MAPS_PATH}/`;
  return (req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    if ((method !== 'GET' && method !== 'HEAD') || !path.startsWith(prefix) || !path.endsWith('.pmtiles')) return next(req, res);
    const header = (name: string) => { const value = req.headers[name]; return Array.isArray(value) ? value[0] : value; };
    answerArchive(dataDir, path.slice(prefix.length), { method, ifNoneMatch: header('if-none-match'), ifRange: header('if-range'), range: header('range') })
      .then((answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? undefined);
      }, (error: unknown) => {
        console.error('A basemap read failed', error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end();
      });
  };
}

/**
 * A cached page is answered here, as a static file is, before Astro runs (issue 38): what a hit costs is its bytes.
 * Anything the page cache does not hold (or holds stale, or before the app is built) goes on to `next`.
 */
function cachedPagesFirst(next: Handler): Handler {
  return (req, res) => {
    const method = req.method ?? 'GET';
    const answer = method === 'GET' || method === 'HEAD'
      ? appHandle<FrontDoor>(FRONT_DOOR)?.({ method, url: req.url ?? '/', headers: req.headers }, req.headers['user-agent'])
      : undefined;
    if (!answer) return next(req, res);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
}

/** Reason phrases of the status line: Node's, plus 419 (Laravel's CSRF status, spec §8), whatever a framework set. */
const REASONS: Record<number, string> = { ...STATUS_CODES, 419: 'Page Expired' };

/** The path a request names, with dot segments and their encoded forms resolved (as Astro will resolve them). */
function normalisedPath(rawUrl: string): string {
  try {
    return new URL(rawUrl, 'http://localhost').pathname;
  } catch {
    return '/';
  }
}

/**
 * `npm start` and `npm run serve`: checks the database, then supervises the server (src/server/supervisor.ts), which
 * listens on HOST:PORT and runs the built site (dist/) in a worker process, with a warmed standby beside it.
 */
export async function serve(distDir: string): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    // Opening the backend checks the migrations; the workers open their own.
    await (await openBackend(config)).close();
  } catch (error) {
    console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  await supervise(distDir, { host: config.host, port: config.port, standby: config.serverStandby, jobWorker: config.jobRunner === 'in-process' });
}

/**
 * Pages a new server process renders into its page cache before it serves (issue 38): home, the four category homes and
 * the education home, where visitors land first; after a deploy the first load no longer falls to 90 req/s.
 */
const WARM_PATHS = ['/', '/services', '/jobs', '/hireme', '/buysell', '/education/'] as const;
/** How often a standby renders them again, so they are fresh (within the page cache's TTL) when it takes over. */
const STANDBY_WARM_MS = 30_000;

/** Renders the warm pages through `handler` on a private loopback port of this process (not the shared one). */
async function warm(handler: Handler): Promise<void> {
  const local = createServer(handler);
  await new Promise<void>((resolve) => local.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
  const { port } = local.address() as AddressInfo;
  try {
    for (const path of WARM_PATHS) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'Accept-Encoding': 'br, gzip' }, signal: AbortSignal.timeout(30_000) });
        await response.arrayBuffer();
      } catch (error) {
        console.error(`Warming ${path} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    local.close();
    local.closeAllConnections();
  }
}

/** What a shutdown watches: requests in flight, connections accepted so far, and whether it has begun. */
interface ServerState {
  inFlight: number;
  connections: number;
  draining: boolean;
}

/** The server of one worker process: the built site on HOST:PORT, with a graceful shutdown and a last line of defence against uncaught errors. */
export async function serveWorker(distDir: string): Promise<void> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // React picks its build when first loaded: without this the server rendered with React's
  // development build (prop validation, task tracking), several times slower per page. The
  // configuration still reads the operator's NODE_ENV (config.ts).
  chooseReactProductionBuild();
  const config = loadConfig();
  const entry = (await import(join(distDir, 'server/entry.mjs'))) as { handler: Handler };
  const { host, port } = config;
  const headers = Object.entries(securityHeaders(config));
  const handle = basemapArchives(config.map.dataDir, precompressedStatic(join(distDir, 'client'), cachedPagesFirst(entry.handler)));
  const state: ServerState = { inFlight: 0, connections: 0, draining: false };
  const server = createServer((req, res) => {
    state.inFlight += 1;
    res.once('close', () => { state.inFlight -= 1; });
    // Once a shutdown has begun, every answer closes its connection, so keep-alive clients go elsewhere.
    if (state.draining) res.setHeader('Connection', 'close');
    // The status line's reason phrase is the status's own ('404 Not Found', '419 Page Expired'), never a framework's leftover.
    const writeHead = res.writeHead.bind(res) as (status: number, reason: string, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]) => ServerResponse;
    res.writeHead = ((status: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[]) =>
      writeHead(status, REASONS[status] ?? 'Unknown', typeof reasonOrHeaders === 'string' ? maybeHeaders : reasonOrHeaders)) as typeof res.writeHead;
    // Set before any handler writes, so every response carries them; a handler may still override one.
    for (const [name, value] of headers) res.setHeader(name, value);
    // Pages answer GET and HEAD (POST where they have a form): anything else is a 405 with Allow, before
    // Astro, which cannot even represent TRACE. The API answers for its own methods. The path is judged
    // as Astro will route it: '/api/../' is the home page, not the API.
    const method = req.method ?? 'GET';
    const allowed = allowedMethods(normalisedPath(req.url ?? '/'));
    if (UNSUPPORTED_METHODS.has(method) || (allowed && !allowed.includes(method))) {
      res.writeHead(405, { Allow: (allowed ?? ['GET', 'HEAD']).join(', '), 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method Not Allowed');
      return;
    }
    handle(req, res);
  });
  server.on('connection', () => { state.connections += 1; });
  // Supervised: connections come from the primary, which owns the listening socket (supervisor.ts).
  let serving = false;
  process.on('message', (message: PrimaryMessage, socket?: Socket) => {
    if (message?.type === 'connection') {
      if (!socket) return;
      // Held: the primary closes its copy (and would hand it to another process, were this one to die first).
      process.send?.({ type: 'taken', id: message.id } satisfies WorkerMessage);
      server.emit('connection', socket);
      socket.resume();
    } else if (message?.type === 'serve') {
      serving = true;
      process.env[RESTARTS_ENV] = String(message.restarts);
    }
  });
  let stopping = false;
  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    void shutDown(server, state, reason).then(() => process.exit(code), (error: unknown) => {
      console.error('Stopping failed', error);
      process.exit(1);
    });
  };
  // The last line of defence: an error no handler caught is logged, the supervisor starts a new server at
  // once (it shares the listening socket), and this one finishes the requests it holds before it exits:
  // one request's bug never takes the site down. Its state may be broken, so it does not go on serving.
  process.on('uncaughtException', (error) => {
    console.error('Uncaught exception: handing over to a new server process.', error);
    process.send?.({ type: 'fatal', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    stop('Uncaught exception', 1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop(signal, 0));
  // The supervisor is gone (killed): nobody would restart this worker, and the port must be freed.
  process.once('disconnect', () => stop('Supervisor gone', 0));
  if (!process.send) {
    // Run on its own (not under the supervisor): it listens itself.
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    console.log(`Serving on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
    return;
  }
  const requests = server.listeners('request')[0] as Handler;
  await warm(requests);
  process.send({ type: 'ready' } satisfies WorkerMessage);
  console.log(`Server process ${process.pid} ready on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
  // A standby keeps its warm pages fresh until it serves.
  const rewarm = setInterval(() => {
    if (serving || stopping) clearInterval(rewarm);
    else void warm(requests);
  }, STANDBY_WARM_MS);
  rewarm.unref();
}

/** How long requests in flight may take to finish once a shutdown starts. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long no new connection and no request in flight must last before the server stops listening, then
 * before it stops. Connections sent just before the signal may still wait to be accepted, or their requests
 * sit unread in their sockets while the process is busy (the probe saw up to 94 ms): they are answered too.
 * Closing a listening socket resets the connections still waiting in its backlog, so it stays open until quiet.
 */
const SHUTDOWN_QUIET_MS = 300;

/** Resolves once nothing has been in flight (and, while listening, no connection has come) for SHUTDOWN_QUIET_MS, or at `deadline`. */
async function quiet(state: ServerState, deadline: number): Promise<void> {
  let quietSince = Date.now();
  let seen = state.connections;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (state.inFlight > 0 || state.connections !== seen) {
      quietSince = Date.now();
      seen = state.connections;
    } else if (Date.now() - quietSince >= SHUTDOWN_QUIET_MS) return;
  }
}

/**
 * Graceful shutdown: answer every request already sent, including ones whose connection is not accepted
 * yet or whose request is unread, each answer closing its connection; stop listening once no connection
 * has come for a while; then (once nothing is in flight, or after SHUTDOWN_GRACE_MS at most) cut what is
 * left and close the app (timers, view counts, search workers, database).
 */
async function shutDown(server: Server, state: ServerState, reason: string): Promise<void> {
  console.log(`${reason}: finishing requests in flight, then stopping.`);
  state.draining = true;
  // Open streams end first: their browsers reconnect to the next process, and they hold no answer to wait for.
  appHandle<() => void>(CLOSE_STREAMS)?.();
  const deadline = Date.now() + SHUTDOWN_GRACE_MS;
  await quiet(state, deadline);
  // net.Server's close stops accepting; http.Server's would also drop connections whose request is not read yet.
  NetServer.prototype.close.call(server);
  await quiet(state, deadline);
  server.closeAllConnections();
  const closeApp = appHandle<() => Promise<void>>(CLOSE_APP);
  await closeApp?.();
  console.log('Stopped.');
}
