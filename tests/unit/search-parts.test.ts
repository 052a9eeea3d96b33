import { describe, expect, it } from 'vitest';
import { ViewCounter } from '../../src/server/engagement/views.ts';
import { cacheKey, ResponseCache } from '../../src/server/search/cache.ts';
import { haversineKm } from '../../src/server/search/geo.ts';
import { matchExpression } from '../../src/server/search/search.ts';
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
    const cache = new ResponseCache<string>(2);
    cache.set('a', 1, 'A');
    cache.set('b', 1, 'B');
    expect(cache.get('a', 1)).toBe('A');
    cache.set('c', 1, 'C');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe('A');
  });
  it('never serves an entry from another catalogue version', () => {
    const cache = new ResponseCache<string>(5);
    cache.set('a', 1, 'A');
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBeUndefined();
  });
  it('is off with capacity 0', () => {
    const cache = new ResponseCache<string>(0);
    cache.set('a', 1, 'A');
    expect(cache.get('a', 1)).toBeUndefined();
  });
  it('keys requests the same whatever the field order', () => {
    expect(cacheKey({ b: 1, a: 2, c: undefined })).toBe(cacheKey({ a: 2, b: 1 }));
  });
});

describe('view counter', () => {
  it('counts a client once per listing within the window, again after it', () => {
    const counter = new ViewCounter(1000);
    expect(counter.isNewVisit('post:1', 'client', 0)).toBe(true);
    expect(counter.isNewVisit('post:1', 'client', 999)).toBe(false);
    expect(counter.isNewVisit('post:2', 'client', 999)).toBe(true);
    expect(counter.isNewVisit('post:1', 'other', 999)).toBe(true);
    expect(counter.isNewVisit('post:1', 'client', 1000)).toBe(true);
  });
});

describe('haversine', () => {
  it('measures Kuala Lumpur to George Town at about 293 km', () => {
    expect(haversineKm({ lat: 3.139, lon: 101.6869 }, { lat: 5.4141, lon: 100.3288 })).toBeCloseTo(293, -1);
  });
});
