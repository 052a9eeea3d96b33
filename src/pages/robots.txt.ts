import type { APIRoute } from 'astro';
import { REFERENCE_CACHE } from '../server/http.ts';
import { NON_INDEXABLE_PARAMS } from '../shared/search-params.ts';
import { PREFIXED_LOCALES } from '../shared/locale.ts';

/**
 * Search pages are indexable only as /{type}/l[/main[/sub]] with one place (where) and a page
 * number; every other filter combination is for people, not crawlers (faceted navigation crawl trap).
 */
export const GET: APIRoute = ({ locals }) => {
  // Every rule again under each language's prefix (issue 42): /ms/me/, /zh/search… Rules that start with a wildcard
  // cover every prefix already.
  const paths = ['/api/', '/me/', '/advertiser', '/operator', '/saved-searches', '/search'];
  const lines = [
    'User-agent: *',
    ...paths.map((path) => `Disallow: ${path}`),
    ...PREFIXED_LOCALES.flatMap((locale) => paths.map((path) => `Disallow: /${locale}${path}`)),
    ...[...NON_INDEXABLE_PARAMS, 'view'].map((param) => `Disallow: /*?*${param}=`),
    'Disallow: /*?*where=Near',
    '',
    `Sitemap: ${locals.app.config.siteUrl}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REFERENCE_CACHE } });
};
