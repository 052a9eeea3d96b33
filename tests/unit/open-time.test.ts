import { describe, expect, it } from 'vitest';
import { openMinutesBetween, responseHours, type OpeningHours } from '../../src/shared/open-time.ts';

/**
 * Time inside opening hours and "Usually replies within N hours" (issue 45), each case computed by hand. Times are
 * Malaysian (UTC+8) unless written in UTC. 2026-11-27 is a Friday; 2026-11-30 a Monday.
 */
const my = (local: string) => Date.parse(`${local}:00+08:00`);
const utc = (instant: string) => Date.parse(`${instant}:00Z`);
const weekdays = (opens: string, closes: string) => [1, 2, 3, 4, 5].map((day) => ({ day, opens, closes }));
const OFFICE: OpeningHours = { weekly: weekdays('09:00', '18:00'), special: [] };
// A bar: Friday 22:00 to 02:00, stored as Friday 22:00–23:59 and Saturday 00:00–02:00 (23:59 means midnight).
const BAR: OpeningHours = { weekly: [{ day: 5, opens: '22:00', closes: '23:59' }, { day: 6, opens: '00:00', closes: '02:00' }], special: [] };

const minutes: [string, OpeningHours | null, number, number, number][] = [
  ['a closed weekend: Friday 17:30 to Monday 09:45 with 09:00–18:00', OFFICE, my('2026-11-27T17:30'), my('2026-11-30T09:45'), 75],
  ['inside one day', OFFICE, my('2026-11-30T10:00'), my('2026-11-30T11:30'), 90],
  ['from before opening', OFFICE, my('2026-11-30T07:00'), my('2026-11-30T09:30'), 30],
  ['message and reply both while closed', OFFICE, my('2026-11-28T10:00'), my('2026-11-29T15:00'), 0],
  ['overnight message answered next morning', OFFICE, my('2026-11-30T20:00'), my('2026-12-01T09:10'), 10],
  ['no hours stored: every minute', null, my('2026-11-30T10:00'), my('2026-11-30T13:00'), 180],
  ['no hours stored, over a weekend', null, my('2026-11-27T17:30'), my('2026-11-30T09:45'), 3855],
  ['empty hours count like none', { weekly: [], special: [] }, my('2026-11-30T10:00'), my('2026-11-30T10:45'), 45],
  ['across midnight: Friday 23:30 to Saturday 00:30 at a bar open to 02:00', BAR, my('2026-11-27T23:30'), my('2026-11-28T00:30'), 60],
  ['23:59 means midnight: Friday 23:00 to 00:00 is a whole hour', BAR, my('2026-11-27T23:00'), my('2026-11-28T00:00'), 60],
  ['the bar after it closes at 02:00', BAR, my('2026-11-28T01:00'), my('2026-11-28T05:00'), 60],
  ['open 24 hours on Wednesday', { weekly: [{ day: 3, opens: '00:00', closes: '23:59' }], special: [] }, my('2026-12-02T00:00'), my('2026-12-03T00:00'), 1440],
  ['the Malaysian day turns at 16:00 UTC: Monday 00:30 to 10:00', { weekly: [{ day: 1, opens: '09:00', closes: '18:00' }], special: [] }, utc('2026-11-29T16:30'), utc('2026-11-30T02:00'), 60],
  ['Monday 17:30 to Tuesday 00:30, written in UTC', OFFICE, utc('2026-11-30T09:30'), utc('2026-11-30T16:30'), 30],
  ['a dated closure counts nothing', { weekly: OFFICE.weekly, special: [{ date: '2026-11-30', opens: null, closes: null }] }, my('2026-11-27T17:30'), my('2026-12-01T09:45'), 75],
  ['Ramadan hours replace the week\'s', { weekly: OFFICE.weekly, special: [{ date: '2026-11-30', opens: '08:00', closes: '16:00' }] }, my('2026-11-30T07:00'), my('2026-11-30T17:00'), 480],
  ['a split day: 09:00–12:00 and 14:00–18:00', { weekly: [{ day: 1, opens: '09:00', closes: '12:00' }, { day: 1, opens: '14:00', closes: '18:00' }], special: [] }, my('2026-11-30T11:00'), my('2026-11-30T15:00'), 120],
  ['a reply before the message counts nothing', OFFICE, my('2026-11-30T11:00'), my('2026-11-30T10:00'), 0],
  ['a whole week', OFFICE, my('2026-11-30T09:00'), my('2026-12-07T09:00'), 2700],
];

describe('openMinutesBetween', () => {
  it.each(minutes)('%s', (_label, hours, from, to, expected) => {
    expect(openMinutesBetween(hours, from, to)).toBe(expected);
  });
});

const replies: [string, (number | null)[], number | null][] = [
  ['4 conversations hide the badge', [1, 1, 1, 1], null],
  ['5 show it: median 1.5 hours rounds up to 2', [0.5, 1, 1.5, 2, 3], 2],
  ['replies while closed (0 hours) read as within 1 hour', [0, 0, 0, 0, 0], 1],
  ['a median of exactly 3 stays 3', [3, 3, 3, 1, 5], 3],
  ['3.1 rounds up to 6', [3.1, 3.1, 3.1, 1, 5], 6],
  ['an even count takes the middle two: 3.5 rounds to 6', [1, 2, 3, 4, 5, 6], 6],
  ['silence never helps: most unanswered hide the badge', [1, null, null, null, 2], null],
  ['a few unanswered count as 24+', [1, 2, null, 3, null], 3],
  ['a median of 24 shows', [24, 24, 24, 1, null], 24],
  ['above 24 shows nothing', [23, 24, 25, 26, null, null], null],
];

describe('responseHours', () => {
  it.each(replies)('%s', (_label, waits, expected) => {
    expect(responseHours(waits)).toBe(expected);
  });
});
