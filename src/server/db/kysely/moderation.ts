/**
 * Moderation (migrations 0024, 0025): open reports about posts, profiles and reviews; hiding, showing again and
 * removing them, for every backend. A hidden post is off the site like a draft; a hidden profile hides its page and
 * every ad under it (those ads remember that the profile hid them, so showing it again shows only them).
 */
import { sql } from 'kysely';
import type { HeldReviewRow, OpenReportRow } from '../rows.ts';
import { stored, type QueryDb } from './query.ts';

/** Open (unhandled) reports, oldest first: listings' and reviews'. */
export async function findOpenReports(db: QueryDb, limit: number): Promise<OpenReportRow[]> {
  const listings = await db.selectFrom('reports as r').leftJoin('posts as p', 'p.id', 'r.post_id').leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
    .leftJoin('profiles as pp', 'pp.id', 'p.profile_id')
    .select(['r.post_id', 'r.profile_id', 'p.type as post_type', 'p.title', 'p.slug as post_slug', 'pr.name', 'pr.slug as profile_slug', 'r.reason', 'r.description', 'r.user_id', 'r.client_hash', 'r.created_at',
      'pr.owner_user_id as profile_owner', 'pp.owner_user_id as post_profile_owner', 'p.owner_user_id as post_owner'])
    .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
  const reviews = await db.selectFrom('review_reports as r').innerJoin('reviews as v', 'v.id', 'r.review_id')
    .select(['r.review_id', 'v.content', 'r.reason', 'r.description', 'r.user_id', 'r.created_at'])
    .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
  const rows: OpenReportRow[] = [
    ...listings.map((row) => ({
      target: row.post_id !== null ? 'post' as const : 'profile' as const, target_id: Number(row.post_id ?? row.profile_id), post_type: row.post_type ?? null,
      title: (row.post_id !== null ? row.title : row.name) ?? '', slug: (row.post_id !== null ? row.post_slug : row.profile_slug) ?? null,
      reason: row.reason, description: row.description, user_id: row.user_id === null ? null : Number(row.user_id), client_hash: row.client_hash, created_at: row.created_at,
      owner_user_id: ((owner) => (owner === null || owner === undefined ? null : Number(owner)))(row.post_id === null ? row.profile_owner : row.post_type === 'hireme' ? row.post_owner : row.post_profile_owner),
    })),
    ...reviews.map((row) => ({
      target: 'review' as const, target_id: Number(row.review_id), post_type: null, title: row.content.slice(0, 120), slug: null,
      reason: row.reason, description: row.description, user_id: row.user_id === null ? null : Number(row.user_id), client_hash: null, created_at: row.created_at, owner_user_id: null,
    })),
  ];
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at)).slice(0, limit);
}

/** Marks the open reports about a target handled (dismissed, or acted on); answers how many. */
export async function handleReports(db: QueryDb, target: { kind: 'post' | 'profile' | 'review'; id: number }, now: string): Promise<number> {
  const result = target.kind === 'review'
    ? await db.updateTable('review_reports').set({ handled_at: now }).where('review_id', '=', target.id).where('handled_at', 'is', null).executeTakeFirst()
    : await db.updateTable('reports').set({ handled_at: now }).where(target.kind === 'post' ? 'post_id' : 'profile_id', '=', target.id).where('handled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The status a post shown again goes back to: live while its time runs, else expired. */
const shownStatus = (now: string) => sql<string>`CASE WHEN expires_at IS NULL OR expires_at > ${now} THEN 'active' ELSE 'expired' END`;

/** Hides a live or expired post; false when it was not (a draft, removed, or hidden already). */
export async function hidePost(db: QueryDb, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('posts').set({ status: 'hidden', hidden_by: 'post', updated_at: now }).where('id', '=', id).where('status', 'in', ['active', 'expired']).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Shows a post its own hiding hid; false when it was not hidden so. */
export async function unhidePost(db: QueryDb, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('posts').set({ status: shownStatus(now), hidden_by: null, updated_at: now }).where('id', '=', id).where('status', '=', 'hidden').where('hidden_by', '=', 'post').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a post for good (its page says so); false when it was removed already. */
export async function removePost(db: QueryDb, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('posts').set({ status: 'removed', hidden_by: null, updated_at: now }).where('id', '=', id).where('status', '!=', 'removed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Hides a profile and its live and expired posts; answers the posts' ids (none, and false, when it was hidden already). */
export async function hideProfile(db: QueryDb, id: number, now: string, by: 'operator' | 'suspension' = 'operator'): Promise<{ changed: boolean; posts: number[] }> {
  const result = await db.updateTable('profiles').set({ hidden_at: now, hidden_by: by, updated_at: now }).where('id', '=', id).where('hidden_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { changed: false, posts: [] };
  const posts = await db.updateTable('posts').set({ status: 'hidden', hidden_by: 'profile', updated_at: now }).where('profile_id', '=', id).where('status', 'in', ['active', 'expired']).returning('id').execute();
  return { changed: true, posts: posts.map((row) => Number(row.id)) };
}

/** Shows a hidden profile again (only one its owner's suspension hid, given `by`), with the posts its hiding hid. */
export async function unhideProfile(db: QueryDb, id: number, now: string, by?: 'suspension'): Promise<{ changed: boolean; posts: number[] }> {
  let query = db.updateTable('profiles').set({ hidden_at: null, hidden_by: null, updated_at: now }).where('id', '=', id).where('hidden_at', 'is not', null);
  if (by) query = query.where('hidden_by', '=', by);
  const result = await query.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { changed: false, posts: [] };
  const posts = await db.updateTable('posts').set({ status: shownStatus(now), hidden_by: null, updated_at: now }).where('profile_id', '=', id).where('status', '=', 'hidden').where('hidden_by', '=', 'profile').returning('id').execute();
  return { changed: true, posts: posts.map((row) => Number(row.id)) };
}

/** Removes a profile: hidden for good, its ads removed. */
export async function removeProfile(db: QueryDb, id: number, now: string): Promise<{ changed: boolean; posts: number[] }> {
  await db.updateTable('profiles').set({ hidden_at: now, hidden_by: 'operator', updated_at: now }).where('id', '=', id).where('hidden_at', 'is', null).execute();
  const posts = await db.updateTable('posts').set({ status: 'removed', hidden_by: null, updated_at: now }).where('profile_id', '=', id).where('status', '!=', 'removed').returning('id').execute();
  return { changed: posts.length > 0, posts: posts.map((row) => Number(row.id)) };
}

/**
 * Hides, shows, publishes (a held one) or removes a review; false when nothing changed (a removed review stays
 * removed; only a held review is published). Any decision ends its hold.
 */
export async function moderateReview(db: QueryDb, id: number, action: 'hide' | 'unhide' | 'remove' | 'publish', now: string): Promise<boolean> {
  const visible = action === 'unhide' || action === 'publish';
  let query = db.updateTable('reviews').set(action === 'remove' ? { hidden: stored(true), removed_at: now, held_reason: null } : { hidden: stored(!visible), held_reason: null })
    .where('id', '=', id).where('removed_at', 'is', null);
  if (action === 'publish') query = query.where('held_reason', 'is not', null);
  else if (action === 'hide') query = query.where((eb) => eb.or([eb('hidden', '=', stored(false)), eb('held_reason', 'is not', null)]));
  else if (action === 'unhide') query = query.where('hidden', '=', stored(true)).where('held_reason', 'is', null);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Reviews held by an automatic check, oldest first, with their listing. */
export async function findHeldReviews(db: QueryDb, limit: number): Promise<HeldReviewRow[]> {
  const rows = await db.selectFrom('reviews').select(['id', 'post_id', 'profile_id', 'reviewer_name', 'rating', 'content', 'held_reason', 'created_at'])
    .where('held_reason', 'is not', null).where('removed_at', 'is', null).orderBy('updated_at').orderBy('id').limit(limit).execute();
  return rows.map((row) => ({
    ...row, id: Number(row.id), post_id: row.post_id === null ? null : Number(row.post_id), profile_id: row.profile_id === null ? null : Number(row.profile_id),
    rating: Number(row.rating), held_reason: row.held_reason!,
  }));
}

/** How many reviews of a listing one client wrote since a time (a burst is held). */
export async function countClientReviews(db: QueryDb, listing: { column: 'post_id' | 'profile_id'; id: number }, clientHash: string, since: string): Promise<number> {
  const row = await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where(listing.column, '=', listing.id).where('client_hash', '=', clientHash)
    .where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A suspended account: since when, until when (none: until restored), and why. */
export async function findSuspension(db: QueryDb, userId: number): Promise<{ suspended_at: string; until: string | null; reason: string } | undefined> {
  const row = await db.selectFrom('users').select(['suspended_at', 'suspended_until', 'suspension_reason']).where('id', '=', userId).where('suspended_at', 'is not', null).executeTakeFirst();
  return row && { suspended_at: row.suspended_at!, until: row.suspended_until, reason: row.suspension_reason ?? '' };
}

/**
 * Suspends an account: its sessions end, every profile it owns (and their ads) is hidden as the suspension's, and
 * its businesses' paid plans stop renewing at their period's end. Answers the profiles and posts it hid.
 */
export async function suspendUser(db: QueryDb, userId: number, suspension: { until: string | null; reason: string }, now: string): Promise<{ profiles: number[]; posts: number[] }> {
  await db.updateTable('users').set({ suspended_at: now, suspended_until: suspension.until, suspension_reason: suspension.reason, updated_at: now }).where('id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  const owned = (await db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId).execute()).map((row) => Number(row.id));
  const profiles: number[] = [];
  const posts: number[] = [];
  for (const id of owned) {
    const hidden = await hideProfile(db, id, now, 'suspension');
    if (hidden.changed) profiles.push(id);
    posts.push(...hidden.posts);
  }
  if (owned.length > 0) {
    await db.updateTable('subscriptions').set({ cancel_at: sql<string>`ends_at` }).where('profile_id', 'in', owned).where('kind', '=', 'paid')
      .where('status', '=', 'active').where('closed_at', 'is', null).where((eb) => eb.or([eb('cancel_at', 'is', null), eb('cancel_at', '>', eb.ref('ends_at'))])).execute();
  }
  return { profiles, posts };
}

/** Restores a suspended account: it may sign in again, and what its suspension hid is shown again. */
export async function restoreUser(db: QueryDb, userId: number, now: string): Promise<{ profiles: number[]; posts: number[] }> {
  await db.updateTable('users').set({ suspended_at: null, suspended_until: null, suspension_reason: null, updated_at: now }).where('id', '=', userId).execute();
  const hidden = (await db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId).where('hidden_by', '=', 'suspension').execute()).map((row) => Number(row.id));
  const posts: number[] = [];
  for (const id of hidden) posts.push(...(await unhideProfile(db, id, now, 'suspension')).posts);
  return { profiles: hidden, posts };
}

/** Accounts whose suspension has run out by `now`. */
export async function findEndedSuspensions(db: QueryDb, now: string, limit: number): Promise<number[]> {
  return (await db.selectFrom('users').select('id').where('suspended_until', 'is not', null).where('suspended_until', '<=', now).limit(limit).execute()).map((row) => Number(row.id));
}
