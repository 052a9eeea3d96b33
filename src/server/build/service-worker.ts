/**
 * An Astro integration: after a build, writes what makes the site installable and offline-tolerant
 * (issue 15) into the client folder, before precompress runs:
 * - icons (192, 512, a maskable 512 and the 180 px Apple touch icon) drawn by sharp from one source image;
 * - the web app manifest (name, colours, start URL, standalone display, icons);
 * - the service worker (src/service-worker/sw.ts) bundled by esbuild, with Serwist's precache manifest
 *   (the offline page and its script, the icons) injected, revisioned by the build so a new build is a new worker.
 */
import { createHash } from 'node:crypto';
import { globSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { injectManifest } from '@serwist/build';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import sharp from 'sharp';
import { APPLE_TOUCH_ICON, BACKGROUND_COLOR, MANIFEST_PATH, THEME_COLOR } from '../../shared/app-manifest.ts';
import { LOCALES, localizePath } from '../../shared/locale.ts';
import { SITE_NAME } from '../../shared/seo.ts';


const root = fileURLToPath(new URL('../../../', import.meta.url));

async function writeIcons(clientDir: string): Promise<void> {
  const source = readFileSync(join(root, 'public/favicon.svg'));
  mkdirSync(join(clientDir, 'icons'), { recursive: true });
  const plain = (size: number) => sharp(source, { density: Math.ceil((72 * size) / 32) }).resize(size, size).png().toBuffer();
  writeFileSync(join(clientDir, 'icons/icon-192.png'), await plain(192));
  writeFileSync(join(clientDir, 'icons/icon-512.png'), await plain(512));
  // Maskable: the mark inside the safe zone (the middle 80 %) on the brand colour, so any mask shape keeps it whole.
  const inner = await sharp(source, { density: Math.ceil((72 * 360) / 32) }).resize(360, 360).png().toBuffer();
  writeFileSync(join(clientDir, 'icons/icon-maskable-512.png'),
    await sharp({ create: { width: 512, height: 512, channels: 4, background: THEME_COLOR } }).composite([{ input: inner, gravity: 'centre' }]).png().toBuffer());
  writeFileSync(join(clientDir, APPLE_TOUCH_ICON.slice(1)),
    await sharp({ create: { width: 180, height: 180, channels: 4, background: THEME_COLOR } })
      .composite([{ input: await sharp(source, { density: 405 }).resize(150, 150).png().toBuffer(), gravity: 'centre' }]).png().toBuffer());
}

function writeWebManifest(clientDir: string): void {
  const manifest = {
    name: SITE_NAME,
    short_name: 'Yellow Pages',
    description: 'Businesses, jobs, people for hire and things to buy and sell across Malaysia.',
    id: '/',
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    background_color: BACKGROUND_COLOR,
    theme_color: THEME_COLOR,
    lang: 'en-MY',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  writeFileSync(join(clientDir, MANIFEST_PATH.slice(1)), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The build's fingerprint: every client file's name, so a new build revisions the offline page and changes the worker. */
function buildRevision(clientDir: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files.sort()) hash.update(file);
  hash.update(readFileSync(join(clientDir, MANIFEST_PATH.slice(1))));
  return hash.digest('hex').slice(0, 16);
}

async function writeServiceWorker(clientDir: string): Promise<number> {
  const work = mkdtempSync(join(tmpdir(), 'yp-sw-'));
  try {
    const bundled = join(work, 'sw.js');
    const bundle = (entry: string, outfile: string) => build({
      entryPoints: [join(root, entry)], outfile, bundle: true, format: 'iife', minify: true,
      target: 'es2022', define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'warning',
    });
    await bundle('src/service-worker/sw.ts', bundled);
    // The offline page's script stands alone: offline, only what was precached can run.
    await bundle('src/client/offline-page.ts', join(clientDir, 'offline.js'));
    const assets = globSync('_astro/**/*.{js,css}', { cwd: clientDir });
    const { count, warnings } = await injectManifest({
      swSrc: bundled,
      swDest: join(clientDir, 'sw.js'),
      globDirectory: clientDir,
      globPatterns: ['icons/*.png', 'favicon.svg', 'manifest.webmanifest', 'offline.js'],
      // The offline page in each language (issue 42): a page under /ms/ or /zh/ falls back to its own.
      additionalPrecacheEntries: LOCALES.map((locale) => ({ url: localizePath('/offline', locale), revision: buildRevision(clientDir, assets) })),
    });
    if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
    return count;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export default function serviceWorker(): AstroIntegration {
  return {
    name: 'yp:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        await writeIcons(clientDir);
        writeWebManifest(clientDir);
        const count = await writeServiceWorker(clientDir);
        logger.info(`service worker written, precaching ${count} entries; manifest and icons written`);
      },
    },
  };
}
