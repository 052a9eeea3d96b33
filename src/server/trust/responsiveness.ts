/**
 * "Usually replies within N hours" (issue 45, decision 0033), stored on each owned profile by the daily job
 * `trust_signals`: the owner's first reply in each conversation or enquiry about the business or its ads whose first
 * message came in the last 90 days, counted in the business's opening hours and special hours (an individual's, or a
 * business with no hours, in every hour); unanswered past 24 counted hours counts as 24+. One wait per person (their
 * first conversation), and only established people count (probe finding 3: five throwaway accounts earned "within 1
 * hour"): an account at least 14 days old at its first message, with activity beyond this business, sharing no
 * sign-in client or device with the owner or another counted person. The median, rounded up to 1, 2, 3, 6, 12 or 24;
 * nothing under 5 people or above 24; the badge says how many people stand behind it.
 */
import { openMinutesBetween, responseHours, RESPONSE_CAP_HOURS, type OpeningHours } from '../../shared/open-time.ts';
import type { TrustDeps } from './deps.ts';
import { profileChanged } from '../changes.ts';
import { isSharedClient } from '../client-ip.ts';
import type { PersonFactsRow, ReplyTimeRow } from '../db/trust-rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_DAYS = 90;
const BATCH = 200;
/** An opener counts once their account is this old at their first message. */
export const ESTABLISHED_DAYS = 14;
/**
 * A sign-in client links two accounts only when at most this many accounts signed in from it in the window: a home or
 * a small shop, not a carrier's or an office's shared address (as the review filter weighs a busy client).
 */
const LINKING_CLIENT_ACCOUNTS = 10;

/** True when two people share a device, or a sign-in client few accounts use. */
export function linked(a: PersonFactsRow, b: PersonFactsRow): boolean {
  if (a.devices.some((device) => b.devices.includes(device))) return true;
  const theirs = new Set(b.clients.map((entry) => entry.client));
  return a.clients.some((entry) => theirs.has(entry.client) && !isSharedClient(entry.client) && entry.accounts <= LINKING_CLIENT_ACCOUNTS);
}

/**
 * The conversations that count, one per person (their first): from established people, in the order they first wrote,
 * each linked neither to the owner nor to a person counted before them.
 */
function countedConversations(replies: readonly ReplyTimeRow[], facts: readonly PersonFactsRow[], ownerId: number): ReplyTimeRow[] {
  const byId = new Map(facts.map((person) => [person.user_id, person]));
  const owner = byId.get(ownerId);
  const firsts = new Map<number, ReplyTimeRow>();
  for (const reply of [...replies].sort((a, b) => a.asked_at.localeCompare(b.asked_at))) {
    if (reply.person_user_id !== null && !firsts.has(reply.person_user_id)) firsts.set(reply.person_user_id, reply);
  }
  const counted: PersonFactsRow[] = [];
  const kept: ReplyTimeRow[] = [];
  for (const [userId, reply] of firsts) {
    const person = byId.get(userId);
    if (!person || person.user_id === ownerId) continue;
    const established = Date.parse(reply.asked_at) - Date.parse(person.created_at) >= ESTABLISHED_DAYS * DAY_MS && person.activity > 0;
    if (!established || (owner && linked(person, owner)) || counted.some((other) => linked(person, other))) continue;
    counted.push(person);
    kept.push(reply);
  }
  return kept;
}
/** The counted hours to each first reply (null: unanswered past 24 counted hours); still-open waits under 24 are left out. */
function countedWaits(hours: OpeningHours | null, replies: readonly { asked_at: string; replied_at: string | null }[], now: number): (number | null)[] {
  const waits: (number | null)[] = [];
  for (const reply of replies) {
    const asked = Date.parse(reply.asked_at);
    const counted = openMinutesBetween(hours, asked, reply.replied_at === null ? now : Date.parse(reply.replied_at)) / 60;
    if (reply.replied_at !== null) waits.push(counted > RESPONSE_CAP_HOURS ? null : counted);
    else if (counted >= RESPONSE_CAP_HOURS) waits.push(null);
  }
  return waits;
}

/** One profile's responsiveness now: N (or null) and over how many people. */
async function profileResponsiveness(app: TrustDeps, profile: { id: number; kind: string; owner_user_id: number }): Promise<{ hours: number | null; count: number }> {
  const now = app.clock.now();
  const since = new Date(now - WINDOW_DAYS * DAY_MS).toISOString();
  const conversations = await app.repos.trust.findReplyTimes(profile.id, profile.owner_user_id, since);
  const people = [...new Set(conversations.flatMap((row) => (row.person_user_id === null ? [] : [row.person_user_id])))];
  const facts = await app.repos.trust.findPersonFacts(profile.id, [...people, profile.owner_user_id], since);
  const replies = countedConversations(conversations, facts, profile.owner_user_id);
  const hours: OpeningHours | null = profile.kind === 'business' ? {
    weekly: await app.repos.catalog.findBusinessHours(profile.id),
    special: await app.repos.catalog.findSpecialHours(profile.id, since.slice(0, 10)),
  } : null;
  const waits = countedWaits(hours, replies, now);
  return { hours: responseHours(waits), count: waits.length };
}

/** The daily job: every owned profile's responsiveness, stored; answers how many changed. */
export async function updateTrustSignals(app: TrustDeps): Promise<number> {
  let changed = 0;
  for (let after = 0; ;) {
    const profiles = await app.repos.trust.findOwnedProfilesForTrust(after, BATCH);
    for (const profile of profiles) {
      const { hours, count } = await profileResponsiveness(app, profile);
      const differs = hours !== profile.response_hours;
      if (differs || count !== profile.response_count) {
        // The badge shows on the business's pages: a new N drops them, in the same transaction.
        await app.repos.transaction(async (tx) => {
          await tx.trust.saveResponsiveness(profile.id, hours, count);
          if (differs) await profileChanged(tx, profile.id);
        });
      }
      if (differs) changed += 1;
    }
    if (profiles.length < BATCH) return changed;
    after = profiles.at(-1)!.id;
  }
}
