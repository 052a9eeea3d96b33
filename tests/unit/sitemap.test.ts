import { describe, expect, it } from 'vitest';
import { sitemapFiles, sitemapIndex, sitemapLines, streamLines } from '../../src/server/seo/sitemap.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';

const copy = useTemplateCopy();
const BASE = 'https://yp.example';

function locs(lines: Iterable<string>): string[] {
  return [...lines].join('').match(/<loc>[^<]+<\/loc>/g)!.map((loc) => loc.slice(5, -6));
}

describe('sitemaps', () => {
  it('split posts and profiles into files of at most the given number of URLs, together listing each once', () => {
    const services = Number(copy.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'services'").get()!.n);
    const files = sitemapFiles(copy.db, 200);
    const serviceFiles = files.filter((name) => name.startsWith('posts-services-'));
    expect(serviceFiles).toHaveLength(Math.ceil(services / 200));
    const urls = serviceFiles.flatMap((name) => {
      const list = locs(sitemapLines(copy.db, name, BASE, 200)!);
      expect(list.length).toBeLessThanOrEqual(200);
      return list;
    });
    expect(urls).toHaveLength(services);
    expect(new Set(urls).size).toBe(services);
    expect(urls.every((loc) => /^https:\/\/yp\.example\/services\/[a-z0-9-]+$/.test(loc))).toBe(true);
  });

  it('index every file, and answer an unknown file with nothing', () => {
    const index = sitemapIndex(copy.db, BASE, 200);
    for (const name of sitemapFiles(copy.db, 200)) expect(index).toContain(`${BASE}/sitemaps/${name}.xml`);
    expect(sitemapLines(copy.db, 'posts-services-999', BASE, 200)).toBeUndefined();
  });

  it('list only indexable search pages: category paths and one place, never filters', () => {
    const urls = locs(sitemapLines(copy.db, 'categories', BASE)!);
    expect(urls).toContain(`${BASE}/services/l/home-services/plumbing`);
    expect(urls).toContain(`${BASE}/jobs/l?where=Selangor`);
    expect(urls.some((loc) => /[?&](what|sort|price|job_type)=/.test(loc))).toBe(false);
    const pages = locs(sitemapLines(copy.db, 'pages', BASE)!);
    expect(pages).toContain(`${BASE}/pages/about-us`);
  });

  it('stream the same bytes as the lines, with lastmod dates', async () => {
    const text = await new Response(streamLines(sitemapLines(copy.db, 'profiles-1', BASE)!, 7)).text();
    expect(text).toBe([...sitemapLines(copy.db, 'profiles-1', BASE)!].join(''));
    expect(text.startsWith('<?xml')).toBe(true);
    expect(text.trimEnd().endsWith('</urlset>')).toBe(true);
    expect(text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });
});
