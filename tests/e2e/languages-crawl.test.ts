/**
 * A crawler's view of the three languages (issue 42): 1,000 pages reached from /, /ms/ and /zh/, over HTTP against the
 * built server, checked for what search engines read: hreflang pairs, <html lang>, canonicals and links.
 */
import { describe, expect, inject, it } from 'vitest';
import { HREFLANG, HTML_LANG, splitLocale, type Locale } from '../../src/shared/locale.ts';
import { scaled } from '../helpers/time-factor.ts';

const baseUrl = inject('baseUrl');
const PAGES = 1_000;

interface Crawled {
  path: string;
  status: number;
  lang: string | undefined;
  canonical: string | undefined;
  noindex: boolean;
  alternates: Map<string, string>;
  links: { href: string; switcher: boolean; hreflang: string | undefined }[];
}

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
const pathOf = (href: string) => {
  const url = new URL(href.replaceAll('&amp;', '&'), baseUrl);
  return url.origin === new URL(baseUrl).origin ? url.pathname + url.search : undefined;
};
const pathOfSite = (href: string) => {
  const url = new URL(href.replaceAll('&amp;', '&'));
  return url.pathname + url.search;
};

async function crawl(path: string): Promise<Crawled> {
  const response = await fetch(baseUrl + path, { redirect: 'manual' });
  const html = response.headers.get('Content-Type')?.startsWith('text/html') ? await response.text() : '';
  const switcher = [...html.matchAll(/<nav[^>]*data-testid="language-switcher-[a-z]+"[\s\S]*?<\/nav>/g)].map((match) => match[0]).join('');
  const alternates = new Map([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, hreflang, href]) => [hreflang!, pathOfSite(href!)]));
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  const body = html.slice(html.indexOf('<body'));
  return {
    path,
    status: response.status,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    canonical: canonical ? pathOfSite(canonical) : undefined,
    noindex: html.includes('<meta name="robots" content="noindex'),
    alternates,
    links: [...body.matchAll(/<a\s[^>]*>/g)].map(([tag]) => ({ href: attribute(tag, 'href') ?? '', switcher: switcher.includes(tag), hreflang: attribute(tag, 'hreflang') }))
      .filter((link) => link.href !== '' && !link.href.startsWith('#')),
  };
}

describe('1,000 pages in three languages, as a crawler reads them', () => {
  it('are each in their language: html lang, canonical, alternates that link back, links that stay in the language', async () => {
    const seen = new Map<string, Crawled>();
    const queue = ['/', '/ms/', '/zh/'];
    // Breadth-first, taking turns between the languages, so each gets about a third of the pages.
    while (queue.length > 0 && seen.size < PAGES) {
      const batch = queue.splice(0, 8).filter((path) => !seen.has(path));
      for (const page of await Promise.all(batch.map(crawl))) {
        seen.set(page.path, page);
        if (page.status !== 200) continue;
        for (const link of page.links) {
          const path = pathOf(link.href);
          if (path && !seen.has(path) && !queue.includes(path) && !/^\/(api|media|_astro|fragments)\//.test(path) && !/\.\w+$/.test(path.split('?')[0]!)) queue.push(path);
        }
      }
    }
    const pages = [...seen.values()].filter((page) => page.status === 200 && page.lang !== undefined);
    expect(pages.length).toBeGreaterThan(PAGES * 0.8);
    const problems: string[] = [];
    for (const page of pages) {
      const { locale } = splitLocale(page.path.split('?')[0]!);
      if (page.lang !== HTML_LANG[locale]) problems.push(`${page.path}: html lang ${page.lang}`);
      if (page.canonical && splitLocale(page.canonical.split('?')[0]!).locale !== locale) problems.push(`${page.path}: canonical ${page.canonical} leaves ${locale}`);
      if (page.noindex && page.alternates.size > 0) problems.push(`${page.path}: noindex with alternates`);
      if (!page.noindex) {
        const own = page.alternates.get(HREFLANG[locale]);
        if (own !== page.canonical) problems.push(`${page.path}: lists ${own} for itself, canonical ${page.canonical}`);
        if (!page.alternates.has('x-default')) problems.push(`${page.path}: no x-default`);
        for (const other of ['en', 'ms', 'zh'] as Locale[]) {
          const twin = page.alternates.get(HREFLANG[other]);
          if (!twin) problems.push(`${page.path}: no ${other} alternate`);
          else if (seen.get(twin)?.status === 200 && seen.get(twin)!.alternates.get(HREFLANG[locale]) !== page.canonical) problems.push(`${page.path}: ${twin} does not link back`);
        }
      }
      for (const link of page.links) {
        const path = pathOf(link.href);
        if (link.switcher) continue;
        if (!path) {
          // Off the site: only the advertiser site, named as English.
          if (/^https?:/.test(link.href) && link.hreflang !== 'en' && /advertiser/.test(link.href)) problems.push(`${page.path}: advertiser link ${link.href} without hreflang="en"`);
          continue;
        }
        // The API, media and files are not pages: they have no language.
        if (/^\/(api|media|_astro)\//.test(path) || /\.\w+$/.test(path.split('?')[0]!)) continue;
        if (splitLocale(path.split('?')[0]!).locale !== locale) problems.push(`${page.path}: link ${path} leaves ${locale}`);
      }
    }
    expect([...new Set(problems)].slice(0, 40)).toEqual([]);
  }, scaled(240_000));
});
