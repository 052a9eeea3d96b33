import { describe, expect, it } from 'vitest';
import { WordIndex } from '../../src/server/search/engine/word-index.ts';
import { cacheKey, ResponseCache } from '../../src/server/search/cache.ts';
import { clientAddressOf, clientKey, parseTrustProxy } from '../../src/server/client-ip.ts';
import { AppError } from '../../src/server/errors.ts';
import { RATE_LIMITS, RateLimits } from '../../src/server/rate-limits.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import { TestClock } from '../../src/server/clock.ts';
import { isBot, ViewRecorder } from '../../src/server/engagement/views.ts';
import { haversineKm } from '../../src/server/search/engine/geo.ts';
import { matchExpression } from '../../src/server/db/sqlite/search.ts';
import { SearchRequestSchema } from '../../src/shared/search.ts';

describe('keyword to FTS5 expression', () => {
  it('requires every word, the last as a prefix, inside title and body, and narrows to the type', () => {
    expect(matchExpression('Aircon serv', 'services')).toBe('kind:"typeservices" AND {title body}: ("aircon" AND "serv"*)');
    expect(matchExpression('plumber', undefined)).toBe('{title body}: ("plumber"*)');
  });
  it('drops FTS syntax and gives nothing for punctuation only', () => {
    expect(matchExpression('a" OR NEAR(x*', undefined)).toBe('{title body}: ("a" AND "or" AND "near" AND "x")');
    expect(matchExpression('!!! ---', undefined)).toBeUndefined();
  });
});

describe('search request parsing', () => {
  it('fills the defaults of spec §3 and reads comma lists in the constants order', () => {
    const query = SearchRequestSchema.parse({ type: 'jobs', job_type: 'I, FT ,FT', search: '  aircon  ', location: '' });
    expect(query).toMatchObject({ page: 1, limit: 12, sort: 'recommended', job_type: ['FT', 'I'], search: 'aircon' });
    expect(query.location).toBeUndefined();
  });
  it('reads a price bucket and a user location', () => {
    const query = SearchRequestSchema.parse({ price: '500-1000', user_location: '3.1, 101.6' });
    expect(query.price).toEqual({ min: 500, max: 1000 });
    expect(query.user_location).toEqual({ lat: 3.1, lon: 101.6 });
    expect(SearchRequestSchema.parse({ price: '1000++' }).price).toEqual({ min: 1000, max: null });
  });
});

describe('response cache', () => {
  it('keeps the newest entries and forgets the least recently used', () => {
    const cache = new ResponseCache(2);
    cache.set('a', ['list:all'], 'A');
    cache.set('b', ['list:all'], 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', ['list:all'], 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
  });
  it('holds no more JSON than its byte bound, dropping the least recently used first', () => {
    const cache = new ResponseCache(100, 10);
    cache.set('a', [], 'aaaa');
    cache.set('b', [], 'bbbb');
    cache.set('c', [], 'cccc');
    expect(cache.byteSize).toBeLessThanOrEqual(10);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('cccc');
    cache.set('huge', [], 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
  });
  it('drops the entries a change names, and only those', () => {
    const cache = new ResponseCache(5);
    cache.set('jobs', ['list:jobs'], 'J');
    cache.set('services', ['list:services'], 'S');
    cache.invalidate({ all: false, tags: new Set(['list:jobs', 'post:3']) });
    expect(cache.get('jobs')).toBeUndefined();
    expect(cache.get('services')).toBe('S');
    cache.invalidate({ all: true });
    expect(cache.get('services')).toBeUndefined();
  });
  it('is off with capacity 0', () => {
    const cache = new ResponseCache(0);
    cache.set('a', [], 'A');
    expect(cache.get('a')).toBeUndefined();
  });
  it('keys requests the same whatever the field order', () => {
    expect(cacheKey({ b: 1, a: 2, c: undefined })).toBe(cacheKey({ a: 2, b: 1 }));
  });
});

describe('view recorder', () => {
  const repos = { engagement: { addViews: async () => {} } } as unknown as Repositories;
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0';
  it('counts a client once per listing and Malaysian day, each client and listing apart', () => {
    const clock = new TestClock(Date.UTC(2026, 10, 23, 3));
    const views = new ViewRecorder(repos, clock);
    expect(views.record({ type: 'services', id: 1 }, 'client', chrome)).toBe(true);
    clock.advance(3600_000);
    expect(views.record({ type: 'services', id: 1 }, 'client', chrome)).toBe(false);
    expect(views.record({ type: 'services', id: 2 }, 'client', chrome)).toBe(true);
    expect(views.record({ type: 'services', id: 1 }, 'other', chrome)).toBe(true);
    // 16:00 UTC is midnight in Malaysia: a new day.
    clock.advance(12 * 3600_000);
    expect(views.record({ type: 'services', id: 1 }, 'client', chrome)).toBe(true);
  });
  it('never counts crawlers or a missing User-Agent', () => {
    const views = new ViewRecorder(repos, new TestClock());
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(views.record({ type: 'profile', id: 1 }, 'client', 'Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(false);
  });
});

describe('client keys', () => {
  it('are the address alone, IPv4 as is and IPv6 by its /64', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2::5')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::5')).not.toBe(clientKey('2001:db8:1:3::5'));
    expect(clientKey(undefined)).toBe('unknown');
  });
});

describe('rate limits', () => {
  it('refuses the attempt after the limit with a 429 that says when to come back, per key', async () => {
    const limits = new RateLimits();
    try {
      for (let index = 0; index < RATE_LIMITS.publicForm.limit; index++) await limits.hit('publicForm', 'contact|198.51.100.1');
      const refused = await limits.hit('publicForm', 'contact|198.51.100.1').then(() => null, (error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).status).toBe(429);
      const seconds = Number((refused as AppError).headers['Retry-After']);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(RATE_LIMITS.publicForm.windowMs / 1000);
      await limits.hit('publicForm', 'contact|198.51.100.2');
    } finally {
      await limits.close();
    }
  });
});

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says which proxies may set it', () => {
    expect(clientAddressOf('198.51.100.9', '1.2.3.4', parseTrustProxy(undefined))).toBe('198.51.100.9');
    expect(clientAddressOf('198.51.100.9', '1.2.3.4', parseTrustProxy('false'))).toBe('198.51.100.9');
  });
  it('takes the entry the trusted hops added, never a left-most one the client wrote', () => {
    // client spoofs 6.6.6.6; the CDN adds the real 203.0.113.5; the load balancer (socket 10.0.0.2) adds the CDN's address.
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.5, 172.16.0.9', parseTrustProxy('2'))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', '6.6.6.6, 203.0.113.5, 172.16.0.9', parseTrustProxy('10.0.0.0/8, 172.16.0.9'))).toBe('203.0.113.5');
    expect(clientAddressOf('10.0.0.2', undefined, parseTrustProxy('1'))).toBe('10.0.0.2');
    expect(() => parseTrustProxy('not-an-ip')).toThrow();
  });
});

describe('haversine', () => {
  it('measures Kuala Lumpur to George Town at about 293 km', () => {
    expect(haversineKm({ lat: 3.139, lon: 101.6869 }, { lat: 5.4141, lon: 100.3288 })).toBeCloseTo(293, -1);
  });
});

describe('word index', () => {
  const build = (posts: Record<number, string[]>) => {
    const index = new WordIndex();
    index.begin();
    for (const [id, lexemes] of Object.entries(posts)) index.add(Number(id), lexemes);
    index.finish();
    return index;
  };
  const sorted = (ids: Uint32Array) => [...ids].sort((a, b) => a - b);

  it('finds the posts having every word, the prefix ones by any lexeme they start, each post once', () => {
    const index = build({ 1: ['kedai', 'kopi'], 2: ['kopitiam', 'kedai'], 3: ['kopi'], 7: ['teh', 'kopi', 'kopitiam'] });
    expect(sorted(index.match([{ lexeme: 'kopi', prefix: false }]))).toEqual([1, 3, 7]);
    expect(sorted(index.match([{ lexeme: 'kopi', prefix: true }]))).toEqual([1, 2, 3, 7]);
    expect(sorted(index.match([{ lexeme: 'kedai', prefix: false }, { lexeme: 'kop', prefix: true }]))).toEqual([1, 2]);
    expect(sorted(index.match([{ lexeme: 'teh', prefix: false }, { lexeme: 'kedai', prefix: false }]))).toEqual([]);
    expect(sorted(index.match([{ lexeme: 'zz', prefix: true }]))).toEqual([]);
    // Matching leaves nothing behind: the same question twice gets the same answer.
    expect(sorted(index.match([{ lexeme: 'kopi', prefix: true }]))).toEqual([1, 2, 3, 7]);
  });

  it('answers from a post\'s new words after a change, and forgets a post that left', () => {
    const index = build({ 1: ['kedai', 'kopi'], 2: ['roti'] });
    index.update(1, ['roti', 'canai']);
    index.update(2, []);
    index.update(9, ['kopi']);
    expect(sorted(index.match([{ lexeme: 'kopi', prefix: false }]))).toEqual([9]);
    expect(sorted(index.match([{ lexeme: 'roti', prefix: false }, { lexeme: 'can', prefix: true }]))).toEqual([1]);
    expect(index.changedCount).toBe(3);
  });

  it('keyed by another number (the facet store\'s slot of each post), lists each word\'s keys in ascending order', () => {
    const index = new WordIndex();
    index.begin();
    // Posts 1, 2, 3 and 7 in slots 5, 0, 9 and 2.
    const slotOf = [0, 5, 0, 9, 0, 0, 0, 2];
    for (const [id, lexemes] of Object.entries({ 1: ['kopi'], 2: ['kopi', 'teh'], 3: ['kopi'], 7: ['kopi', 'teh'] })) index.add(Number(id), lexemes);
    index.finish(slotOf);
    expect([...index.match([{ lexeme: 'kopi', prefix: false }])]).toEqual([0, 2, 5, 9]);
    expect(sorted(index.match([{ lexeme: 'teh', prefix: false }, { lexeme: 'kop', prefix: true }]))).toEqual([0, 2]);
    // Changes speak of keys too: slot 5's post lost its words, slot 12 (a new post) has them.
    index.update(5, []);
    index.update(12, ['kopi']);
    expect(sorted(index.match([{ lexeme: 'kopi', prefix: false }]))).toEqual([0, 2, 9, 12]);
  });
});
