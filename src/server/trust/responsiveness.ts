/**
 * "Usually replies within N hours" (issue 45, decision 0033), stored on each owned profile by the daily job
 * `trust_signals`: the owner's first reply in each conversation or enquiry about the business or its ads whose first
 * message came in the last 90 days, counted in the business's opening hours and special hours (an individual's, or a
 * business with no hours, in every hour); unanswered past 24 counted hours counts as 24+. The median, rounded up to
 * 1, 2, 3, 6, 12 or 24; nothing under 5 conversations or above 24.
 */
import { openMinutesBetween, responseHours, RESPONSE_CAP_HOURS, type OpeningHours } from '../../shared/open-time.ts';
import type { AppContext } from '../app-types.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_DAYS = 90;
const BATCH = 200;

/** The counted hours to each first reply (null: unanswered past 24 counted hours); still-open waits under 24 are left out. */
export function countedWaits(hours: OpeningHours | null, replies: readonly { asked_at: string; replied_at: string | null }[], now: number): (number | null)[] {
  const waits: (number | null)[] = [];
  for (const reply of replies) {
    const asked = Date.parse(reply.asked_at);
    const counted = openMinutesBetween(hours, asked, reply.replied_at === null ? now : Date.parse(reply.replied_at)) / 60;
    if (reply.replied_at !== null) waits.push(counted > RESPONSE_CAP_HOURS ? null : counted);
    else if (counted >= RESPONSE_CAP_HOURS) waits.push(null);
  }
  return waits;
}

/** One profile's responsiveness now: N (or null) and over how many conversations. */
export async function profileResponsiveness(app: AppContext, profile: { id: number; kind: string; owner_user_id: number }): Promise<{ hours: number | null; count: number }> {
  const now = app.clock.now();
  const since = new Date(now - WINDOW_DAYS * DAY_MS).toISOString();
  const replies = await app.repos.trust.findReplyTimes(profile.id, profile.owner_user_id, since);
  const hours: OpeningHours | null = profile.kind === 'business' ? {
    weekly: await app.repos.catalog.findBusinessHours(profile.id),
    special: await app.repos.catalog.findSpecialHours(profile.id, since.slice(0, 10)),
  } : null;
  const waits = countedWaits(hours, replies, now);
  return { hours: responseHours(waits), count: waits.length };
}

/** The daily job: every owned profile's responsiveness, stored; answers how many changed. */
export async function updateTrustSignals(app: AppContext): Promise<number> {
  let changed = 0;
  for (let after = 0; ;) {
    const profiles = await app.repos.trust.findOwnedProfilesForTrust(after, BATCH);
    for (const profile of profiles) {
      const { hours, count } = await profileResponsiveness(app, profile);
      const differs = hours !== profile.response_hours;
      if (differs || count !== profile.response_count) await app.repos.trust.saveResponsiveness(profile.id, hours, count, differs);
      if (differs) changed += 1;
    }
    if (profiles.length < BATCH) return changed;
    after = profiles.at(-1)!.id;
  }
}
