import { describe, expect, it } from 'vitest';
import { isOpenNow } from '../../src/shared/hours.ts';
import { priceBox } from '../../src/shared/price-box.ts';
import { mapLinks, searchHrefFor, telUrl } from '../../src/shared/urls.ts';

const base = { price_currency: 'RM', op: null, hireme: null } as const;

describe('price box', () => {
  it('labels Salary, Rate or Price and says Negotiable without an amount', () => {
    expect(priceBox({ ...base, type: 'jobs', price_min: 3000, price_max: 4500 })).toEqual({ label: 'Salary', amount: 'RM 3,000 - RM 4,500', original: null });
    expect(priceBox({ ...base, type: 'services', price_min: null, price_max: null }).amount).toBe('Negotiable');
    expect(priceBox({ ...base, type: 'buysell', price_min: 80, price_max: null }).label).toBe('Price');
  });
  it('shows the original price with RM and the percent off', () => {
    expect(priceBox({ ...base, type: 'buysell', price_min: 750, price_max: null, op: 1000 }).original).toEqual({ amount: 'RM 1,000', off: '25% OFF' });
    expect(priceBox({ ...base, type: 'buysell', price_min: 750, price_max: null, op: 700 }).original).toBeNull();
  });
  it("shows a hireme post's expected salary with its rate", () => {
    const hireme = { language: [], type: [], expertise: 'expert', vaccination: '', skill: '', experience: '', education: 'degree', company_confidential: false, expected_salary: 45, rate: 'hour', price_currency: 'RM' };
    expect(priceBox({ ...base, type: 'hireme', price_min: 45, price_max: null, hireme })).toEqual({ label: 'Rate', amount: 'RM 45 Per Hour', original: null });
    expect(priceBox({ ...base, type: 'hireme', price_min: null, price_max: null, hireme: { ...hireme, expected_salary: null } }).amount).toBe('Negotiable');
  });
});

describe('open now, in Malaysia time', () => {
  const week = [{ day: 'Monday', time: ['09:00-13:00', '14:00-18:00'] }, { day: 'Sunday', time: [] }];
  it('reads the clock in Asia/Kuala_Lumpur (UTC+8)', () => {
    // Monday 10:00 in Kuala Lumpur is Monday 02:00 UTC.
    expect(isOpenNow(week, new Date('2026-11-23T02:00:00Z'))).toBe(true);
    // Monday 13:30 (lunch break) and Monday 19:00 are closed.
    expect(isOpenNow(week, new Date('2026-11-23T05:30:00Z'))).toBe(false);
    expect(isOpenNow(week, new Date('2026-11-23T11:00:00Z'))).toBe(false);
    // Sunday 23:30 UTC is already Monday 07:30 in Malaysia: still closed.
    expect(isOpenNow(week, new Date('2026-11-22T23:30:00Z'))).toBe(false);
    // Sunday 17:00 UTC would be Monday 01:00: closed; Monday 01:00 UTC is 09:00 local: open.
    expect(isOpenNow(week, new Date('2026-11-23T01:00:00Z'))).toBe(true);
  });
});

describe('contact links', () => {
  it('builds Google Maps, directions and Waze links and Malaysian tel: links', () => {
    expect(mapLinks({ latitude: 3.1, longitude: 101.6 })).toEqual({
      maps: 'https://www.google.com/maps/search/?api=1&query=3.1,101.6',
      directions: 'https://www.google.com/maps/dir/?api=1&destination=3.1,101.6',
      waze: 'https://waze.com/ul?ll=3.1,101.6&navigate=yes',
    });
    expect(telUrl('012-345 6789')).toBe('tel:+60123456789');
    expect(telUrl('+65 6123 4567')).toBe('tel:+6561234567');
    expect(searchHrefFor('services', { where: 'Petaling Jaya, Selangor' })).toBe('/services/l?where=Petaling+Jaya%2C+Selangor');
  });
});
