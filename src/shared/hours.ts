/**
 * Opening hours in Malaysia time (UTC+8 all year, no daylight saving), and the rule for ranges past midnight
 * (issue 40): storage never crosses midnight. 22:00–02:00 on Friday is kept as Friday 22:00–23:59 and Saturday
 * 00:00–02:00, where 23:59 means midnight; "open now", the profile page and the editor read them back as one range
 * (Friday 22:00–02:00). Anything later that counts time inside opening hours follows this rule.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The stored close that means midnight. */
export const MIDNIGHT = '23:59';

export interface Range {
  opens: string;
  closes: string;
}

/** A day's stored row (0 = Sunday … 6 = Saturday). */
export interface HoursRow extends Range {
  day: number;
}

/** An open-24-hours day as stored. */
const whole = (range: Range) => range.opens === '00:00' && range.closes === MIDNIGHT;

/**
 * A week of ranges as typed (a range may close after midnight: opens > closes) as stored: each overnight range is
 * split into its day's part up to 23:59 and the next day's part from 00:00.
 */
export function splitAtMidnight(days: readonly { day: number; ranges: readonly Range[] }[]): HoursRow[] {
  const rows: HoursRow[] = [];
  for (const { day, ranges } of days) {
    for (const range of ranges) {
      if (range.opens < range.closes) rows.push({ day, ...range });
      else {
        rows.push({ day, opens: range.opens, closes: MIDNIGHT });
        if (range.closes !== '00:00') rows.push({ day: (day + 1) % 7, opens: '00:00', closes: range.closes });
      }
    }
  }
  return rows.sort((a, b) => a.day - b.day || a.opens.localeCompare(b.opens));
}

/**
 * Stored rows read back as people think of them: a day's range closing at 23:59 and the next day's opening at 00:00
 * become one range closing after midnight (opens > closes), unless either day is open 24 hours. Per day, in order.
 */
export function joinAcrossMidnight(rows: readonly HoursRow[]): Map<number, Range[]> {
  const byDay = new Map<number, Range[]>([0, 1, 2, 3, 4, 5, 6].map((day) => [day, rows.filter((row) => row.day === day)
    .map(({ opens, closes }) => ({ opens, closes })).sort((a, b) => a.opens.localeCompare(b.opens))]));
  const joined = new Map<number, Range[]>([...byDay].map(([day, ranges]) => [day, [...ranges]]));
  for (let day = 0; day < 7; day++) {
    const today = byDay.get(day)!;
    const next = byDay.get((day + 1) % 7)!;
    const last = today.at(-1);
    const early = next[0];
    if (!last || !early || last.closes !== MIDNIGHT || early.opens !== '00:00' || whole(last) || whole(early)) continue;
    const mine = joined.get(day)!;
    mine[mine.length - 1] = { opens: last.opens, closes: early.closes };
    joined.set((day + 1) % 7, joined.get((day + 1) % 7)!.filter((range) => range !== early));
  }
  return joined;
}

const toMinutes = (text: string) => {
  const [hour, minute] = text.split(':').map(Number);
  return (hour ?? 0) * 60 + (minute ?? 0);
};

/** Malaysian date ('2026-02-17') and weekday of a moment. */
export function malaysiaDay(now: Date): { date: string; weekday: number; minutes: number } {
  const local = new Date(now.getTime() + MALAYSIA_OFFSET_MS);
  return { date: local.toISOString().slice(0, 10), weekday: local.getUTCDay(), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Whether `minutes` of a day fall in a period of that day: 'HH:MM-HH:MM' (closing 23:59 covers the whole last minute). */
const within = (period: string, minutes: number, part: 'same' | 'after-midnight') => {
  const [opens, closes] = period.split('-');
  if (opens === undefined || closes === undefined) return false;
  const overnight = opens > closes;
  if (part === 'after-midnight') return overnight && minutes < toMinutes(closes);
  return overnight ? minutes >= toMinutes(opens) : minutes >= toMinutes(opens) && minutes <= toMinutes(closes);
};

/**
 * True when `now` falls in one of the day's periods ('09:00-18:00'; '22:00-02:00' runs past midnight), read in
 * Asia/Kuala_Lumpur. A dated exception (special hours) replaces its day's weekly hours; an exception with no period
 * is a closed day.
 */
export function isOpenNow(hours: { day: string; time: string[] }[], now: Date, special: readonly { date: string; time: string[] }[] = []): boolean {
  const { date, weekday, minutes } = malaysiaDay(now);
  const yesterdayDate = malaysiaDay(new Date(now.getTime() - 24 * 60 * 60 * 1000)).date;
  const periodsOf = (day: number, on: string) => special.find((entry) => entry.date === on)?.time
    ?? hours.find((entry) => entry.day === WEEKDAYS[day])?.time ?? [];
  return periodsOf(weekday, date).some((period) => within(period, minutes, 'same'))
    || periodsOf((weekday + 6) % 7, yesterdayDate).some((period) => within(period, minutes, 'after-midnight'));
}
