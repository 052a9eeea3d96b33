import { describe, expect, it } from 'vitest';
import { lsnCookieOf, readScopeOf } from '../../src/server/db/read-scope.ts';
import { lsnValue } from '../../src/server/db/postgres/replicas.ts';

describe('where a request reads (issue 41)', () => {
  it('sends what every visitor shares to a replica: catalogue pages, sitemaps, search and autocomplete', () => {
    for (const [method, path] of [['GET', '/'], ['GET', '/services/l'], ['HEAD', '/jobs/a-post'], ['GET', '/sitemap.xml'], ['GET', '/sitemaps/posts-services-1.xml'],
      ['POST', '/api/post/search'], ['POST', '/api/post/autocomplete'], ['POST', '/api/cities/autocomplete']] as const) {
      expect([method, path, readScopeOf(method, path, null).replica]).toEqual([method, path, true]);
    }
  });

  it('sends one person’s pages, operations, writes and the rest of the API to the primary', () => {
    for (const [method, path] of [['GET', '/me'], ['GET', '/me/profile'], ['GET', '/advertiser/leads'], ['GET', '/operator'], ['GET', '/saved-searches'],
      ['GET', '/api/me'], ['GET', '/api/post/slug/x'], ['POST', '/contact-us'], ['POST', '/api/enquire'], ['GET', '/readyz']] as const) {
      expect([method, path, readScopeOf(method, path, null).replica]).toEqual([method, path, false]);
    }
  });

  it('reads the visitor’s own write position from yp_lsn, ignoring anything that is not one', () => {
    expect(lsnCookieOf('a=1; yp_lsn=16%2FB374D848; b=2')).toBe('16/B374D848');
    expect(lsnCookieOf('yp_lsn=0/0')).toBe('0/0');
    for (const header of ['yp_lsn=; a=1', 'yp_lsn=drop table', 'xyp_lsn=0/1', null]) expect(lsnCookieOf(header)).toBeNull();
    expect(readScopeOf('GET', '/', '1/0')).toEqual({ replica: true, afterLsn: '1/0' });
  });

  it('compares WAL positions by both halves', () => {
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xB374D848n);
  });
});
