import { readdirSync } from 'node:fs';
import { malaysiaTime } from '../../src/shared/malaysia-time.ts';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { plainTextOf, sanitizeRichText } from '../../src/server/catalog/html.ts';
import { weeklyHours } from '../../src/server/catalog/profiles.ts';
import { loadConfig } from '../../src/server/config.ts';
import { percentOff } from '../../src/shared/constants.ts';
import { formatPriceRange } from '../../src/shared/format.ts';
import { RESERVED_SLUGS, slugify } from '../../src/shared/slug.ts';
import { listingSlugBase } from '../../src/server/advertiser/listing-slug.ts';
import { requestedRange } from '../../src/server/media/range.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { categoryUrl, searchUrl } from '../../src/shared/urls.ts';

describe('prices', () => {
  it('shows Negotiable when no amount is given', () => {
    expect(formatPriceRange(null, null)).toBe('Negotiable');
  });
  it('shows a range with RM and thousands separators, or a single amount', () => {
    expect(formatPriceRange(1200, 2500)).toBe('RM 1,200 - RM 2,500');
    expect(formatPriceRange(80, null)).toBe('RM 80');
    expect(formatPriceRange(80, 80)).toBe('RM 80');
  });
  it('computes the percent-off label as 100 - price/op*100', () => {
    expect(percentOff(75, 100)).toBe(25);
    expect(percentOff(899, 1068)).toBe(16);
  });
});

describe('slugs and URLs', () => {
  it('makes lower-case hyphenated slugs', () => {
    expect(slugify('Roofing & Waterproofing')).toBe('roofing-and-waterproofing');
    expect(slugify("Men's Clothing")).toBe('men-s-clothing');
    expect(slugify('  Café  Ipoh ')).toBe('cafe-ipoh');
  });
  it('builds search URLs of spec §2', () => {
    expect(searchUrl('services')).toBe('/services/l');
    expect(searchUrl('jobs', 'engineering')).toBe('/jobs/l/engineering');
    expect(categoryUrl({ type: 'services', slug: 'plumbing', parent: { slug: 'home-services' } })).toBe('/services/l/home-services/plumbing');
    expect(categoryUrl({ type: 'buysell', slug: 'vehicles', parent: null })).toBe('/buysell/l/vehicles');
  });
});

describe('rich text from advertisers', () => {
  it('drops scripts, event handlers and javascript: links but keeps formatting', () => {
    const clean = sanitizeRichText('<p onclick="steal()">Hi <strong>there</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a>');
    expect(clean).not.toMatch(/script|onclick|javascript:/);
    expect(clean).toContain('<strong>there</strong>');
    expect(clean).toContain('href="https://example.com"');
  });
  it('gives descriptions its text with entities decoded once (no "&amp;amp;" in meta tags)', () => {
    const text = plainTextOf(sanitizeRichText('<p><strong>Ali &amp; Sons</strong> fix <em>pipes</em> &lt;fast&gt;</p>'));
    expect(text.replace(/\s+/g, ' ').trim()).toBe('Ali & Sons fix pipes <fast>');
  });
});

describe('opening hours', () => {
  it('lists every weekday from Monday with its periods; closed days have none', () => {
    const week = weeklyHours([{ day: 1, opens: '09:00', closes: '13:00' }, { day: 1, opens: '14:00', closes: '18:00' }, { day: 6, opens: '09:00', closes: '12:00' }]);
    expect(week.map((entry) => entry.day)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(week[0]!.time).toEqual(['09:00-13:00', '14:00-18:00']);
    expect(week[5]!.time).toEqual(['09:00-12:00']);
    expect(week[6]!.time).toEqual([]);
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', path: expect.stringMatching(/\/data\/yp\.db$/) });
    expect([config.port, config.host]).toEqual([4321, '0.0.0.0']);
    expect(config.mediaBaseUrl).toBe('/media');
  });
  it('names the database by DATABASE_URL, with DATABASE_PATH as a deprecated alias of sqlite:PATH', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:data/other.db' }).database).toEqual({ kind: 'sqlite', path: expect.stringMatching(/^\/.+\/data\/other\.db$/) });
    expect(loadConfig({ DATABASE_URL: 'sqlite:///srv/yp.db' }).database).toEqual({ kind: 'sqlite', path: '/srv/yp.db' });
    expect(loadConfig({ DATABASE_URL: 'file:/srv/yp.db' }).database).toEqual({ kind: 'sqlite', path: '/srv/yp.db' });
    expect(loadConfig({ DATABASE_URL: 'postgres://yp:secret@db:5432/yp' }).database).toEqual({ kind: 'postgres', url: 'postgres://yp:secret@db:5432/yp' });
    expect(loadConfig({ DATABASE_PATH: '/srv/old.db' }).database).toEqual({ kind: 'sqlite', path: '/srv/old.db' });
    expect(loadConfig({ DATABASE_PATH: '/srv/old.db', DATABASE_URL: 'sqlite:/srv/new.db' }).database).toEqual({ kind: 'sqlite', path: '/srv/new.db' });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(loadConfig({ PORT: '8080', HOST: '127.0.0.1' })).toMatchObject({ port: 8080, host: '127.0.0.1' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
  it('refuses a bad value', () => {
    expect(() => loadConfig({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/);
  });
});

describe('sanitising makes XSS payloads inert', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<object data="javascript:alert(1)"></object>',
  ];
  it.each(payloads)('%s', (payload) => {
    const clean = sanitizeRichText(payload);
    expect(clean).not.toMatch(/<script|<iframe|<object|<form|<svg|<img|on\w+=|javascript:|data:|style=/i);
  });
});

describe('shared link', () => {
  it('is used only when it is an http(s) URL, else the page address', async () => {
    const { shareableUrl } = await import('../../src/shared/share.ts');
    expect(shareableUrl('https://yp.example/a', 'https://page')).toBe('https://yp.example/a');
    expect(shareableUrl('javascript:alert(1)', 'https://page')).toBe('https://page');
    expect(shareableUrl('', 'https://page')).toBe('https://page');
  });
});

describe('slugs of new profiles and ads (issue 25)', () => {
  it('never take a first path segment the site uses', () => {
    const pages = readdirSync(join(projectRoot, 'src/pages')).map((name) => name.replace(/\.(astro|ts)$/, '')).filter((name) => !name.startsWith('[') && !name.includes('.') && name !== 'index');
    for (const segment of pages) expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
    expect(listingSlugBase('Advertiser')).toBe('advertiser-listing');
    expect(listingSlugBase('Me')).toBe('me-listing');
    // Chinese names in pinyin (issue 63); a name of no letters at all still has no slug of its own.
    expect(listingSlugBase('黄记茶餐厅')).toBe('huang-ji-cha-can-ting');
    expect(listingSlugBase('冷气保养服务')).toBe('leng-qi-bao-yang-fu-wu');
    expect(listingSlugBase('Ah Seng 茶餐厅 2')).toBe('ah-seng-cha-can-ting-2');
    expect(listingSlugBase('★ ☆')).toBeUndefined();
    expect(listingSlugBase('Kedai Kopi Ah Seng & Sons')).toBe('kedai-kopi-ah-seng-and-sons');
    expect(listingSlugBase('2024')).toBe('2024-listing');
  });
});

describe('byte ranges of media (videos are served as stored, seeked by range)', () => {
  it('reads one range of a file, from the end too, and knows one past the end', () => {
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-1,5-9', 1000)).toBeUndefined();
    expect(requestedRange('items=0-1', 1000)).toBeUndefined();
    expect(requestedRange(null, 1000)).toBeUndefined();
  });
});

describe('malaysiaTime', () => {
  it('reads an instant in Malaysia time (UTC+8), across midnight', () => {
    expect(malaysiaTime('2026-12-01T17:30:00.000Z')).toBe('2026-12-02 01:30');
    expect(malaysiaTime('2026-12-02T02:05:59.000Z')).toBe('2026-12-02 10:05');
  });
});
