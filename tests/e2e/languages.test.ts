/** Malay and Chinese beside English (issue 42), over HTTP against the built server. */
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseUrl + path, { headers: { 'Accept-Encoding': 'br', ...headers }, redirect: 'manual' });
  const html = await response.text();
  const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, hreflang, href]) => [hreflang!, new URL(href!).pathname + new URL(href!).search]);
  return {
    status: response.status,
    cache: response.headers.get('X-Cache'),
    html,
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    canonical: (() => {
      const href = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      return href ? new URL(href).pathname + new URL(href).search : undefined;
    })(),
    alternates: Object.fromEntries(alternates),
    noindex: html.includes('<meta name="robots" content="noindex'),
  };
}

describe('a page in three languages', () => {
  it('serves each public page at its English address and its /ms/ and /zh/ twins, each its own canonical, listing all three and x-default', async () => {
    for (const [path, lang] of [['/services/l?where=Selangor', 'en-MY'], ['/ms/services/l?where=Selangor', 'ms-MY'], ['/zh/services/l?where=Selangor', 'zh-Hans-MY']] as const) {
      const shown = await page(path);
      expect(shown.status, path).toBe(200);
      expect(shown.lang, path).toBe(lang);
      expect(shown.canonical, path).toBe(path);
      expect(shown.alternates, path).toEqual({
        en: '/services/l?where=Selangor', ms: '/ms/services/l?where=Selangor', 'zh-Hans': '/zh/services/l?where=Selangor', 'x-default': '/services/l?where=Selangor',
      });
    }
    const home = await page('/zh/');
    expect(home.canonical).toBe('/zh/');
    expect(home.alternates.en).toBe('/');
  });

  it('keeps each language apart in the page cache, keyed on the address as requested', async () => {
    // Cached in turn: an entry an earlier test's change left stale is served STALE while it renders again.
    for (const path of ['/jobs', '/ms/jobs', '/zh/jobs']) await expect.poll(async () => (await page(path)).cache, { message: path }).toBe('HIT');
    const [en, ms, zh] = await Promise.all(['/jobs', '/ms/jobs', '/zh/jobs'].map((path) => page(path)));
    expect([en!.cache, ms!.cache, zh!.cache]).toEqual(['HIT', 'HIT', 'HIT']);
    expect([en!.lang, ms!.lang, zh!.lang]).toEqual(['en-MY', 'ms-MY', 'zh-Hans-MY']);
  });

  it('answers an unknown page under /ms/ with the 404 page in Malay, and /fr or /MS/ with an ordinary 404', async () => {
    const malay = await page('/ms/no-such-page');
    expect(malay.status).toBe(404);
    expect(malay.lang).toBe('ms-MY');
    expect(malay.alternates).toEqual({});
    for (const path of ['/fr', '/fr/services', '/MS/jobs']) expect((await page(path)).status, path).toBe(404);
    expect((await page('/fr')).lang).toBe('en-MY');
    // '/fr/' is no language's home: one spelling per page (issue 63) sends it to '/fr' first.
    const slashed = await fetch(`${baseUrl}/fr/`, { redirect: 'manual' });
    expect([slashed.status, slashed.headers.get('Location')]).toEqual([301, '/fr']);
  });

  it('gives the advertiser site, the operator console and the API no twins', async () => {
    for (const path of ['/ms/advertiser', '/zh/operator', '/ms/api/countries', '/zh/robots.txt']) expect((await page(path)).status, path).toBe(404);
  });

  it('repeats every Disallow of robots.txt under /ms/ and /zh/', async () => {
    const lines = (await (await fetch(`${baseUrl}/robots.txt`)).text()).split('\n');
    const paths = lines.filter((line) => /^Disallow: \/[a-z]/.test(line) && !/^Disallow: \/(ms|zh)\//.test(line)).map((line) => line.slice('Disallow: '.length));
    expect(paths).toContain('/me/');
    for (const locale of ['ms', 'zh']) for (const path of paths) expect(lines, `${locale}${path}`).toContain(`Disallow: /${locale}${path}`);
  });

  it('lists each language’s sitemaps in the index, and their pages open in that language', async () => {
    const index = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(files).toEqual(expect.arrayContaining(['/sitemaps/pages-ms.xml', '/sitemaps/categories-zh.xml', '/sitemaps/posts-services-1-zh.xml']));
    const chinese = await (await fetch(`${baseUrl}/sitemaps/posts-services-1-zh.xml`)).text();
    const first = new URL(/<loc>([^<]+)<\/loc>/.exec(chinese)![1]!).pathname;
    expect(first).toMatch(/^\/zh\/services\//);
    const shown = await page(first);
    expect(shown.status).toBe(200);
    expect(shown.lang).toBe('zh-Hans-MY');
    expect(shown.canonical).toBe(first);
  });

  it('names the breadcrumbs of a post’s structured data in the page’s language, with that language’s URLs', async () => {
    const english = (await page('/services/l')).html;
    const post = /<h3 class="card-title"[^>]*><a href="(\/services\/[^"]+)"/.exec(english)![1]!;
    const chinese = await page(`/zh${post}`);
    const graph = [...chinese.html.matchAll(/<script type="application\/ld\+json">([^<]+)<\/script>/g)].flatMap(([, json]) => {
      const parsed = JSON.parse(json!) as { '@graph'?: unknown[] } | unknown[];
      return Array.isArray(parsed) ? parsed : parsed['@graph'] ?? [parsed];
    }) as { '@type': string; itemListElement?: { name: string; item: string }[] }[];
    const crumbs = graph.find((node) => node['@type'] === 'BreadcrumbList')!.itemListElement!;
    expect(crumbs.slice(0, 2).map((crumb) => crumb.name)).toEqual(['马来西亚', '服务']);
    expect(crumbs.every((crumb) => new URL(crumb.item).pathname.startsWith('/zh/'))).toBe(true);
  });

  it('never follows Accept-Language or a cookie to another language', async () => {
    const shown = await page('/jobs', { 'Accept-Language': 'zh-CN,zh;q=0.9', Cookie: 'PARAGLIDE_LOCALE=ms' });
    expect(shown.status).toBe(200);
    expect(shown.lang).toBe('en-MY');
  });
});

describe('places in three languages', () => {
  it('names states and towns in the page’s language (Penang, Pulau Pinang, 槟城), while links keep the English where', async () => {
    const english = await page('/services/l?where=Penang');
    expect(english.html).toMatch(/<h1[^>]*>[^<]*In Penang/);
    const malay = await page('/ms/services/l?where=Penang');
    expect(malay.html).toMatch(/<h1[^>]*>[^<]*Pulau Pinang/);
    const chinese = await page('/zh/services/l?where=Penang');
    expect(chinese.html).toMatch(/<h1[^>]*>[^<]*槟城/);
    // Cards name their town and state in Chinese; the state filter lists Chinese names and links by the English ones.
    expect(chinese.html).toMatch(/class="card-place">[^<]*槟城/);
    expect((await page('/zh/services/l')).html).toMatch(/href="\/zh\/services\/l\?where=Selangor"[^>]*>雪兰莪 \(/);
    expect(chinese.html).toContain('data-testid="pager-caption">第 1 - 12 条，共');
    // A detail page's breadcrumbs name its main category in Chinese, and cards on the home page theirs where they have one.
    const detail = /class="card-title"[^>]*><a href="([^"]+)"/.exec(chinese.html)![1]!;
    const breadcrumbs = /<nav aria-label="[^"]+" class="text-sm text-gray-700">(.*?)<\/nav>/.exec((await page(detail)).html)![1]!;
    expect(breadcrumbs).toMatch(/[\u4e00-\u9fff]+ › /);
    expect((await page('/zh/')).html).toMatch(/class="card-category">[^<]*[\u4e00-\u9fff]/);
    // A town without a Chinese name keeps its own.
    expect((await page('/zh/services/l?where=Simpang%20Ampat%2C%20Penang')).html).toMatch(/<h1[^>]*>[^<]*Simpang Ampat, 槟城/);
  });
});
