/** Display helpers for prices and counts, shared by pages and islands. */
import { CURRENCY_LABEL } from './constants.ts';

const amount = new Intl.NumberFormat('en-MY', { maximumFractionDigits: 2 });

/** 'RM 1,200' */
export function formatMoney(value: number, currency: string = CURRENCY_LABEL): string {
  return `${currency} ${amount.format(value)}`;
}

/** 'RM 100 - RM 250', 'RM 100', or 'Negotiable' when no amount is given (spec §2 price box). */
export function formatPriceRange(min: number | null, max: number | null, currency: string = CURRENCY_LABEL): string {
  if (min === null && max === null) return 'Negotiable';
  if (min !== null && max !== null && max !== min) return `${formatMoney(min, currency)} - ${formatMoney(max, currency)}`;
  return formatMoney((min ?? max)!, currency);
}

/** '1,234' */
export function formatCount(value: number): string {
  return amount.format(value);
}
