import { describe, expect, it } from 'vitest';
import { changeLines } from '../../src/shared/change-text.ts';
import { isOpenNow, joinAcrossMidnight, splitAtMidnight } from '../../src/shared/hours.ts';
import { counted } from '../../src/shared/plurals.ts';
import { asHtml, isRichText, textToHtml } from '../../src/shared/rich-text.ts';
import { richTextHtml, storedLongText } from '../../src/server/catalog/html.ts';

/** The owner's words (issue 40): plurals, readable profile changes, hours past midnight and plain text as paragraphs. */
describe('plurals', () => {
  it('counts through Intl.PluralRules, with the irregular words', () => {
    expect([counted(1, 'category'), counted(2, 'category'), counted(0, 'category'), counted(1, 'PDF'), counted(3, 'PDF'), counted(5, 'photo')])
      .toEqual(['1 category', '2 categories', '0 categories', '1 PDF', '3 PDFs', '5 photos']);
  });
});

describe('a profile change as the operator reads it', () => {
  it('shows places as addresses and lists as items, never JSON', () => {
    const place = { name: 'Main', address_line1: '12 Jalan Telawi', address_line2: 'Bangsar Baru', city: 'Kuala Lumpur', state: 'Kuala Lumpur', postcode: '59100',
      phone_number: '03-2282 1234', company_phone_number: null, fax_number: null, email: 'hello@kopi.my', latitude: 3.13, longitude: 101.67 };
    expect(changeLines('locations', [place])).toEqual(['Main: 12 Jalan Telawi, Bangsar Baru, 59100 Kuala Lumpur, Kuala Lumpur · phone 03-2282 1234 · e-mail hello@kopi.my · pin 3.13, 101.67']);
    expect(changeLines('categories', ['plumbing', 'aircond-service'])).toEqual(['plumbing', 'aircond-service']);
    expect(changeLines('business_hours', [{ day: 5, opens: '22:00', closes: '23:59' }])).toEqual(['Friday 22:00–23:59']);
    expect(changeLines('url', null)).toEqual(['(empty)']);
    expect(changeLines('name', 'Kedai Kopi').join()).not.toMatch(/[{"]/);
  });
});

describe('hours past midnight', () => {
  it('splits a range past midnight at 23:59 and joins it back, leaving 24-hour days alone', () => {
    const week = [{ day: 6, ranges: [{ opens: '22:00', closes: '02:00' }] }, { day: 0, ranges: [{ opens: '10:00', closes: '14:00' }] }, { day: 1, ranges: [{ opens: '00:00', closes: '23:59' }] }];
    const rows = splitAtMidnight(week);
    expect(rows).toEqual([{ day: 0, opens: '00:00', closes: '02:00' }, { day: 0, opens: '10:00', closes: '14:00' }, { day: 1, opens: '00:00', closes: '23:59' }, { day: 6, opens: '22:00', closes: '23:59' }]);
    const joined = joinAcrossMidnight(rows);
    expect(joined.get(6)).toEqual([{ opens: '22:00', closes: '02:00' }]);
    expect(joined.get(0)).toEqual([{ opens: '10:00', closes: '14:00' }]);
    expect(joined.get(1)).toEqual([{ opens: '00:00', closes: '23:59' }]);
    expect(splitAtMidnight([...joined].map(([day, ranges]) => ({ day, ranges })))).toEqual(rows);
  });

  it('keeps a Saturday night open into Sunday morning in Malaysian time, and a special day replaces its weekday', () => {
    const hours = [{ day: 'Saturday', time: ['22:00-02:00'] }, { day: 'Sunday', time: ['10:00-14:00'] }];
    const at = (local: string) => new Date(`${local}+08:00`);
    expect(isOpenNow(hours, at('2027-01-16T23:00:00'))).toBe(true);
    expect(isOpenNow(hours, at('2027-01-17T01:59:00'))).toBe(true);
    expect(isOpenNow(hours, at('2027-01-17T02:30:00'))).toBe(false);
    expect(isOpenNow(hours, at('2027-01-17T11:00:00'))).toBe(true);
    expect(isOpenNow(hours, at('2027-01-17T11:00:00'), [{ date: '2027-01-17', time: [] }])).toBe(false);
    // The night before a closed special day still runs past midnight into it: the Saturday range is Saturday's.
    expect(isOpenNow(hours, at('2027-01-17T01:00:00'), [{ date: '2027-01-17', time: [] }])).toBe(true);
  });
});

describe('long texts', () => {
  it('reads plain text as paragraphs and keeps HTML', () => {
    expect(isRichText('Open daily & late')).toBe(false);
    expect(textToHtml('Open daily & late.\n\nHalal <certified>\nsince 1962')).toBe('<p>Open daily &amp; late.</p><p>Halal &lt;certified&gt;<br>since 1962</p>');
    expect(asHtml('<p>Hi</p>')).toBe('<p>Hi</p>');
    // Plain text is stored as typed: saved again unchanged, it is not escaped twice.
    expect(storedLongText('Kopi & teh\n\nSince 1962')).toBe('Kopi & teh\n\nSince 1962');
    expect(richTextHtml(storedLongText('Kopi & teh'))).toBe('<p>Kopi &amp; teh</p>');
    expect(storedLongText('<p onclick="x()">Kopi &amp; teh</p><script>1</script>')).toBe('<p>Kopi &amp; teh</p>');
  });
});

describe('links to the advertiser site, and the mailing scripts\' SITE_URL', () => {
  it('keeps the advertiser site relative on this server, absolute elsewhere', async () => {
    const { loadConfig } = await import('../../src/server/config.ts');
    const base = { DATABASE_PATH: ':memory:', SITE_URL: 'https://yp.example.my' };
    expect(loadConfig(base).advertiserSiteUrl).toBe('/advertiser');
    expect(loadConfig({ ...base, ADVERTISER_SITE_URL: 'https://yp.example.my/advertiser/' }).advertiserSiteUrl).toBe('/advertiser');
    expect(loadConfig({ ...base, ADVERTISER_SITE_URL: 'https://ads.yp.example.my' }).advertiserSiteUrl).toBe('https://ads.yp.example.my');
  });

  it('warns once when a mailing script runs without SITE_URL', async () => {
    const { warnWithoutSiteUrl } = await import('../../scripts/database-args.ts');
    const { loadConfig } = await import('../../src/server/config.ts');
    const lines: string[] = [];
    warnWithoutSiteUrl(loadConfig({ DATABASE_PATH: ':memory:' }), {}, (line) => lines.push(line));
    warnWithoutSiteUrl(loadConfig({ DATABASE_PATH: ':memory:', SITE_URL: 'https://yp.example.my' }), { SITE_URL: 'https://yp.example.my' }, (line) => lines.push(line));
    expect(lines).toEqual(['SITE_URL is not set: links in the mails this command writes point at http://localhost:4321. Set SITE_URL to the site\'s public address.']);
  });
});
