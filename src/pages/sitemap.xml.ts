import type { APIRoute } from 'astro';
import { loadConfig } from '../server/config.ts';
import { database } from '../server/db/default.ts';
import { sitemapIndex } from '../server/seo/sitemap.ts';

export const GET: APIRoute = () => new Response(sitemapIndex(database(), loadConfig().siteUrl), {
  headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
});
