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
    const serviceFiles = files.filter((name) => name.startsWith('posts-services-'));
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

  it('leave out expired posts', async () => {
    const [expired] = await hiddenPosts(copy.query, 1);
    expect(expired).toBeDefined();
    const files = (await sitemapFiles(copy.app.repos)).filter((name) => name.startsWith(`posts-${String(expired!.type)}-`));
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
    expect(urls.some((loc) => /[?&](what|sort|price|job_type)=/.test(loc))).toBe(false);
    const pages = await locs(await sitemapLines(copy.app.repos, 'pages', BASE));
    expect(pages).toContain(`${BASE}/pages/about-us`);
  });

  it('stream the same bytes as the lines, with lastmod dates', async () => {
    const streamed = await new Response(streamLines((await sitemapLines(copy.app.repos, 'profiles-1', BASE))!)).text();
    expect(streamed).toBe(await text(await sitemapLines(copy.app.repos, 'profiles-1', BASE)));
    expect(streamed.startsWith('<?xml')).toBe(true);
    expect(streamed.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(streamed).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});
