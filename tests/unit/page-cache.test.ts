import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, encodingClass, pageCacheKey } from '../../src/server/page-cache.ts';

const BASE = 'http://localhost:4321';

function page(body: string, headers: Record<string, string> = {}, status = 200) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=0, s-maxage=60', ...headers } });
}

/** A cache with a counting renderer over a settable catalogue version. */
function setup(maxBytes = 1024 * 1024) {
  const cache = createPageCache(maxBytes);
  let version = 1;
  let renders = 0;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET', render = (n: number) => page(`<html><body>page ${path} render ${n}</body></html>`)) =>
    cache.handle(new Request(BASE + path, { method, headers }), async () => version, async () => render(++renders));
  return { cache, get, bump: () => { version += 1; }, renders: () => renders };
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

  it('renders again once the catalogue version changes', async () => {
    const { get, bump, renders } = setup();
    await get('/');
    await get('/');
    bump();
    const after = (await get('/'))!;
    expect(after.headers.get('X-Cache')).toBe('MISS');
    expect(await after.text()).toContain('render 2');
    expect(renders()).toBe(2);
  });

  it('never keeps error pages, pages that set cookies, or anything under /api, /me and /media, nor other methods', async () => {
    const { get, renders } = setup();
    for (let index = 0; index < 2; index++) {
      await get('/missing', {}, 'GET', () => page('<h1>404</h1>', {}, 404));
      await get('/with-cookie', {}, 'GET', () => page('<p>x</p>', { 'Set-Cookie': 'a=b' }));
    }
    expect(renders()).toBe(4);
    expect(await get('/api/home')).toBeUndefined();
    expect(await get('/me/profile')).toBeUndefined();
    expect(await get('/media/seed/x.jpg')).toBeUndefined();
    expect(await get('/', {}, 'POST')).toBeUndefined();
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
