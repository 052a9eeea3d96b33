/**
 * An Astro integration: after a build, writes a brotli (.br) and a gzip (.gz) copy beside every
 * compressible static file, so the server sends them without compressing per request (ARCHITECTURE.md,
 * performance budgets). Best compression: it runs once per build, not per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

/** Types worth compressing; images and fonts are compressed already, as are basemap archives (.pmtiles, served by range as stored). */
const COMPRESSIBLE_FILE = /\.(js|mjs|css|svg|html|json|txt|xml|webmanifest)$/;
/**
 * Smaller files gain less than the headers cost. Measured on the build: script chunks of 512 bytes to
 * 1 KB (toasts, the report button, React's JSX runtime) shrink by 35–50 %.
 */
const MIN_BYTES = 512;
/** A compressed copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns how many files it compressed. */
function precompressDirectory(dir: string): number {
  let count = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE_FILE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const gz = gzipSync(raw, { level: 9 });
    if (gz.length > raw.length * (1 - MIN_SAVING)) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
    writeFileSync(`${path}.gz`, gz);
    count++;
  }
  return count;
}

export default function precompress(): AstroIntegration {
  return {
    name: 'yp:precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        // `dir` is the client output folder for server builds.
        const count = precompressDirectory(fileURLToPath(dir));
        logger.info(`precompressed ${count} static files (br, gz)`);
      },
    },
  };
}
