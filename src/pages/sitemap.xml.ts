import type { APIRoute } from 'astro';
import { REFERENCE_CACHE } from '../server/http.ts';
import { sitemapIndex } from '../server/seo/sitemap.ts';

export const GET: APIRoute = async ({ locals }) => new Response(await sitemapIndex(locals.app.repos, locals.app.config.siteUrl), {
  headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': REFERENCE_CACHE },
});
