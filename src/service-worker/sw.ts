/**
 * The service worker (issue 15, spec §4 'Service worker'): the site keeps working on patchy mobile data.
 * Built by src/server/build/service-worker.ts (esbuild, then Serwist's precache manifest injected).
 *
 * - Hashed build assets (/_astro/) are immutable: cache first.
 * - Pages: network first with a short timeout, then the copy this device last saw, then the offline page
 *   (which lists the listings visited here). A page that now answers 404 or 410 loses its copy. Only public pages are kept: never /me/, never a response
 *   marked private or no-store, so no one's data is ever served to anyone else.
 * - Media: stale-while-revalidate in a bounded cache (200 entries, 30 days).
 * - /api/ and every method but GET go to the network, uncached.
 * - A new version waits until the page says it may take over (client/service-worker.ts).
 */
/// <reference lib="webworker" />
import { BASE_LOCALE, localizePath, PREFIXED_LOCALES, splitLocale } from '../shared/locale.ts';
import { CacheFirst, ExpirationPlugin, NetworkFirst, NetworkOnly, Serwist, StaleWhileRevalidate, type PrecacheEntry, type SerwistPlugin } from 'serwist';

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** Pages, media and assets are stored only when they are public, complete answers. */
const publicOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    const cacheControl = response.headers.get('Cache-Control') ?? '';
    return response.status === 200 && !/private|no-store/i.test(cacheControl) && !response.headers.has('Set-Cookie') ? response : null;
  },
};

/**
 * A page that now answers 404 or 410 (a listing removed, or hidden by the moderators) is dropped from the device's
 * copies. It runs where a response is offered to the cache (before publicOnly turns it down): a navigation preload's
 * response passes there too, where it skips fetchDidSucceed.
 */
const forgetGone: SerwistPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (response.status === 404 || response.status === 410) await (await caches.open('pages')).delete(request.url);
    return response;
  },
};

const DAY = 24 * 60 * 60;
/** Personal pages are personal in every language: /ms/me/profile is /me/profile (issue 42). */
const personal = (pathname: string) => personalPath(splitLocale(pathname).path);
const personalPath = (path: string) => path.startsWith('/me/') || path === '/me' || path.startsWith('/api/') || path === '/advertiser' || path.startsWith('/advertiser/')
  || path === '/operator' || path.startsWith('/operator/') || path === '/saved-searches' || path.startsWith('/saved-searches/');

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: false,
  clientsClaim: true,
  navigationPreload: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({ cacheName: 'assets', plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 365 * DAY, purgeOnQuotaError: true })] }),
    },
    {
      // Personal pages always come from the network (offline: the offline page).
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && personal(url.pathname),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && request.method === 'GET' && !personal(url.pathname),
      handler: new NetworkFirst({
        cacheName: 'pages', networkTimeoutSeconds: 3,
        plugins: [forgetGone, publicOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
      }),
    },
    {
      matcher: ({ request, url }) => request.method === 'GET' && url.pathname.startsWith('/media/') && !url.pathname.startsWith('/media/private/'),
      handler: new StaleWhileRevalidate({
        cacheName: 'media', plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
      }),
    },
  ],
  fallbacks: {
    // Each language's offline page for its own pages (issue 42); the first entry that matches is used.
    entries: [...PREFIXED_LOCALES, BASE_LOCALE].map((locale) => ({
      url: localizePath('/offline', locale),
      matcher: ({ request }: { request: Request }) => request.destination === 'document' && splitLocale(new URL(request.url).pathname).locale === locale,
    })),
  },
});

serwist.addEventListeners();
