import { describe, expect, it } from 'vitest';
import { sitemapFiles, sitemapIndex, sitemapLines, streamLines } from '../../src/server/seo/sitemap.ts';
import { countLivePosts, hiddenPosts } from '../fixtures/catalogue.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
const BASE = 'https://yp.example';

async function text(lines: AsyncIterable<string> | undefined): Promise<string> {
  let all = '';
  for await (const chunk of lines!) all += chunk;
  return all;
}

async function locs(lines: AsyncIterable<string> | undefined): Promise<string[]> {
  return (await text(lines)).match(/<loc>[^<]+<\/loc>/g)!.map((loc) => loc.slice(5, -6));
}

describe('sitemaps', () => {
  it('split live posts and profiles into files of at most the given number of URLs, together listing each once', async () => {
    const services = await countLivePosts(copy.query, 'services');
    const files = await sitemapFiles(copy.app.repos, 200);
    const serviceFiles = files.filter((name) => /^posts-services-\d+$/.test(name));
    expect(serviceFiles).toHaveLength(Math.ceil(services / 200));
    const urls: string[] = [];
    for (const name of serviceFiles) {
      const list = await locs(await sitemapLines(copy.app.repos, name, BASE, 200));
      expect(list.length).toBeLessThanOrEqual(200);
      urls.push(...list);
    }
    expect(urls).toHaveLength(services);
    expect(new Set(urls).size).toBe(services);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((loc) => /^https:\/\/yp\.example\/services\/[a-z0-9-]+$/.test(loc))).toBe(true);
  });

  it('have a file per language, each URL in its language listing all three and x-default (issue 42)', async () => {
    const files = await sitemapFiles(copy.app.repos, 200);
    const english = files.filter((name) => !/-(ms|zh)$/.test(name));
    for (const locale of ['ms', 'zh']) expect(files.filter((name) => name.endsWith(`-${locale}`))).toEqual(english.map((name) => `${name}-${locale}`));
    expect(files).toEqual(expect.arrayContaining(['pages-ms', 'categories-zh', 'posts-jobs-1-zh', 'profiles-1-ms']));
    const malay = await text(await sitemapLines(copy.app.repos, 'categories-ms', BASE, 200));
    expect(malay).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = /<url><loc>https:\/\/yp\.example\/ms\/jobs\/l\?where=Selangor<\/loc>(.*?)<\/url>/.exec(malay)?.[1];
    expect(entry).toBe([
      '<xhtml:link rel="alternate" hreflang="en" href="https://yp.example/jobs/l?where=Selangor"/>',
      '<xhtml:link rel="alternate" hreflang="ms" href="https://yp.example/ms/jobs/l?where=Selangor"/>',
      '<xhtml:link rel="alternate" hreflang="zh-Hans" href="https://yp.example/zh/jobs/l?where=Selangor"/>',
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://yp.example/jobs/l?where=Selangor"/>',
    ].join(''));
    const chinese = await locs(await sitemapLines(copy.app.repos, 'posts-services-1-zh', BASE, 200));
    const inEnglish = await locs(await sitemapLines(copy.app.repos, 'posts-services-1', BASE, 200));
    expect(chinese).toEqual(inEnglish.map((loc) => loc.replace(BASE, `${BASE}/zh`)));
    expect(await locs(await sitemapLines(copy.app.repos, 'pages-zh', BASE))).toContain(`${BASE}/zh/`);
  });

  it('leave out expired posts', async () => {
    const [expired] = await hiddenPosts(copy.query, 1);
    expect(expired).toBeDefined();
    const files = (await sitemapFiles(copy.app.repos)).filter((name) => name.startsWith(`posts-${String(expired!.type)}-`) && !/-(ms|zh)$/.test(name));
    const urls = (await Promise.all(files.map(async (name) => locs(await sitemapLines(copy.app.repos, name, BASE))))).flat();
    expect(urls.length).toBeGreaterThan(0);
    expect(urls).not.toContain(`${BASE}/${String(expired!.type)}/${String(expired!.slug)}`);
  });

  it('index every file, and answer an unknown file with nothing', async () => {
    const index = await sitemapIndex(copy.app.repos, BASE, 200);
    for (const name of await sitemapFiles(copy.app.repos, 200)) expect(index).toContain(`${BASE}/sitemaps/${name}.xml`);
    expect(await sitemapLines(copy.app.repos, 'posts-services-999', BASE, 200)).toBeUndefined();
  });

  it('list only indexable search pages: category paths and one place, never filters', async () => {
    const urls = await locs(await sitemapLines(copy.app.repos, 'categories', BASE));
    expect(urls).toContain(`${BASE}/services/l/home-services/plumbing`);
    expect(urls).toContain(`${BASE}/jobs/l?where=Selangor`);
    // A state's page as its canonical spells it (issue 63): one URL, never a %20 twin.
    expect(urls).toContain(`${BASE}/services/l?where=Kuala+Lumpur`);
    expect(urls.filter((loc) => loc.includes('%20'))).toEqual([]);
    expect(urls.some((loc) => /[?&](what|sort|price|job_type)=/.test(loc))).toBe(false);
    const pages = await locs(await sitemapLines(copy.app.repos, 'pages', BASE));
    expect(pages).toContain(`${BASE}/pages/about-us`);
    expect(pages).toContain(`${BASE}/pages/badges`);
  });

  it('stream the same bytes as the lines, with lastmod dates', async () => {
    const streamed = await new Response(streamLines((await sitemapLines(copy.app.repos, 'profiles-1', BASE))!)).text();
    expect(streamed).toBe(await text(await sitemapLines(copy.app.repos, 'profiles-1', BASE)));
    expect(streamed.startsWith('<?xml')).toBe(true);
    expect(streamed.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(streamed).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});
