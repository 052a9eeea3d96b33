/**
 * Time inside opening hours (issue 45): how many minutes of [from, to) a business was open, as 'open now' reads its
 * hours, in Malaysian time (UTC+8). Stored ranges never cross midnight (a close of 23:59 means midnight), so time runs
 * on across it: Friday 22:00–23:59 and Saturday 00:00–02:00 are one stretch. A dated special day replaces its weekday
 * (Ramadan hours are dated rows); a dated day with no range is closed and counts nothing. With no hours stored, every
 * minute counts.
 */
import { MIDNIGHT } from './hours.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MALAYSIA_OFFSET_MS = 8 * 60 * MINUTE_MS;

export interface OpeningHours {
  /** The week's stored rows (0 = Sunday … 6 = Saturday). */
  weekly: readonly { day: number; opens: string; closes: string }[];
  /** Dated rows; `opens` null is a closed day. */
  special: readonly { date: string; opens: string | null; closes: string | null }[];
}

const minutesOf = (text: string) => (text === MIDNIGHT ? 24 * 60 : Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5)));

/** Minutes of [from, to) (epoch milliseconds) inside the hours; every minute when none are stored. */
export function openMinutesBetween(hours: OpeningHours | null, from: number, to: number): number {
  if (to <= from) return 0;
  if (!hours || (hours.weekly.length === 0 && hours.special.length === 0)) return (to - from) / MINUTE_MS;
  const special = new Map<string, { opens: string | null; closes: string | null }[]>();
  for (const row of hours.special) special.set(row.date, [...(special.get(row.date) ?? []), row]);
  let total = 0;
  // Each Malaysian day the span touches: its midnight in epoch time, then its ranges clipped to the span.
  let dayStart = Math.floor((from + MALAYSIA_OFFSET_MS) / DAY_MS) * DAY_MS - MALAYSIA_OFFSET_MS;
  for (; dayStart < to; dayStart += DAY_MS) {
    const local = new Date(dayStart + MALAYSIA_OFFSET_MS);
    const dated = special.get(local.toISOString().slice(0, 10));
    const ranges = dated ? dated.filter((row) => row.opens !== null && row.closes !== null) as { opens: string; closes: string }[]
      : hours.weekly.filter((row) => row.day === local.getUTCDay());
    for (const range of ranges) {
      const opens = dayStart + minutesOf(range.opens) * MINUTE_MS;
      const closes = dayStart + minutesOf(range.closes) * MINUTE_MS;
      total += Math.max(0, Math.min(closes, to) - Math.max(opens, from)) / MINUTE_MS;
    }
  }
  return total;
}

/** The rounding of "Usually replies within N hours". */
const RESPONSE_STEPS = [1, 2, 3, 6, 12, 24] as const;
/** Conversations needed before the badge shows. */
const RESPONSE_MINIMUM = 5;
/** Counted hours after which an unanswered conversation counts as 24+. */
export const RESPONSE_CAP_HOURS = 24;

/**
 * "Usually replies within N hours" from each conversation's first reply, in counted hours (null: unanswered past 24
 * counted hours, which counts as 24+): the median, rounded up to 1, 2, 3, 6, 12 or 24; null (nothing shown) under 5
 * conversations, or when the median is above 24.
 */
export function responseHours(waits: readonly (number | null)[]): number | null {
  if (waits.length < RESPONSE_MINIMUM) return null;
  const sorted = waits.map((wait) => wait ?? Number.POSITIVE_INFINITY).sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  if (!(median <= RESPONSE_CAP_HOURS)) return null;
  return RESPONSE_STEPS.find((step) => median <= step) ?? null;
}
