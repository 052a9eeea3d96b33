import type { APIRoute } from 'astro';
import { loadConfig } from '../../server/config.ts';
import { database } from '../../server/db/default.ts';
import { sitemapLines, streamLines } from '../../server/seo/sitemap.ts';

export const GET: APIRoute = ({ params }) => {
  const name = /^([a-z0-9-]+)\.xml$/.exec(params.file ?? '')?.[1];
  const lines = name ? sitemapLines(database(), name, loadConfig().siteUrl) : undefined;
  if (!lines) return new Response('Not Found', { status: 404 });
  return new Response(streamLines(lines), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
