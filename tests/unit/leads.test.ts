import { describe, expect, it } from 'vitest';
import { lastDigestTime } from '../../src/server/advertiser/leads.ts';
import { CSV_BOM, csvOf, neutralised } from '../../src/server/csv.ts';
import { impressionHeader, readImpressionHeader, searchTerm } from '../../src/server/search/impressions.ts';
import { daysBefore, daysBetween, malaysiaDayStart, nextDay } from '../../src/shared/malaysia-time.ts';

describe('the leads CSV (issue 26)', () => {
  it('prefixes with \' every cell a spreadsheet would read as a formula, phone numbers starting with + included', () => {
    for (const cell of ['=1+1', '+60 12-345 6789', '-2', '@SUM(A1)', '\tx', '\rx']) expect(neutralised(cell)).toBe(`'${cell}`);
    for (const cell of ['Siti', '陈美玲', '0123456789', "'quoted", ' =spaced']) expect(neutralised(cell)).toBe(cell);
  });

  it('is UTF-8 text with a BOM, CRLF rows, quoting as RFC 4180 asks, numbers as they are', () => {
    const csv = csvOf(['name', 'count', 'note'], [['=HYPERLINK("x")', 3, 'two\nlines'], ['陈美玲', -1, null]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('name,count,note\r\n"\'=HYPERLINK(""x"")",3,"two\nlines"\r\n陈美玲,-1,\r\n');
  });
});

describe('the daily digest\'s time (08:00 in Malaysia)', () => {
  it('is the last 08:00 MYT (00:00 UTC) at or before now', () => {
    expect(lastDigestTime(Date.parse('2026-11-24T23:59:59Z'))).toBe('2026-11-24T00:00:00.000Z'); // 07:59:59 MYT on the 25th
    expect(lastDigestTime(Date.parse('2026-11-25T00:00:00Z'))).toBe('2026-11-25T00:00:00.000Z'); // 08:00 MYT
    expect(lastDigestTime(Date.parse('2026-11-25T15:59:00Z'))).toBe('2026-11-25T00:00:00.000Z'); // 23:59 MYT
  });
});

describe('Malaysian days', () => {
  it('begin at 16:00 UTC the day before, and count across months', () => {
    expect(malaysiaDayStart('2026-12-01')).toBe('2026-11-30T16:00:00.000Z');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });
});

describe('search impressions', () => {
  it('group terms in lower case with spaces collapsed, and carry posts and term through the internal header', () => {
    expect(searchTerm('  Aircon   SERVICE ')).toBe('aircon service');
    expect(searchTerm(null)).toBe('');
    const impression = { term: 'kopi; teh, 100%', postIds: [3, 1, 2] };
    expect(readImpressionHeader(impressionHeader(impression))).toEqual(impression);
    expect(readImpressionHeader('not;a,header;')).toBeUndefined();
    expect(readImpressionHeader('%E0%A4%A;1')).toBeUndefined();
  });
});
