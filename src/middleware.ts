import { defineMiddleware, sequence } from 'astro:middleware';
import { createAppContext, type AppContext } from './server/app-context.ts';
import { loadConfig } from './server/config.ts';

let app: Promise<AppContext> | undefined;

/** Builds the app once; a database that is not migrated (or a bad config) stops the process instead of serving errors. */
function appContext(): Promise<AppContext> {
  app ??= createAppContext(loadConfig()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  return app;
}

/** The process's app context, built once (the composition root) and handed to every page as Astro.locals.app. */
const provideApp = defineMiddleware(async (context, next) => {
  context.locals.app = await appContext();
  return next();
});

const COMPRESSIBLE = /^(text\/html|application\/json|text\/plain|application\/xml|text\/xml)/;

/**
 * Compresses HTML and JSON on the fly: the standalone Node server sends plain bytes, and pages with
 * menus and island data shrink about 8× with gzip (ARCHITECTURE.md, performance budgets).
 */
const compress = defineMiddleware(async (context, next) => {
  const response = await next();
  const type = response.headers.get('Content-Type') ?? '';
  const accepts = context.request.headers.get('Accept-Encoding') ?? '';
  if (!response.body || !COMPRESSIBLE.test(type) || response.headers.has('Content-Encoding') || !/\bgzip\b/.test(accepts)) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  headers.append('Vary', 'Accept-Encoding');
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
});

export const onRequest = sequence(provideApp, compress);
