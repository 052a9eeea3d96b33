import type { APIRoute } from 'astro';
import { REFERENCE_CACHE } from '../../server/http.ts';
import { sitemapLines, streamLines } from '../../server/seo/sitemap.ts';

export const GET: APIRoute = async ({ params, locals }) => {
  const name = /^([a-z0-9-]+)\.xml$/.exec(params.file ?? '')?.[1];
  const lines = name ? await sitemapLines(locals.app.repos, name, locals.app.config.siteUrl) : undefined;
  if (!lines) return new Response('Not Found', { status: 404 });
  return new Response(streamLines(lines), {
    // Its tag names it for a CDN that purges by tag (decision 0017): `sitemap:posts-services` for posts-services-2 and posts-services-2-ms.
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': REFERENCE_CACHE, 'Cache-Tag': `sitemap:${name!.replace(/(-(ms|zh))?$/, '').replace(/-\d+$/, '')}` },
  });
};
