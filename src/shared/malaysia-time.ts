/** Malaysia's calendar (UTC+8 all year, no daylight saving): days are counted there, not in UTC. */

/** The date in Malaysia at `now`, as YYYY-MM-DD. */
export function malaysiaToday(now = Date.now()): string {
  return new Date(now + 8 * 60 * 60_000).toISOString().slice(0, 10);
}
