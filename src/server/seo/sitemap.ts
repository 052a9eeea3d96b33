/**
 * Sitemaps of the indexable pages only (README, "Search pages and crawlers"): an index at
 * /sitemap.xml pointing at files of at most 50,000 URLs, streamed so 500,000 listings never sit
 * in memory at once.
 */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { postUrl, profileUrl, searchUrl } from '../../shared/urls.ts';
import type { Db } from '../db/connection.ts';
import {
  countPosts, countProfiles, findCategoryPages, findCmsPageNames, iteratePostUrls, iterateProfileUrls,
} from '../db/repositories/sitemap.ts';
import { findStates } from '../db/repositories/content.ts';

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
export function sitemapFiles(db: Db, urlsPerFile = URLS_PER_SITEMAP): string[] {
  const chunks = (count: number) => Math.max(1, Math.ceil(count / urlsPerFile));
  return [
    'pages',
    'categories',
    ...LISTING_TYPES.flatMap((type) => Array.from({ length: chunks(countPosts(db, type)) }, (_, index) => `posts-${type}-${index + 1}`)),
    ...Array.from({ length: chunks(countProfiles(db)) }, (_, index) => `profiles-${index + 1}`),
  ];
}

export function sitemapIndex(db: Db, base: string, urlsPerFile = URLS_PER_SITEMAP): string {
  const entries = sitemapFiles(db, urlsPerFile).map((name) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${name}.xml`)}</loc></sitemap>\n`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

function* rows(iterator: Iterator<{ slug: string; updated_at: string }>, path: (slug: string) => string, base: string) {
  for (let next = iterator.next(); !next.done; next = iterator.next()) yield url(base, path(next.value.slug), next.value.updated_at);
}

function* staticUrls(db: Db, base: string) {
  for (const path of ['/', '/services', '/jobs', '/hireme', '/buysell', '/education', '/advertise-on-yp', '/pages/contact-us']) yield url(base, path);
  for (const type of LISTING_TYPES) yield url(base, `/specializations/${type}`);
  for (const page of findCmsPageNames(db)) yield url(base, `/pages/${page.page}`, page.updated_at);
}

function* categoryUrls(db: Db, base: string) {
  const states = findStates(db).map((state) => state.name);
  for (const type of LISTING_TYPES) {
    yield url(base, searchUrl(type));
    for (const state of states) yield url(base, `${searchUrl(type)}?where=${encodeURIComponent(state)}`);
  }
  for (const page of findCategoryPages(db)) {
    yield url(base, page.parent_slug ? searchUrl(page.type, page.parent_slug, page.slug) : searchUrl(page.type, page.slug));
  }
}

/** The lines of one sitemap file, or undefined when there is no such file. */
export function sitemapLines(db: Db, name: string, base: string, urlsPerFile = URLS_PER_SITEMAP): Iterable<string> | undefined {
  if (!sitemapFiles(db, urlsPerFile).includes(name)) return undefined;
  const body = (): Iterable<string> => {
    if (name === 'pages') return staticUrls(db, base);
    if (name === 'categories') return categoryUrls(db, base);
    const [kind, type, chunk] = name.split('-') as [string, string, string | undefined];
    if (kind === 'profiles') return rows(iterateProfileUrls(db, urlsPerFile, (Number(type) - 1) * urlsPerFile), profileUrl, base);
    const listingType = type as ListingType;
    return rows(iteratePostUrls(db, listingType, urlsPerFile, (Number(chunk) - 1) * urlsPerFile), (slug) => postUrl(listingType, slug), base);
  };
  return (function* () {
    yield HEAD + URLSET;
    yield* body();
    yield '</urlset>\n';
  })();
}

/** Streams lines in batches so a 50,000-URL file goes out without being built whole. */
export function streamLines(lines: Iterable<string>, batch = 500): ReadableStream<Uint8Array> {
  const iterator = lines[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      let text = '';
      for (let index = 0; index < batch; index++) {
        const next = iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
  });
}
