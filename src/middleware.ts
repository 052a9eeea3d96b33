import { Duplex } from 'node:stream';
import { createBrotliCompress } from 'node:zlib';
import { defineMiddleware, sequence } from 'astro:middleware';
import { createAppContext, createWebContext, type AppContext } from './server/app-context.ts';
import { processRole } from './server/process-role.ts';
import { CLOSE_APP, CLOSE_STREAMS, FRONT_DOOR, setAppHandle, type FrontDoor } from './server/app-handles.ts';
import { loadConfig } from './server/config.ts';
import { sameOrigin } from './server/csrf.ts';
import { LSN_COOKIE, LSN_COOKIE_SECONDS, lsnCookieOf, readScopeOf, withReadScope } from './server/db/read-scope.ts';
import { slashTwin } from './server/http.ts';
import { BROTLI_PARAMS, encodingClass, UNBOUNDED } from './server/page-cache.ts';
import { IMPRESSIONS_HEADER, readImpressionHeader } from './server/search/impressions.ts';
import { paraglideMiddleware } from './paraglide/server.js';
import { getLocale, getServerAsyncLocalStorage } from './paraglide/runtime.js';
import { readLocaleFrom } from './shared/i18n.ts';
import { splitLocale, TWINLESS_PATH } from './shared/locale.ts';
import { advertiserLocale } from './server/pages/advertiser-locale.ts';

let app: Promise<AppContext> | undefined;

/** Builds the app once; a database that is not migrated (or a bad config) stops the process instead of serving errors. */
function appContext(): Promise<AppContext> {
  // Beside a worker process (the supervisor's, issue 62) this one only serves; alone, it runs every kind of job too.
  app ??= (processRole() === 'web' ? createWebContext(loadConfig()) : createAppContext(loadConfig())).then((context) => {
    // The server in front (src/server/serve.ts) closes the app on shutdown, after the last request, and answers cache
    // hits before Astro runs.
    setAppHandle(CLOSE_APP, () => context.close());
    setAppHandle(CLOSE_STREAMS, () => context.live.closeAll());
    setAppHandle(FRONT_DOOR, frontDoorOf(context));
    return context;
  }, (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  return app;
}

/** The front door of the app's page cache: a hit as the server writes it, its search impressions counted as here. */
function frontDoorOf(context: AppContext): FrontDoor {
  return (request, userAgent) => {
    const answer = context.pages.hit(request) ?? context.pages.refused(request);
    if (answer?.impression && request.method === 'GET') {
      const impression = readImpressionHeader(answer.impression);
      if (impression) context.impressions.record(impression, userAgent);
    }
    return answer;
  };
}

/** The process's app context, built once (the composition root) and handed to every page as Astro.locals.app. */
const provideApp = defineMiddleware(async (context, next) => {
  context.locals.app = await appContext();
  return next();
});

/** Every page's answer (not the API's, files' or health checks') tells whether pages answer (GET /readyz, page-health.ts). */
const watchPages = defineMiddleware(async (context, next) => {
  if (UNBOUNDED.test(context.url.pathname)) return next();
  const { pageHealth } = context.locals.app;
  try {
    const response = await next();
    pageHealth.record(response.status);
    return response;
  } catch (error) {
    pageHealth.record(500);
    throw error;
  }
});

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A page asked for by its twin with or without the last slash goes to its one spelling (http.ts `slashTwin`). */
const oneSpelling = defineMiddleware((context, next) => {
  const method = context.request.method;
  const twin = method === 'GET' || method === 'HEAD' ? slashTwin(context.url.pathname) : null;
  if (!twin) return next();
  return new Response(null, { status: 301, headers: { Location: `${twin}${context.url.search}`, 'Cache-Control': 'public, max-age=3600' } });
});

/**
 * With replicas (issue 41): each request reads where its scope allows (db/read-scope.ts), and a write that succeeded
 * leaves `yp_lsn`, the primary's position after it, for two seconds: the visitor's next pages read a replica only once
 * it has replayed that far (else the primary), and skip the page cache.
 */
const scopeReads = defineMiddleware(async (context, next) => {
  const { replication } = context.locals.app;
  if (!replication) return next();
  const { request, url } = context;
  const scope = readScopeOf(request.method, url.pathname, lsnCookieOf(request.headers.get('cookie')));
  const response = await withReadScope(scope, () => next());
  if (SAFE_METHODS.has(request.method) || response.status >= 400) return response;
  let position: string;
  try {
    position = await replication.writePosition();
  } catch {
    return response;
  }
  const headers = new Headers(response.headers);
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  headers.append('Set-Cookie', `${LSN_COOKIE}=${encodeURIComponent(position)}; Max-Age=${LSN_COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

/**
 * Unsafe requests to pages (the no-JS contact form) from another site are a 403; the API answers for
 * itself, in its own error shape (src/server/api/csrf.ts), with the same rule.
 */
const refuseCrossSite = defineMiddleware((context, next) => {
  const { request, url } = context;
  if (SAFE_METHODS.has(request.method) || url.pathname === '/api' || url.pathname.startsWith('/api/')) return next();
  if (sameOrigin(request.headers, request.url, loadConfig())) return next();
  return new Response('Cross-site requests are not allowed.', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
});

/**
 * Public pages come from the page cache (src/server/page-cache.ts) when they can; every other page render waits for a
 * render slot (src/server/render-gate.ts), and the API, media and health checks never do.
 */
const cachePages = defineMiddleware(async (context, next) => {
  const { app } = context.locals;
  const cached = await app.pages.handle(context.request, () => next());
  if (cached) return cached;
  return UNBOUNDED.test(context.url.pathname) ? next() : app.pages.bounded(() => next());
});

/**
 * Search impressions (issue 26): a search page's first page names its posts and term in an internal header; each
 * GET of it, from the cache or rendered, counts them once, and the header never leaves the server.
 */
const countImpressions = defineMiddleware(async (context, next) => {
  const response = await next();
  const value = response.headers.get(IMPRESSIONS_HEADER);
  if (value === null) return response;
  const impression = readImpressionHeader(value);
  if (impression && context.request.method === 'GET') context.locals.app.impressions.record(impression, context.request.headers.get('user-agent') ?? undefined);
  const headers = new Headers(response.headers);
  headers.delete(IMPRESSIONS_HEADER);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

const COMPRESSIBLE = /^(text\/html|application\/json|text\/plain|application\/xml|text\/xml)/;

/**
 * Compresses what the page cache did not: HTML and JSON on the fly, brotli when the client accepts it
 * (at a quality that costs little CPU), else gzip. The standalone Node server sends plain bytes.
 */
const compress = defineMiddleware(async (context, next) => {
  const response = await next();
  const type = response.headers.get('Content-Type') ?? '';
  const kind = encodingClass(context.request.headers.get('Accept-Encoding'));
  if (!response.body || !COMPRESSIBLE.test(type) || response.headers.has('Content-Encoding') || kind === 'identity') {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', kind);
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  const encoder = kind === 'br'
    ? Duplex.toWeb(createBrotliCompress({ params: BROTLI_PARAMS }))
    : new CompressionStream('gzip');
  return new Response(response.body.pipeThrough(encoder as TransformStream<Uint8Array, Uint8Array>), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});

/**
 * The page's language (issue 42), from its address alone: '/ms/…' and '/zh/…' are the English page's twins. Paraglide's
 * middleware owns the prefixes: it sets the language every message reads for this request and hands on the address
 * without its prefix, which the page renders. It runs after the page cache, which keys on the address as requested.
 * A prefix in capitals ('/MS/') or before what has no twin gets the 404 page, in the prefix's language. The advertiser
 * site has no twins and speaks its account's language (issue 63, decision 0036).
 */
// Links built while a page renders (shared/i18n.ts) follow the request's language, as its messages do.
readLocaleFrom(getLocale);

const ADVERTISER_SITE = /^\/advertiser(\/|$)/;

const localize = defineMiddleware((context, next) => paraglideMiddleware(context.request, async ({ request, locale }) => {
  context.locals.locale = locale;
  if (ADVERTISER_SITE.test(context.url.pathname)) {
    // The advertiser site has no twins: it speaks the account's language (issue 63), for its messages and its islands' calls.
    const spoken = await advertiserLocale(context.locals.app, context.request);
    context.locals.locale = spoken;
    return getServerAsyncLocalStorage()!.run({ locale: spoken, origin: context.url.origin, messageCalls: new Set() }, () => next());
  }
  if (request.url === context.request.url) return next();
  const written = splitLocale(context.url.pathname);
  if (written.locale !== locale || TWINLESS_PATH.test(written.path)) return next('/404');
  return next(request);
}));

// compress wraps the cache: cached pages come already encoded, everything else is compressed on the way out.
export const onRequest = sequence(oneSpelling, refuseCrossSite, provideApp, watchPages, scopeReads, compress, countImpressions, cachePages, localize);
