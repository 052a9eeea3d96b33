/** Opening hours in Malaysia time (UTC+8 all year, no daylight saving). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** True when `now` falls in one of the day's periods ('09:00-18:00'), read in Asia/Kuala_Lumpur. */
export function isOpenNow(hours: { day: string; time: string[] }[], now: Date): boolean {
  const local = new Date(now.getTime() + MALAYSIA_OFFSET_MS);
  const day = WEEKDAYS[local.getUTCDay()];
  const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
  const toMinutes = (text: string) => {
    const [hour, minute] = text.split(':').map(Number);
    return (hour ?? 0) * 60 + (minute ?? 0);
  };
  return hours.some((entry) => entry.day === day && entry.time.some((period) => {
    const [opens, closes] = period.split('-');
    return opens !== undefined && closes !== undefined && minutes >= toMinutes(opens) && minutes <= toMinutes(closes);
  }));
}
