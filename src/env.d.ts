/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The one app context (src/server/app-context.ts), put here by the middleware for every request. */
    app: import('./server/app-types.ts').AppContext;
    /** The page's language, from its address (src/middleware.ts): English at the root, /ms/ and /zh/ before the path. */
    locale: import('./shared/locale.ts').Locale;
  }
}

/** The `json-merge-patch` package (RFC 7396) ships no types. */
declare module 'json-merge-patch' {
  const mergePatch: {
    apply(target: unknown, patch: unknown): unknown;
    generate(before: unknown, after: unknown): unknown;
    merge(patch1: unknown, patch2: unknown): unknown;
  };
  export default mergePatch;
}

declare module 'vt-pbf' {
  /** Encodes geojson-vt tiles, one per layer name, as a Mapbox Vector Tile. */
  export function fromGeojsonVt(layers: Record<string, { features: unknown[] }>, options?: { version?: number; extent?: number }): Uint8Array;
  const vtpbf: { fromGeojsonVt: typeof fromGeojsonVt };
  export default vtpbf;
}
