import { splitLocale } from '../shared/locale.ts';

/**
 * Public pages never depend on who is signed in, so a CDN may cache them: browsers revalidate,
 * shared caches keep a page a minute and may serve it stale for ten while they refresh it.
 */
const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/**
 * Marks a response as a public page, with the tags of what it shows (decision 0017): the page cache drops it when a
 * change names one, and a CDN that purges by tag can be told the same names (the Cache-Tag header).
 */
export function publicPage(headers: Headers, tags: readonly string[] = []): void {
  headers.set('Cache-Control', PUBLIC_PAGE_CACHE);
  if (tags.length > 0) headers.set('Cache-Tag', [...new Set(tags)].join(','));
}

/** Reference data changes rarely; browsers and CDNs may keep it an hour (spec §7: states are cached). */
export const REFERENCE_CACHE = 'public, max-age=3600';

/** Search and autocomplete answers are the same for everybody and change with the catalogue: a minute, as pages. */
export const SEARCH_CACHE = 'public, max-age=60';

/** Pages that take their own form's POST (they work without JavaScript). */
const FORM_PAGES = new Set(['/pages/contact-us', '/appeal', '/saved-searches']);

/**
 * The methods a path answers, or null for the API (/api answers for its own routes). Pages and
 * files answer GET and HEAD only, and POST where a page has a form.
 */
export function allowedMethods(pathname: string): string[] | null {
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  return FORM_PAGES.has(pathname) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}

/** A body over its limit: the caller answers 413. */
export class BodyTooLarge extends Error {}

/**
 * A request body as text, refused as it streams past `maxBytes` (Content-Length first, then the bytes
 * counted), so an oversized body is never read whole.
 */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) throw new BodyTooLarge();
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    received += chunk.byteLength;
    if (received > maxBytes) {
      await request.body.cancel().catch(() => undefined);
      throw new BodyTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Paths whose answers are one person's, an operation's or not pages at all (the API, My area, the advertiser site, the
 * operator console, saved searches, media, the basemap, health checks): the page cache never keeps them, and their reads never go
 * to a replica.
 */
export const UNSHARED_PATHS = /^(?:\/(?:ms|zh))?\/(api|me|media|maps|advertiser|operator|saved-searches|healthz|readyz)(\/|$)/i;

/** Paths that are not pages (the API, files, the basemap, health checks): their spelling is their own. */
const NOT_PAGES = /^(?:\/(?:ms|zh))?\/(api|media|maps|healthz|readyz|_astro)(\/|$)/;

/**
 * One spelling per page (issue 63): the twin of a page's URL with or without its last slash, and where to send it (a
 * 301), else null. Pages are spelled without a last slash, but for the education home, which spec §2 links as
 * `/education/`; a language's home is `/ms/` and `/zh/` as it is today.
 */
export function slashTwin(pathname: string): string | null {
  if (NOT_PAGES.test(pathname)) return null;
  const { path } = splitLocale(pathname);
  if (path === '/') return null;
  const prefix = pathname.slice(0, pathname.length - path.length);
  const bare = path.replace(/\/+$/, '') || '/';
  const spelled = bare === '/education' ? '/education/' : bare;
  return spelled === path ? null : prefix + spelled;
}
