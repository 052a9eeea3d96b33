/**
 * Public pages never depend on who is signed in, so a CDN may cache them: browsers revalidate,
 * shared caches keep a page a minute and may serve it stale for ten while they refresh it.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** Reference data changes rarely; browsers and CDNs may keep it an hour (spec §7: states are cached). */
export const REFERENCE_CACHE = 'public, max-age=3600';

/** Pages that take their own form's POST (they work without JavaScript). */
const FORM_PAGES = new Set(['/pages/contact-us']);

/**
 * The methods a path answers, or null for the API (/api answers for its own routes). Pages and
 * files answer GET and HEAD only, and POST where a page has a form.
 */
export function allowedMethods(pathname: string): string[] | null {
  if (pathname === '/api' || pathname.startsWith('/api/')) return null;
  return FORM_PAGES.has(pathname) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
}
