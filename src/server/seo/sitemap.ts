/**
 * Sitemaps of the indexable pages only (README, "Search pages and crawlers"): an index at
 * /sitemap.xml pointing at files of at most 50,000 URLs, streamed so 500,000 listings never sit
 * in memory at once.
 */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { postUrl, profileUrl, searchUrl } from '../../shared/urls.ts';
import type { Repositories } from '../db/repositories.ts';

/** The sitemap protocol's limit per file. */
export const URLS_PER_SITEMAP = 50_000;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function url(base: string, path: string, lastmod?: string | null): string {
  return `<url><loc>${escapeXml(base + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>\n`;
}

/** Names of the sitemap files: posts-{type}-{n}, profiles-{n}, categories, pages. */
export async function sitemapFiles(repos: Repositories, urlsPerFile = URLS_PER_SITEMAP): Promise<string[]> {
  const chunks = (count: number) => Math.max(1, Math.ceil(count / urlsPerFile));
  const counts = await Promise.all(LISTING_TYPES.map((type) => repos.sitemap.countPosts(type)));
  return [
    'pages',
    'categories',
    ...LISTING_TYPES.flatMap((type, index) => Array.from({ length: chunks(counts[index]!) }, (_, chunk) => `posts-${type}-${chunk + 1}`)),
    ...Array.from({ length: chunks(await repos.sitemap.countProfiles()) }, (_, index) => `profiles-${index + 1}`),
  ];
}

export async function sitemapIndex(repos: Repositories, base: string, urlsPerFile = URLS_PER_SITEMAP): Promise<string> {
  const entries = (await sitemapFiles(repos, urlsPerFile)).map((name) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${name}.xml`)}</loc></sitemap>\n`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

async function* rows(batches: AsyncIterable<{ slug: string; updated_at: string }[]>, path: (slug: string) => string, base: string) {
  for await (const batch of batches) yield batch.map((row) => url(base, path(row.slug), row.updated_at)).join('');
}

async function* staticUrls(repos: Repositories, base: string) {
  for (const path of ['/', '/services', '/jobs', '/hireme', '/buysell', '/education', '/advertise-on-yp', '/pages/contact-us']) yield url(base, path);
  for (const type of LISTING_TYPES) yield url(base, `/specializations/${type}`);
  for (const page of await repos.sitemap.findCmsPageNames()) yield url(base, `/pages/${page.page}`, page.updated_at);
}

async function* categoryUrls(repos: Repositories, base: string) {
  const states = (await repos.catalog.findStates()).map((state) => state.name);
  for (const type of LISTING_TYPES) {
    yield url(base, searchUrl(type));
    for (const state of states) yield url(base, `${searchUrl(type)}?where=${encodeURIComponent(state)}`);
  }
  for (const page of await repos.sitemap.findCategoryPages()) {
    yield url(base, page.parent_slug ? searchUrl(page.type, page.parent_slug, page.slug) : searchUrl(page.type, page.slug));
  }
}

/** The text chunks of one sitemap file, or undefined when there is no such file. */
export async function sitemapLines(repos: Repositories, name: string, base: string, urlsPerFile = URLS_PER_SITEMAP): Promise<AsyncIterable<string> | undefined> {
  if (!(await sitemapFiles(repos, urlsPerFile)).includes(name)) return undefined;
  const body = (): AsyncIterable<string> => {
    if (name === 'pages') return staticUrls(repos, base);
    if (name === 'categories') return categoryUrls(repos, base);
    const [kind, type, chunk] = name.split('-') as [string, string, string | undefined];
    if (kind === 'profiles') return rows(repos.sitemap.profileUrlBatches(urlsPerFile, (Number(type) - 1) * urlsPerFile), profileUrl, base);
    const listingType = type as ListingType;
    return rows(repos.sitemap.postUrlBatches(listingType, urlsPerFile, (Number(chunk) - 1) * urlsPerFile), (slug) => postUrl(listingType, slug), base);
  };
  return (async function* () {
    yield HEAD + URLSET;
    yield* body();
    yield '</urlset>\n';
  })();
}

/** Streams text chunks as they come, so a 50,000-URL file goes out without being built whole. */
export function streamLines(lines: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
