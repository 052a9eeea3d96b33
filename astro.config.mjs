// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { PARAGLIDE_OPTIONS } from './scripts/paraglide-options.mjs';
import precompress from './src/server/build/precompress.ts';
import serviceWorker from './src/server/build/service-worker.ts';
import pageLanguage from './src/server/build/page-language.ts';
import { BASE_POLICY } from './src/server/security.ts';

export default defineConfig({
  output: 'server',
  // The largest body any route takes (an upload request); each route refuses less as the body streams.
  adapter: node({ mode: 'standalone', bodySizeLimit: 48 * 1024 * 1024 }),
  // The service worker, manifest and icons are written before precompress, which then compresses them too.
  integrations: [react(), serviceWorker(), precompress()],
  server: { port: 4321, host: true },
  // A Content-Security-Policy header on every page: Astro hashes the scripts and styles it emits, so no
  // 'unsafe-inline'. Image, media and connect sources (the configured media origin, the ad network when
  // set) are added per page at runtime (RootLayout). Other responses get src/server/security.ts's policy.
  security: {
    // Origins are checked by the site itself (src/middleware.ts, src/server/csrf.ts), which also knows the
    // configured SITE_URL and a trusted proxy's forwarded protocol and host: Astro's check compares an
    // https:// Origin with the http:// URL it rebuilds behind a TLS-terminating proxy, and refuses every
    // upload and form there (security probe item 2).
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        ...BASE_POLICY,
      ],
    },
  },
  vite: {
    plugins: [tailwindcss(), paraglideVitePlugin(PARAGLIDE_OPTIONS), pageLanguage()],
    // Page scripts (menu loader, view beacon, search navigation…) go out as cached, precompressed
    // files instead of being inlined into every page's HTML (issue 10: lean HTML).
    build: { assetsInlineLimit: 0 },
  },
});
