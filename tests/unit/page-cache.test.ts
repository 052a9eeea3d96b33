import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CacheInvalidations } from '../../src/server/cache/invalidations.ts';
import { TestClock } from '../../src/server/clock.ts';
import { createPageCache, encodingClass, pageCacheKey } from '../../src/server/page-cache.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/** The invalidation log is the database's: changes are written to it as other processes' writes would be. */
const copy = useTestDatabase();

const BASE = 'http://localhost:4321';

function page(body: string, headers: Record<string, string> = {}, status = 200) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=60', ...headers } });
}

/** A cache with a counting renderer whose pages name tags (`post:1` by default), over the database's invalidation log. */
function setup(maxBytes = 1024 * 1024) {
  const invalidations = new CacheInvalidations(copy.repos, new TestClock(), { pollMs: 0 });
  const cache = createPageCache(maxBytes, invalidations);
  let renders = 0;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET', render: (n: number) => Response | Promise<Response> = (n: number) => page(`<html><body>page ${path} render ${n}</body></html>`, { 'Cache-Tag': 'post:1,list:services' })) =>
    cache.handle(new Request(BASE + path, { method, headers }), async () => render(++renders));
  return { cache, invalidations, get, change: (...tags: string[]) => copy.repos.cache.invalidate(tags), renders: () => renders };
}

describe('page cache keys', () => {
  it('keep the path and the parameters pages read, in one order, and drop the rest', () => {
    expect(pageCacheKey(new URL(`${BASE}/services/l?page=2&utm_source=x&what=aircon`))).toBe('/services/l?what=aircon&page=2');
    expect(pageCacheKey(new URL(`${BASE}/services/l?what=aircon&page=2`))).toBe('/services/l?what=aircon&page=2');
    expect(pageCacheKey(new URL(`${BASE}/jobs/a-post?reviews=3&fbclid=1`))).toBe('/jobs/a-post?reviews=3');
    expect(pageCacheKey(new URL(`${BASE}/?gclid=1`))).toBe('/');
  });

  it('class clients by the encodings they accept, honouring q=0', () => {
    expect(encodingClass('gzip, deflate, br')).toBe('br');
    expect(encodingClass('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(encodingClass(null)).toBe('identity');
    expect(encodingClass('identity')).toBe('identity');
  });
});

describe('the page cache', () => {
  it('renders a page once and serves repeats from stored brotli or gzip bytes, whatever stray parameters they carry', async () => {
    const { get, renders } = setup();
    const first = (await get('/services/l?page=2', { 'Accept-Encoding': 'br' }))!;
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const html = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString();
    const again = (await get('/services/l?utm_source=mail&page=2', { 'Accept-Encoding': 'gzip' }))!;
    expect(again.headers.get('X-Cache')).toBe('HIT');
    expect(again.headers.get('Content-Encoding')).toBe('gzip');
    expect(again.headers.get('Vary')).toBe('Accept-Encoding');
    expect(again.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=60');
    expect(gunzipSync(Buffer.from(await again.arrayBuffer())).toString()).toBe(html);
    const plain = (await get('/services/l?page=2'))!;
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
    expect(renders()).toBe(1);
  });

  it('answers a matching If-None-Match with 304 and no body, and HEAD with headers only', async () => {
    const { get } = setup();
    const first = (await get('/pages/about-us', { 'Accept-Encoding': 'br' }))!;
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = (await get('/pages/about-us', { 'If-None-Match': etag }))!;
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    const head = (await get('/pages/about-us', { 'Accept-Encoding': 'br' }, 'HEAD'))!;
    expect(head.status).toBe(200);
    expect(head.headers.get('Content-Length')).toBe(first.headers.get('Content-Length'));
    expect(await head.text()).toBe('');
  });

  it('skips the cache for a visitor just after their own write (yp_lsn, issue 41), at the front door and behind it', async () => {
    // The front door answers only while the log was read within its poll interval.
    const invalidations = new CacheInvalidations(copy.repos, new TestClock(), { pollMs: 60_000 });
    await invalidations.start();
    const cache = createPageCache(1024 * 1024, invalidations);
    let renders = 0;
    const get = (path: string, headers: Record<string, string>) => cache.handle(new Request(BASE + path, { headers }), async () => page(`render ${++renders}`));
    await get('/services/l', { 'Accept-Encoding': 'br' });
    expect(cache.hit({ method: 'GET', url: '/services/l', headers: { 'accept-encoding': 'br' } })?.headers['x-cache']).toBe('HIT');
    expect(cache.hit({ method: 'GET', url: '/services/l', headers: { 'accept-encoding': 'br', cookie: 'a=1; yp_lsn=0/16B3748' } })).toBeUndefined();
    expect(await get('/services/l', { 'Accept-Encoding': 'br', Cookie: 'yp_lsn=0%2F16B3748' })).toBeUndefined();
    // A malformed value is no position: the cached page is served.
    expect((await get('/services/l', { 'Accept-Encoding': 'br', Cookie: 'yp_lsn=x' }))!.headers.get('X-Cache')).toBe('HIT');
    expect(renders).toBe(1);
  });

  it('renders again once a change names one of its tags, and keeps it through changes that name none (decision 0017)', async () => {
    const { get, change, renders } = setup();
    await get('/');
    await get('/');
    expect(renders()).toBe(1);
    await change('post:2', 'list:jobs', 'category:services/plumbing');
    expect((await get('/'))!.headers.get('X-Cache')).toBe('HIT');
    await change('post:1');
    const after = (await get('/'))!;
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(await after.text()).toContain('render 2');
    expect(after.headers.get('Cache-Tag')).toBe('post:1,list:services');
    await change('*');
    expect((await get('/'))!.headers.get('X-Cache')).toBe('MISS');
    expect(renders()).toBe(3);
  });

  it('does not keep a page when a change to its tags was seen while it rendered', async () => {
    const { get, change, invalidations, renders } = setup();
    const racing = (await get('/racing', {}, 'GET', async (n) => {
      // Another request sees a change to this page's tags while it renders from what it read before.
      await change('post:1');
      await invalidations.catchUp();
      return page(`<p>render ${n}</p>`, { 'Cache-Tag': 'post:1' });
    }))!;
    expect(racing.headers.get('X-Cache')).toBe('MISS');
    expect((await get('/racing'))!.headers.get('X-Cache')).toBe('MISS');
    expect(renders()).toBe(2);
  });

  it('never keeps error pages other than 404, pages that set cookies, or anything under /api, /me and /media, nor other methods', async () => {
    const { get, renders } = setup();
    for (let index = 0; index < 2; index++) {
      await get('/broken', {}, 'GET', () => page('<h1>500</h1>', {}, 500));
      await get('/with-cookie', {}, 'GET', () => page('<p>x</p>', { 'Set-Cookie': 'a=b' }));
    }
    expect(renders()).toBe(4);
    expect(await get('/api/home')).toBeUndefined();
    expect(await get('/me/profile')).toBeUndefined();
    expect(await get('/media/seed/x.jpg')).toBeUndefined();
    expect(await get('/', {}, 'POST')).toBeUndefined();
  });

  it('keeps a 404 page as a 404 until a listing is published at its path, with a short shared cache', async () => {
    const { get, change, renders } = setup();
    const notFound = () => new Response('<h1>Not found</h1>', { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    expect((await get('/services/a-future-post', {}, 'GET', notFound))!.status).toBe(404);
    const again = (await get('/services/a-future-post', {}, 'GET', notFound))!;
    expect([again.status, again.headers.get('X-Cache'), again.headers.get('Cache-Control')]).toEqual([404, 'HIT', 'public, max-age=0, s-maxage=60']);
    expect(renders()).toBe(1);
    await change('path:/services/a-future-post');
    const published = (await get('/services/a-future-post'))!;
    expect([published.status, published.headers.get('X-Cache')]).toEqual([200, 'MISS']);
  });

  it('lets 404 pages take at most a tenth of its bytes, without pushing real pages out', async () => {
    const { cache, get } = setup(64 * 1024);
    const big = (n: number, status = 200) => page(`<html>${Array.from({ length: 60 }, (_, index) => `<p>${n}-${index}-${Math.sin(n * index)}</p>`).join('')}</html>`, {}, status);
    for (let index = 0; index < 5; index++) await get(`/real${index}`, {}, 'GET', (n) => big(n));
    for (let index = 0; index < 60; index++) await get(`/dead${index}`, {}, 'GET', (n) => big(n, 404));
    expect(cache.store.notFoundSize).toBeGreaterThan(0);
    expect(cache.store.notFoundSize).toBeLessThanOrEqual(64 * 1024 * 0.1);
    for (let index = 0; index < 5; index++) expect((await get(`/real${index}`, {}, 'GET', (n) => big(n)))!.headers.get('X-Cache')).toBe('HIT');
  });

  it('stays within its byte bound, dropping the least recently used pages first', async () => {
    const { cache, get } = setup(64 * 1024);
    const big = (n: number) => page(`<html>${Array.from({ length: 300 }, (_, index) => `<p>${n}-${index}-${Math.sin(n * index)}</p>`).join('')}</html>`);
    for (let index = 0; index < 40; index++) await get(`/p${index}`, {}, 'GET', big);
    expect(cache.store.size).toBeGreaterThan(0);
    expect(cache.store.size).toBeLessThanOrEqual(64 * 1024);
    expect((await get('/p39', {}, 'GET', big))!.headers.get('X-Cache')).toBe('HIT');
    expect((await get('/p0', {}, 'GET', big))!.headers.get('X-Cache')).toBe('MISS');
  });
});
