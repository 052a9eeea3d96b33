/**
 * Invoice arithmetic of spec §9 (issue 27): money is integer sen; SST is computed per line at the rate in force on the
 * invoice's date, rounded half up to the sen (half away from zero for a credit note's negative lines); an invoice's
 * subtotal, SST and total are sums of its lines. Rates are basis points (6% is 600), so no fraction is ever a float.
 */
import { ADVERTISER_PACKAGES } from './constants.ts';
import type { PaidPlan } from './plans.ts';

/**
 * Who takes a payment: a bank transfer (the default), the hosted checkout (Billplz), or the local sandbox checkout
 * (development machines and tests only: no money moves).
 */
export const PAYMENT_PROVIDERS = ['bank_transfer', 'billplz', 'sandbox'] as const;

/** The hosted checkout a buyer pays online through, of the providers accepted (Billplz before the sandbox). */
export const onlineProvider = (providers: readonly PaymentProvider[]): PaymentProvider | undefined => providers.find((provider) => provider === 'billplz')
  ?? providers.find((provider) => provider === 'sandbox');
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export type BillingPeriod = 'monthly' | 'yearly';

/** `amount × rate / 10,000`, rounded half away from zero to a whole sen, in integers only. */
export function sstOf(amountSen: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(amountSen) || !Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) throw new RangeError('Amounts are whole sen and rates whole basis points.');
  const sign = amountSen < 0 ? -1 : 1;
  const product = Math.abs(amountSen) * rateBasisPoints;
  const whole = Math.floor(product / 10_000);
  return sign * (whole + (product % 10_000 >= 5_000 ? 1 : 0));
}

/** What a line bills: a plan's period, an ad going live (PAY-PER-POST), a late amendment, or a credit. */
export type LinePurpose = 'plan' | 'ad' | 'amendment' | 'credit';

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  unit_sen: number;
  /** A plan's period when not given. */
  purpose?: LinePurpose;
  /** The ad an `ad` or `amendment` line is for. */
  post_id?: number | null;
}

export interface InvoiceLine extends InvoiceLineInput {
  amount_sen: number;
  sst_sen: number;
}

/** Lines with their amounts and SST, and the invoice's totals as sums of them. */
export function priceLines(lines: readonly InvoiceLineInput[], rateBasisPoints: number): { lines: InvoiceLine[]; subtotal_sen: number; sst_sen: number; total_sen: number } {
  const priced = lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new RangeError('A line has a whole quantity of at least 1.');
    const amount = line.quantity * line.unit_sen;
    return { ...line, amount_sen: amount, sst_sen: sstOf(amount, rateBasisPoints) };
  });
  const subtotal = priced.reduce((total, line) => total + line.amount_sen, 0);
  const sst = priced.reduce((total, line) => total + line.sst_sen, 0);
  return { lines: priced, subtotal_sen: subtotal, sst_sen: sst, total_sen: subtotal + sst };
}

/** A plan's price for a period, in sen (spec §9, excluding SST). */
export function planPriceSen(plan: PaidPlan, period: BillingPeriod): number {
  const row = ADVERTISER_PACKAGES.find((item) => item.code === plan)!;
  return Math.round((period === 'yearly' ? row.yearPrice! : row.monthPrice!) * 100);
}

/** An invoice's number: YP-{year}-{sequence of that year, six digits}, without gaps. */
export function invoiceNumber(series: 'YP' | 'CN', year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The SST rate on a day, from a schedule of [first day, basis points], oldest first (configuration). */
export function sstRateOn(day: string, schedule: readonly (readonly [from: string, basisPoints: number])[]): number {
  let rate: number | undefined;
  for (const [from, basisPoints] of schedule) if (from <= day) rate = basisPoints;
  if (rate === undefined) throw new RangeError(`No SST rate is configured for ${day}.`);
  return rate;
}

/** An invoice as its buyer reads it (GET invoices/{id}): as issued, with how to pay it while unpaid. */
export interface InvoiceView {
  id: number;
  number: string;
  kind: 'invoice' | 'credit_note';
  corrects_invoice_id: number | null;
  profile_id: number | null;
  status: 'issued' | 'paid' | 'void';
  seller: { name?: string; address?: string; sst_registration?: string };
  buyer: { name?: string; company_no?: string | null; address?: string | null; contact?: string; email?: string | null };
  /** A monthly plan's invoice: what is owed now and what its 12-month minimum means (GET invoices/{id} only). */
  term_note?: string | null;
  lines: InvoiceLine[];
  sst_rate_bp: number;
  /** The rate in percent (6). */
  sst_rate: number;
  subtotal_sen: number;
  sst_sen: number;
  total_sen: number;
  issued_at: string;
  due_at: string;
  paid_at: string | null;
  /** Why it was voided (it went live another way, it was issued in error), or null. */
  void_reason: string | null;
  /** How to pay it while unpaid: the bank transfer's details, and every provider that takes it. */
  payment: { method: 'bank_transfer'; account: string; reference: string; providers: PaymentProvider[] } | null;
}
