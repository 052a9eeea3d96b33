/**
 * Display helpers for prices, counts and dates, shared by pages and islands, through `Intl` in the language being
 * rendered (issue 42: en-MY, ms-MY or zh-Hans-MY); money is always 'RM'.
 */
import { CURRENCY_LABEL } from './constants.ts';
import { currentLocale } from './i18n.ts';
import { INTL_LOCALE, type Locale } from './locale.ts';

const amounts = new Map<Locale, Intl.NumberFormat>();

function amount(locale: Locale): Intl.NumberFormat {
  let format = amounts.get(locale);
  if (!format) amounts.set(locale, format = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 }));
  return format;
}

/** What a price box says without an amount (spec §2), in each language. */
const NEGOTIABLE: Record<Locale, string> = { en: 'Negotiable', ms: 'Boleh dirunding', zh: '面议' };

/** 'RM 1,200' */
export function formatMoney(value: number, currency: string = CURRENCY_LABEL, locale: Locale = currentLocale()): string {
  return `${currency} ${amount(locale).format(value)}`;
}

/** 'RM 100 - RM 250', 'RM 100', or 'Negotiable' when no amount is given (spec §2 price box). */
export function formatPriceRange(min: number | null, max: number | null, currency: string = CURRENCY_LABEL, locale: Locale = currentLocale()): string {
  if (min === null && max === null) return NEGOTIABLE[locale];
  if (min !== null && max !== null && max !== min) return `${formatMoney(min, currency, locale)} - ${formatMoney(max, currency, locale)}`;
  return formatMoney((min ?? max)!, currency, locale);
}

/** '1,234' */
export function formatCount(value: number, locale: Locale = currentLocale()): string {
  return amount(locale).format(value);
}

/** A day as a list shows it: 'Mon, 30 Mar', 'Isn, 30 Mac', '3月30日周一' (the date is a calendar day, 'YYYY-MM-DD'). */
export function formatDay(date: string, locale: Locale = currentLocale()): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(INTL_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const WEEKDAY_INDEX: Record<string, number> = { Sunday: 0, Monday: 1, Tuesday: 2, Wednesday: 3, Thursday: 4, Friday: 5, Saturday: 6 };

/** A weekday the API names in English ('Monday', spec §3 business_hours) in `locale`: Isnin, 星期一. */
export function formatWeekday(day: string, locale: Locale = currentLocale()): string {
  const index = WEEKDAY_INDEX[day];
  // 2023-01-01 was a Sunday.
  return index === undefined ? day : new Date(Date.UTC(2023, 0, 1 + index)).toLocaleDateString(INTL_LOCALE[locale], { weekday: 'long', timeZone: 'UTC' });
}
