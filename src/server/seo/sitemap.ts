/**
 * Sitemaps of the indexable pages only (README, "Search pages and crawlers"): an index at
 * /sitemap.xml pointing at files of at most 50,000 URLs, streamed so 500,000 listings never sit
 * in memory at once. Each page has a file per language (issue 42: 'pages', 'pages-ms', 'pages-zh'), and each of its
 * URLs lists all three and x-default as `xhtml:link` alternates.
 */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import { BASE_LOCALE, HREFLANG, LOCALES, localizePath, PREFIXED_LOCALES, type Locale } from '../../shared/locale.ts';
import { canonicalState, searchPath as searchPagePath } from '../../shared/search-params.ts';
import type { Repositories } from '../db/repositories.ts';

/** The paths of spec §2, without a language: a sitemap names each language's page itself. */
const postPath = (type: ListingType, slug: string) => `/${type}/${slug}`;
const profilePath = (slug: string) => `/${slug}`;
/** A search page's path as its canonical spells it (shared/search-params.ts): `?where=Kuala+Lumpur`, one URL per page. */
const searchPath = (cat: ListingType, main: string | null = null, sub: string | null = null, params: { where?: string } = {}) =>
  searchPagePath(canonicalState({ cat, main, sub, params, view: 'grid' }));

/** The sitemap protocol's limit per file. */
const URLS_PER_SITEMAP = 50_000;
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The alternates of a page: each language's URL and x-default, the English one (Google reads only pairs that link back). */
function alternates(base: string, path: string): string {
  return [...LOCALES.map((locale) => [HREFLANG[locale], localizePath(path, locale)] as const), ['x-default', localizePath(path, BASE_LOCALE)] as const]
    .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(base + href)}"/>`).join('');
}

function url(base: string, path: string, locale: Locale, lastmod?: string | null): string {
  return `<url><loc>${escapeXml(base + localizePath(path, locale))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}${alternates(base, path)}</url>\n`;
}

/** A file's name in a language: English keeps the name it always had, 'pages'; the others add theirs, 'pages-ms'. */
const named = (name: string, locale: Locale) => (locale === BASE_LOCALE ? name : `${name}-${locale}`);

/** Names of the sitemap files: pages, categories, posts-{type}-{n}, profiles-{n}, each also with -ms and -zh. */
export async function sitemapFiles(repos: Repositories, urlsPerFile = URLS_PER_SITEMAP): Promise<string[]> {
  const chunks = (count: number) => Math.max(1, Math.ceil(count / urlsPerFile));
  const counts = await Promise.all(LISTING_TYPES.map((type) => repos.sitemap.countPosts(type)));
  const names = [
    'pages',
    'categories',
    ...LISTING_TYPES.flatMap((type, index) => Array.from({ length: chunks(counts[index]!) }, (_, chunk) => `posts-${type}-${chunk + 1}`)),
    ...Array.from({ length: chunks(await repos.sitemap.countProfiles()) }, (_, index) => `profiles-${index + 1}`),
  ];
  return LOCALES.flatMap((locale) => names.map((name) => named(name, locale)));
}

/** A file's name without its language, and the language: 'posts-jobs-2-zh' → 'posts-jobs-2', zh. */
function fileLocale(name: string): { name: string; locale: Locale } {
  const locale = PREFIXED_LOCALES.find((each) => name.endsWith(`-${each}`));
  return locale ? { name: name.slice(0, -locale.length - 1), locale } : { name, locale: BASE_LOCALE };
}

export async function sitemapIndex(repos: Repositories, base: string, urlsPerFile = URLS_PER_SITEMAP): Promise<string> {
  const entries = (await sitemapFiles(repos, urlsPerFile)).map((name) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${name}.xml`)}</loc></sitemap>\n`);
  return `${HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

async function* rows(batches: AsyncIterable<{ slug: string; updated_at: string }[]>, path: (slug: string) => string, base: string, locale: Locale) {
  for await (const batch of batches) yield batch.map((row) => url(base, path(row.slug), locale, row.updated_at)).join('');
}

async function* staticUrls(repos: Repositories, base: string, locale: Locale) {
  for (const path of ['/', '/services', '/jobs', '/hireme', '/buysell', '/education/', '/advertise-on-yp', '/pages/contact-us', '/pages/badges']) yield url(base, path, locale);
  for (const type of LISTING_TYPES) yield url(base, `/specializations/${type}`, locale);
  for (const page of await repos.sitemap.findCmsPageNames()) yield url(base, `/pages/${page.page}`, locale, page.updated_at);
}

async function* categoryUrls(repos: Repositories, base: string, locale: Locale) {
  const states = (await repos.catalog.findStates()).map((state) => state.name);
  for (const type of LISTING_TYPES) {
    yield url(base, searchPath(type), locale);
    for (const state of states) yield url(base, searchPath(type, null, null, { where: state }), locale);
  }
  for (const page of await repos.sitemap.findCategoryPages()) {
    yield url(base, page.parent_slug ? searchPath(page.type, page.parent_slug, page.slug) : searchPath(page.type, page.slug), locale);
  }
}

/** The text chunks of one sitemap file, or undefined when there is no such file. */
export async function sitemapLines(repos: Repositories, file: string, base: string, urlsPerFile = URLS_PER_SITEMAP): Promise<AsyncIterable<string> | undefined> {
  if (!(await sitemapFiles(repos, urlsPerFile)).includes(file)) return undefined;
  const { name, locale } = fileLocale(file);
  const body = (): AsyncIterable<string> => {
    if (name === 'pages') return staticUrls(repos, base, locale);
    if (name === 'categories') return categoryUrls(repos, base, locale);
    const [kind, type, chunk] = name.split('-') as [string, string, string | undefined];
    if (kind === 'profiles') return rows(repos.sitemap.profileUrlBatches(urlsPerFile, (Number(type) - 1) * urlsPerFile), profilePath, base, locale);
    const listingType = type as ListingType;
    return rows(repos.sitemap.postUrlBatches(listingType, urlsPerFile, (Number(chunk) - 1) * urlsPerFile), (slug) => postPath(listingType, slug), base, locale);
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
