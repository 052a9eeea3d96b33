import { describe, expect, it } from 'vitest';
import { addMonths } from '../../src/server/billing/invoices.ts';
import { invoiceNumber, planPriceSen, priceLines, sstOf, sstRateOn } from '../../src/shared/billing.ts';

/** Worked examples: amount (sen), rate (basis points), SST (sen), worked by hand. */
const WORKED: [amount: number, rate: number, sst: number, why: string][] = [
  [8900, 600, 534, 'GOLD monthly RM89.00 × 6% = RM5.34 exactly'],
  [89900, 600, 5394, 'GOLD yearly RM899.00 × 6% = RM53.94'],
  [49900, 600, 2994, 'SILVER yearly RM499.00 × 6% = RM29.94'],
  [2900, 600, 174, 'BRONZE monthly RM29.00 × 6% = RM1.74'],
  [5000, 600, 300, 'a PAY-PER-POST ad RM50.00 × 6% = RM3.00'],
  [3000, 600, 180, 'an amendment RM30.00 × 6% = RM1.80'],
  [25, 600, 2, 'RM0.25 × 6% = 1.5 sen: half rounds up to 2'],
  [24, 600, 1, 'RM0.24 × 6% = 1.44 sen: rounds down to 1'],
  [8, 600, 0, 'RM0.08 × 6% = 0.48 sen: rounds down to 0'],
  [9, 600, 1, 'RM0.09 × 6% = 0.54 sen: rounds up to 1'],
  [12345, 800, 988, 'RM123.45 × 8% = 987.6 sen: rounds up to 988'],
  [-25, 600, -2, 'a credit of RM0.25: half away from zero, -2'],
  [0, 600, 0, 'nothing'],
];

describe('SST per line (spec §9, issue 27)', () => {
  it.each(WORKED)('%i sen at %i bp is %i sen (%s)', (amount, rate, sst) => {
    expect(sstOf(amount, rate)).toBe(sst);
  });

  it('refuses fractions of a sen or of a basis point', () => {
    expect(() => sstOf(10.5, 600)).toThrow(RangeError);
    expect(() => sstOf(100, 6.5)).toThrow(RangeError);
  });

  it('totals are sums of the lines, each rounded on its own', () => {
    const invoice = priceLines([
      { description: 'A', quantity: 1, unit_sen: 25 },
      { description: 'B', quantity: 1, unit_sen: 25 },
      { description: 'GOLD yearly', quantity: 1, unit_sen: planPriceSen('GOLD', 'yearly') },
    ], 600);
    // Per line: 2 + 2 + 5394 (rounding the 50 sen subtotal's 3 sen once would differ).
    expect(invoice).toMatchObject({ subtotal_sen: 89950, sst_sen: 5398, total_sen: 95348 });
    expect(invoice.lines.map((line) => line.sst_sen)).toEqual([2, 2, 5394]);
    expect(() => priceLines([{ description: 'x', quantity: 0, unit_sen: 1 }], 600)).toThrow(RangeError);
  });

  it('takes the rate in force on the day from the configured schedule', () => {
    const schedule = [['2018-09-01', 600], ['2030-01-01', 800]] as const;
    expect(sstRateOn('2026-11-24', schedule)).toBe(600);
    expect(sstRateOn('2030-01-01', schedule)).toBe(800);
    expect(() => sstRateOn('2017-01-01', schedule)).toThrow(RangeError);
  });
});

describe('plan prices and invoice numbers', () => {
  it('are spec §9\'s prices in sen, and YP-year-six digits (credit notes CN-)', () => {
    expect([planPriceSen('GOLD', 'monthly'), planPriceSen('SILVER', 'yearly'), planPriceSen('BRONZE', 'monthly')]).toEqual([8900, 49900, 2900]);
    expect(invoiceNumber('YP', 2026, 123)).toBe('YP-2026-000123');
    expect(invoiceNumber('CN', 2026, 7)).toBe('CN-2026-000007');
  });
});

describe('billing periods', () => {
  it('run calendar months: the 31st of a shorter month falls on its last day, and a year from 29 February on the 28th', () => {
    expect(addMonths('2026-01-31T10:00:00.000Z', 1)).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths('2026-11-24T16:00:00.000Z', 1)).toBe('2026-12-24T16:00:00.000Z');
    expect(addMonths('2028-02-29T00:00:00.000Z', 12)).toBe('2029-02-28T00:00:00.000Z');
    expect(addMonths('2026-12-15T00:00:00.000Z', 12)).toBe('2027-12-15T00:00:00.000Z');
  });
});
