// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import precompress from './src/server/build/precompress.ts';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), precompress()],
  server: { port: 4321, host: true },
  vite: {
    plugins: [tailwindcss()],
    // Page scripts (menu loader, view beacon, search navigation…) go out as cached, precompressed
    // files instead of being inlined into every page's HTML (issue 10: lean HTML).
    build: { assetsInlineLimit: 0 },
  },
});
