/** Reviews of posts and profiles and the ratings they make (migrations 0003, 0009), for every backend. */
import { sql } from 'kysely';
import type { ListingRef, ReviewInput, ReviewMediaRow, ReviewRow } from '../rows.ts';
import { count, FALSE, stored, type QueryDb } from './query.ts';

/** The column naming the listing a review or report is about. */
export function listingColumn(listing: ListingRef): 'post_id' | 'profile_id' {
  return listing.type === 'profile' ? 'profile_id' : 'post_id';
}

/** One page of the visible reviews of a post or profile, newest first, and how many there are in all. */
export async function findReviews(db: QueryDb, listing: ListingRef, limit: number, offset: number): Promise<{ total: number; rows: ReviewRow[]; media: ReviewMediaRow[] }> {
  const column = listingColumn(listing);
  const counted = await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', listing.id).where('hidden', '=', FALSE).executeTakeFirst();
  const rows = await db.selectFrom('reviews as r').leftJoin('media as m', 'm.id', 'r.reviewer_image_id')
    .leftJoin('review_replies as rr', 'rr.review_id', 'r.id')
    .select([
      'r.id', 'r.reviewer_name', 'm.thumbnail as reviewer_image_thumbnail', 'm.full as reviewer_image_full',
      'm.thumbnail_webp as reviewer_image_thumbnail_webp', 'm.full_webp as reviewer_image_full_webp', 'r.rating', 'r.content', 'r.created_at',
      'rr.content as reply_content', 'rr.created_at as reply_created_at',
    ])
    .where(`r.${column}`, '=', listing.id).where('r.hidden', '=', FALSE)
    .orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute();
  const media = rows.length === 0 ? [] : await db.selectFrom('review_media as rm').innerJoin('media as m', 'm.id', 'rm.media_id')
    .select(['rm.review_id as owner_id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp'])
    .where('rm.review_id', 'in', rows.map((row) => row.id)).orderBy('rm.review_id').orderBy('rm.position').execute();
  return { total: count(counted?.n), rows: rows.map((row) => ({ ...row, rating: Number(row.rating) })), media };
}

/** True when the post (of that type) or profile exists. */
export async function listingExists(db: QueryDb, listing: ListingRef): Promise<boolean> {
  const row = listing.type === 'profile'
    ? await db.selectFrom('profiles').select('id').where('id', '=', listing.id).executeTakeFirst()
    : await db.selectFrom('posts').select('id').where('id', '=', listing.id).where('type', '=', listing.type).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inserts a review, or edits the same user's review of the listing; returns its id. One statement (an upsert on the
 * one-review-per-person index), so two sends at once by one person leave one review. Its images are another step.
 */
export async function upsertReview(db: QueryDb, review: Omit<ReviewInput, 'mediaIds'>, now: string): Promise<number> {
  const column = listingColumn(review.listing);
  // A review held by an automatic check (issue 28) is hidden until an operator publishes it.
  const held = review.heldReason ? { held_reason: review.heldReason, hidden: stored(true) } : {};
  const insert = db.insertInto('reviews').values({
    [column]: review.listing.id, user_id: review.userId, reviewer_name: review.reviewerName, rating: review.rating, content: review.content,
    client_hash: review.clientHash ?? null, device_hash: review.deviceHash ?? null, created_at: now, updated_at: now, ...held,
  });
  if (review.userId === null) return (await insert.returning('id').executeTakeFirstOrThrow()).id;
  const row = await insert.onConflict((conflict) => conflict.columns(['user_id', column]).where('user_id', 'is not', null).where(column, 'is not', null)
    .doUpdateSet({ rating: review.rating, content: review.content, reviewer_name: review.reviewerName, updated_at: now, ...(review.deviceHash ? { device_hash: review.deviceHash } : {}), ...held }))
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a review's images with these, in order. */
export async function setReviewMedia(db: QueryDb, reviewId: number, mediaIds: readonly number[]): Promise<void> {
  await db.deleteFrom('review_media').where('review_id', '=', reviewId).execute();
  if (mediaIds.length === 0) return;
  await db.insertInto('review_media').values(mediaIds.map((mediaId, position) => ({ review_id: reviewId, media_id: mediaId, position }))).execute();
}

/** Recomputes a listing's rating and rating_count from its visible reviews (the caller reindexes a post's search rows). */
export async function refreshRating(db: QueryDb, listing: ListingRef): Promise<void> {
  const column = listingColumn(listing);
  const visible = (eb: QueryDb) => eb.selectFrom('reviews').where(column, '=', listing.id).where('hidden', '=', FALSE);
  const rating = visible(db).select(sql<number>`coalesce(round(avg(rating), 1), 0)`.as('rating'));
  const ratingCount = visible(db).select((eb) => eb.fn.countAll<number>().as('n'));
  const changes = { rating: sql<number>`(${rating})`, rating_count: sql<number>`(${ratingCount})` };
  if (listing.type === 'profile') await db.updateTable('profiles').set(changes).where('id', '=', listing.id).execute();
  else await db.updateTable('posts').set(changes).where('id', '=', listing.id).execute();
}

/** A person's own review of a listing, and whether it waits for a check (held) or shows (issue 45). */
export async function findOwnReview(db: QueryDb, userId: number, listing: ListingRef): Promise<{ id: number; waiting: boolean } | undefined> {
  const row = await db.selectFrom('reviews').select(['id', 'held_reason']).where('user_id', '=', userId).where(listingColumn(listing), '=', listing.id)
    .where('removed_at', 'is', null).executeTakeFirst();
  return row && { id: Number(row.id), waiting: row.held_reason !== null };
}
