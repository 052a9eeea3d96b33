/** Owners' answers to reviews (migration 0019), for every backend. */
import type { ListingRef, OwnerReviewRow, ReviewToAnswer } from '../rows.ts';
import { findOwnedListings } from './insights.ts';
import { FALSE, flag, type QueryDb } from './query.ts';

/** A review with what answering it needs: its listing, who owns that, who wrote the review, and whether it has an answer. */
export async function findReviewToAnswer(db: QueryDb, reviewId: number): Promise<ReviewToAnswer | undefined> {
  const row = await db.selectFrom('reviews as r')
    .leftJoin('posts as p', 'p.id', 'r.post_id')
    .leftJoin('profiles as pp', 'pp.id', 'p.profile_id')
    .leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
    .select([
      'r.id', 'r.post_id', 'r.profile_id', 'r.hidden', 'r.reviewer_name', 'u.email as reviewer_email', 'p.type as post_type', 'p.title as post_title',
      'p.owner_user_id as post_owner_user_id', 'pp.owner_user_id as post_profile_owner_user_id', 'pr.name as profile_name',
      'pr.owner_user_id as profile_owner_user_id', 'rr.review_id as answered',
    ])
    .where('r.id', '=', reviewId).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: Number(row.id),
    listing: row.post_id !== null ? { type: row.post_type as ReviewToAnswer['listing']['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) },
    listing_title: (row.post_id !== null ? row.post_title : row.profile_name) ?? '',
    hidden: flag(row.hidden),
    reviewer_name: row.reviewer_name,
    reviewer_email: row.reviewer_email ?? null,
    post_owner_user_id: row.post_owner_user_id === null ? null : Number(row.post_owner_user_id),
    profile_owner_user_id: (row.post_id !== null ? row.post_profile_owner_user_id : row.profile_owner_user_id) === null ? null
      : Number(row.post_id !== null ? row.post_profile_owner_user_id : row.profile_owner_user_id),
    answered: row.answered !== null,
  };
}

/** The listing a review is about, or undefined when there is no such review. */
export async function findReviewListing(db: QueryDb, reviewId: number): Promise<ListingRef | undefined> {
  const row = await db.selectFrom('reviews as r').leftJoin('posts as p', 'p.id', 'r.post_id').select(['r.post_id', 'r.profile_id', 'p.type']).where('r.id', '=', reviewId).executeTakeFirst();
  if (!row) return undefined;
  return row.post_id !== null ? { type: row.type as ListingRef['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) };
}

/** Saves the answer to a review (a first one, or an edit); true when it is the first. */
export async function saveReviewReply(db: QueryDb, reviewId: number, userId: number, content: string, now: string): Promise<boolean> {
  const existing = await db.selectFrom('review_replies').select('review_id').where('review_id', '=', reviewId).executeTakeFirst();
  if (existing) {
    await db.updateTable('review_replies').set({ content, user_id: userId, updated_at: now }).where('review_id', '=', reviewId).execute();
    return false;
  }
  await db.insertInto('review_replies').values({ review_id: reviewId, user_id: userId, content, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('review_id').doUpdateSet({ content, user_id: userId, updated_at: now })).execute();
  return true;
}

export async function deleteReviewReply(db: QueryDb, reviewId: number): Promise<boolean> {
  const result = await db.deleteFrom('review_replies').where('review_id', '=', reviewId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The visible reviews of the listings a user may answer for (their businesses, their businesses' ads, their own hireme
 * ads), newest first: the listings are found first (indexed reads), then their reviews by the reviews' own indexes.
 */
export async function findReviewsToAnswer(db: QueryDb, userId: number, limit: number): Promise<OwnerReviewRow[]> {
  const owned = await findOwnedListings(db, userId);
  const postIds = owned.filter((listing) => listing.type !== 'profile').map((listing) => listing.id);
  const profileIds = owned.filter((listing) => listing.type === 'profile').map((listing) => listing.id);
  if (owned.length === 0) return [];
  const rows = await db.selectFrom('reviews as r')
    .leftJoin('posts as p', 'p.id', 'r.post_id')
    .leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
    .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
    .select([
      'r.id', 'r.post_id', 'r.profile_id', 'p.type as post_type', 'p.slug as post_slug', 'p.title as post_title', 'pr.slug as profile_slug',
      'pr.name as profile_name', 'r.reviewer_name', 'r.rating', 'r.content', 'r.created_at', 'rr.content as reply_content', 'rr.created_at as reply_created_at',
    ])
    .where('r.hidden', '=', FALSE)
    .where((eb) => eb.or([
      ...(postIds.length ? [eb('r.post_id', 'in', postIds)] : []),
      ...(profileIds.length ? [eb('r.profile_id', 'in', profileIds)] : []),
    ]))
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    listing: row.post_id !== null ? { type: row.post_type as OwnerReviewRow['listing']['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) },
    listing_slug: (row.post_id !== null ? row.post_slug : row.profile_slug) ?? '',
    listing_title: (row.post_id !== null ? row.post_title : row.profile_name) ?? '',
    reviewer_name: row.reviewer_name, rating: Number(row.rating), content: row.content, created_at: row.created_at,
    reply_content: row.reply_content ?? null, reply_created_at: row.reply_created_at ?? null,
  }));
}
