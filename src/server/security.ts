/**
 * Security headers of every response (pages, API, media, assets), set once by the server in front of
 * everything (serve.ts), and the page Content-Security-Policy sources that depend on configuration.
 * Astro writes the rest of the page policy (hashes of its own scripts and styles) as a <meta> element.
 */
import type { Config } from './config.ts';

/** Sources of AdSense, allowed only when an ad client is configured. */
const AD_NETWORK = {
  script: ['https://pagead2.googlesyndication.com', 'https://partner.googleadservices.com', 'https://tpc.googlesyndication.com'],
  frame: ['https://googleads.g.doubleclick.net', 'https://tpc.googlesyndication.com', 'https://www.google.com'],
  img: ['https://pagead2.googlesyndication.com', 'https://googleads.g.doubleclick.net'],
  connect: ['https://pagead2.googlesyndication.com'],
};

/**
 * The Content-Security-Policy directives every response holds: Astro puts them into each page's
 * policy (astro.config.mjs), and every other response gets them as its whole policy.
 */
export const BASE_POLICY = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"] as const;

/** The headers every response carries (a page's own Content-Security-Policy replaces this one). */
export function securityHeaders(config: Pick<Config, 'siteUrl'>): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Near Me reads the position on our own pages only; nothing here uses a camera, microphone or payments.
    'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Content-Security-Policy': BASE_POLICY.join('; '),
    ...(config.siteUrl.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** For files served back to browsers (media, documents): nothing in them may run, even if a browser sniffed HTML. */
export const INERT_CONTENT_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

function originOf(url: string): string | null {
  return /^https?:\/\//.test(url) ? new URL(url).origin : null;
}

/**
 * The page policy's directives that depend on configuration: the media origin, the basemap's origins when production
 * serves its tiles, glyphs or sprite from elsewhere (issue 43: MapLibre fetches all three, so `connect-src` alone) and,
 * when set, the ad network.
 */
export function pagePolicyDirectives(config: Pick<Config, 'mediaBaseUrl' | 'adClient' | 'map'>) {
  const media = originOf(config.mediaBaseUrl);
  const basemap = [config.map.tilesUrl, config.map.glyphsUrl, config.map.spriteUrl].map((url) => url && originOf(url));
  const ads = config.adClient !== null;
  const sources = (list: (string | null | false)[]) => list.filter(Boolean).join(' ');
  return {
    directives: [
      `img-src ${sources(["'self'", 'data:', media, ...(ads ? AD_NETWORK.img : [])])}`,
      `media-src ${sources(["'self'", media])}`,
      `connect-src ${sources(["'self'", ...new Set(basemap), ...(ads ? AD_NETWORK.connect : [])])}`,
      ...(ads ? [`frame-src ${AD_NETWORK.frame.join(' ')}`] : []),
    ],
    scriptResources: ads ? ["'self'", ...AD_NETWORK.script] : [],
  };
}
