import type { APIRoute } from 'astro';
import { REFERENCE_CACHE } from '../server/http.ts';
import { NON_INDEXABLE_PARAMS } from '../shared/search-params.ts';

/**
 * Search pages are indexable only as /{type}/l[/main[/sub]] with one place (where) and a page
 * number; every other filter combination is for people, not crawlers (faceted navigation crawl trap).
 */
export const GET: APIRoute = ({ locals }) => {
  const lines = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /me/',
    'Disallow: /advertiser',
    'Disallow: /operator',
    'Disallow: /saved-searches',
    'Disallow: /search',
    ...[...NON_INDEXABLE_PARAMS, 'view'].map((param) => `Disallow: /*?*${param}=`),
    'Disallow: /*?*where=Near',
    '',
    `Sitemap: ${locals.app.config.siteUrl}/sitemap.xml`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REFERENCE_CACHE } });
};
