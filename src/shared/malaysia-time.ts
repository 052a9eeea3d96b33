/** Malaysia's calendar (UTC+8 all year, no daylight saving): days are counted there, not in UTC. */

/** The date in Malaysia at `now`, as YYYY-MM-DD. */
export function malaysiaToday(now = Date.now()): string {
  return new Date(now + 8 * 60 * 60_000).toISOString().slice(0, 10);
}

/** The instant a Malaysian day (YYYY-MM-DD) begins, as an ISO time in UTC (16:00 the day before). */
export function malaysiaDayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString();
}

/** The Malaysian day after `day`. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The Malaysian day `days` before `day` (negative: after). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** The last time the clock in Malaysia read `hour`:00 at or before `now` (ms): when a daily mail is due. */
export function lastMalaysiaHour(now: number, hour: number): number {
  const today = Date.parse(malaysiaDayStart(malaysiaToday(now))) + hour * 60 * 60_000;
  return today <= now ? today : today - 86_400_000;
}

/** An instant as Malaysians read it (UTC+8, no daylight saving): '2026-12-02 10:15'. */
export function malaysiaTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 60 * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

