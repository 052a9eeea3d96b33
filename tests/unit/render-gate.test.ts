import { describe, expect, it } from 'vitest';
import { CacheInvalidations } from '../../src/server/cache/invalidations.ts';
import { TestClock } from '../../src/server/clock.ts';
import { createPageCache, PAGE_CACHE_TTL_MS } from '../../src/server/page-cache.ts';
import { LoadMeter, RenderGate, RenderQueueFull } from '../../src/server/render-gate.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { until } from '../helpers/until.ts';

/**
 * Uncached renders are bounded per process (issue 38): a few at once, a line with a wait, then 503; a cached page never
 * waits behind them; one render serves every request for a page meanwhile; a page past its TTL is served while it is
 * rendered again; a page visitors had goes before first renders; a busy process renders one at a time with pauses.
 */
const copy = useTestDatabase();
const BASE = 'http://localhost:4321';

/** A render that waits until `release` is called, counting how many began. */
function gated() {
  const began: string[] = [];
  const releases: (() => void)[] = [];
  const render = (path: string) => async () => {
    began.push(path);
    await new Promise<void>((resolve) => releases.push(resolve));
    return new Response(`<html><body>${path}</body></html>`, { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'public, max-age=0, s-maxage=60' } });
  };
  const releaseAll = () => { for (const release of releases.splice(0)) release(); };
  return { began, render, releaseAll, releaseOne: () => releases.shift()?.() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Waits until `count` renders have begun (a page's cache lookup reads the database first: slow on a busy machine). */
const begun = (pages: { began: string[] }, count: number) => until(async () => pages.began.length, (length) => length >= count);

function cacheWith(gate: RenderGate, now: () => number = Date.now) {
  const invalidations = new CacheInvalidations(copy.repos, new TestClock(), { pollMs: 0 });
  const cache = createPageCache(1024 * 1024, invalidations, { renders: gate, now });
  const get = (path: string, render: () => Promise<Response>) => cache.handle(new Request(BASE + path, { headers: { 'Accept-Encoding': 'br' } }), render);
  return { cache, get };
}

describe('the render bound', () => {
  it('runs the cap at once, queues the next, answers 503 with Retry-After past the line, while a cached page answers at once', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 1, waitMs: 60_000 });
    const { get } = cacheWith(gate);
    const pages = gated();
    // A page cached before the flood.
    const cached = get('/cached', pages.render('/cached'));
    await begun(pages, 1);
    pages.releaseAll();
    expect((await cached)!.headers.get('X-Cache')).toBe('MISS');

    const first = get('/a', pages.render('/a'));
    const second = get('/b', pages.render('/b'));
    await until(async () => gate.load, (load) => load.waiting === 1);
    expect(pages.began).toEqual(['/cached', '/a']);
    expect(gate.load).toEqual({ taken: 1, waiting: 1 });
    const third = await get('/c', pages.render('/c'));
    expect([third!.status, third!.headers.get('Retry-After'), third!.headers.get('Cache-Control')]).toEqual([503, '2', 'no-store']);
    // The cached page: served now, while both renders still hold the slot and the line.
    const hit = await get('/cached', pages.render('/never'));
    expect([hit!.status, hit!.headers.get('X-Cache')]).toEqual([200, 'HIT']);
    pages.releaseOne();
    await begun(pages, 3);
    expect(pages.began).toEqual(['/cached', '/a', '/b']);
    pages.releaseAll();
    expect([(await first)!.status, (await second)!.status]).toEqual([200, 200]);
    expect(gate.load).toEqual({ taken: 0, waiting: 0 });
  });

  it('refuses a render that waited longer than its wait', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 10, waitMs: 50 });
    const pages = gated();
    const holding = gate.run(pages.render('/slow'));
    await expect(gate.run(async () => 'late')).rejects.toBeInstanceOf(RenderQueueFull);
    pages.releaseAll();
    await holding;
  });

  it('renders a page once however many ask for it meanwhile', async () => {
    const { get } = cacheWith(new RenderGate({ concurrency: 4, queue: 10, waitMs: 60_000 }));
    const pages = gated();
    const asks = Array.from({ length: 6 }, () => get('/popular', pages.render('/popular')));
    await begun(pages, 1);
    await settle();
    pages.releaseAll();
    const answers = await Promise.all(asks);
    expect(pages.began).toEqual(['/popular']);
    expect(answers.map((answer) => answer!.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer!.headers.get('X-Cache') === 'MISS')).toHaveLength(1);
  });

  it('serves a page past its TTL as it is while one render refreshes it', async () => {
    let now = Date.now();
    const gate = new RenderGate({ concurrency: 1, queue: 10, waitMs: 60_000 });
    const { get } = cacheWith(gate, () => now);
    const pages = gated();
    const first = get('/home', pages.render('/home'));
    await begun(pages, 1);
    pages.releaseAll();
    await first;
    now += PAGE_CACHE_TTL_MS + 1;
    const stale = await get('/home', pages.render('/home'));
    expect([stale!.status, stale!.headers.get('X-Cache')]).toEqual([200, 'STALE']);
    await begun(pages, 2);
    expect(pages.began).toEqual(['/home', '/home']);
    pages.releaseAll();
    await until(async () => gate.load, (load) => load.taken === 0);
    await settle();
    expect((await get('/home', pages.render('/never')))!.headers.get('X-Cache')).toBe('HIT');
  });

  it('answers at the front door while the line is full: a kept page however old, else 503 with Retry-After', async () => {
    let now = Date.now();
    const gate = new RenderGate({ concurrency: 1, queue: 1, waitMs: 60_000 });
    const { cache, get } = cacheWith(gate, () => now);
    const pages = gated();
    const kept = get('/home', pages.render('/home'));
    await begun(pages, 1);
    pages.releaseAll();
    await kept;
    now += PAGE_CACHE_TTL_MS + 1;
    const door = (path: string) => cache.hit({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } }) ?? cache.refused({ method: 'GET', url: path, headers: { 'accept-encoding': 'br' } });
    // The line has room: home past its TTL and a page never kept go the usual way (a render).
    expect(door('/home')).toBeUndefined();
    expect(door('/new')).toBeUndefined();
    const held = [get('/a', pages.render('/a')), get('/b', pages.render('/b'))];
    await until(async () => gate.load, (load) => load.waiting === 1);
    // Full: home as it was kept, marked stale, at once; the page never kept, a 503 as cheap as a file.
    const home = door('/home');
    expect([home?.status, home?.headers['x-cache'], home?.body?.length ? 'body' : 'none']).toEqual([200, 'STALE', 'body']);
    const refused = door('/new');
    expect([refused?.status, refused?.headers['retry-after']]).toEqual([503, '2']);
    pages.releaseAll();
    await begun(pages, 3);
    pages.releaseAll();
    await Promise.all(held);
  });

  it('renders a page a change dropped before pages nobody had yet', async () => {
    const gate = new RenderGate({ concurrency: 1, queue: 10, waitMs: 60_000 });
    const invalidations = new CacheInvalidations(copy.repos, new TestClock(), { pollMs: 0 });
    const cache = createPageCache(1024 * 1024, invalidations, { renders: gate });
    const pages = gated();
    const get = (path: string) => cache.handle(new Request(BASE + path), pages.render(path));
    const tagged = (path: string) => cache.handle(new Request(BASE + path), async () => {
      pages.began.push(path);
      return new Response('<p>x</p>', { headers: { 'Content-Type': 'text/html', 'Cache-Tag': 'post:77' } });
    });
    await tagged('/listing');
    await copy.repos.cache.invalidate(['post:77']);
    const holding = get('/first-render-1');
    const newcomer = get('/first-render-2');
    const refreshed = get('/listing');
    await until(async () => gate.load, (load) => load.taken === 1 && load.waiting === 2);
    pages.releaseOne();
    await begun(pages, 3);
    expect(pages.began).toEqual(['/listing', '/first-render-1', '/listing']);
    const done = Promise.all([holding, newcomer, refreshed]);
    // Each render waits to be let go: let them go until all three answered.
    let finished = false;
    void done.then(() => { finished = true; });
    while (!finished) {
      pages.releaseAll();
      await settle();
    }
    expect(pages.began).toEqual(['/listing', '/first-render-1', '/listing', '/first-render-2']);
  });

  it('renders one at a time, with a pause after each, while the process is busy serving cached pages', async () => {
    const gate = new RenderGate({ concurrency: 4, queue: 10, waitMs: 60_000, busy: () => true });
    const order: string[] = [];
    const render = (name: string, ms: number) => () => new Promise<string>((resolve) => {
      order.push(`${name} began`);
      setTimeout(() => { order.push(`${name} ended`); resolve(name); }, ms);
    });
    const all = Promise.all([gate.run(render('a', 20)), gate.run(render('b', 20)), gate.run(render('c', 20))]);
    await until(async () => order.length, (length) => length >= 1);
    expect(order.slice(0, 1)).toEqual(['a began']);
    await all;
    expect(order).toEqual(['a began', 'a ended', 'b began', 'b ended', 'c began', 'c ended']);
  });

  it('counts a process busy while cached pages compete with a loop over half busy, and for two seconds after', () => {
    const meter = new LoadMeter(60_000);
    try {
      const hits = (count: number) => { for (let n = 0; n < count; n++) meter.hit(); };
      // Renders alone, however busy the loop, or cached pages on a quiet loop: not busy.
      meter.windowEnded(0.95);
      hits(40);
      meter.windowEnded(0.3);
      expect(meter.busy).toBe(false);
      // A few cached pages (a visitor slowed by the renders) while the loop is busy: busy.
      hits(4);
      meter.windowEnded(0.6);
      expect(meter.busy).toBe(true);
      // Held renders leave the loop quiet: still busy for the rest of the hold (8 windows of 250 ms), then free.
      for (let window = 1; window < 8; window++) {
        hits(100);
        meter.windowEnded(0.2);
        expect([window, meter.busy]).toEqual([window, true]);
      }
      meter.windowEnded(0.2);
      expect(meter.busy).toBe(false);
    } finally {
      meter.close();
    }
  });
});
