/**
 * The calendar of paid plans (spec §9): months added the way a plan's periods run, the 12-month minimum, and what a
 * monthly plan's invoice says of it (issue 40).
 */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { SubscriptionRow } from '../db/rows.ts';
import type { Locale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';

/** The same day `months` calendar months on (the 31st of a shorter month falls on its last day). */
export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.toISOString();
}

/** The minimum listing period (spec §9): a plan's run of paid periods lasts at least this many months. */
export const MINIMUM_MONTHS = 12;

/**
 * What a monthly plan's invoice says of its 12-month minimum (issue 40), plainly: what is owed now, that each month is
 * invoiced on its own, what the minimum comes to in all, and when cancelling takes effect. Null for a yearly plan (its
 * one invoice is the whole year).
 */
export function minimumTermNote(subscription: Pick<SubscriptionRow, 'plan' | 'period' | 'starts_at' | 'ends_at' | 'term_starts_at'>, totalSen: number, locale: Locale): string | null {
  if (subscription.period !== 'monthly') return null;
  const ringgit = (sen: number) => `RM ${(sen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const termStart = subscription.term_starts_at ?? subscription.starts_at;
  const termEnd = addMonths(termStart, MINIMUM_MONTHS);
  const day = (iso: string) => malaysiaToday(Date.parse(iso));
  return m.inv_term_note({
    owed: ringgit(totalSen), from: day(subscription.starts_at), to: day(new Date(Date.parse(subscription.ends_at) - 1).toISOString()),
    plan: subscription.plan, months: MINIMUM_MONTHS, start: day(termStart), total: ringgit(totalSen * MINIMUM_MONTHS),
    end: day(new Date(Date.parse(termEnd) - 1).toISOString()),
  }, { locale });
}
