import type { ListingRef, ReviewInput } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, one, statement } from '../query.ts';
import { listingColumn } from './reviews.ts';
import { reindexPosts } from './search-index.ts';

/** Inserts a review, or edits the same user's review of the listing; returns its id. Its images are another step. */
export function upsertReview(db: Db, review: Omit<ReviewInput, 'mediaIds'>): number {
  const column = listingColumn(review.listing);
  const existing = review.userId === null ? undefined
    : one<{ id: number }>(db, `SELECT id FROM reviews WHERE user_id = ? AND ${column} = ?`, review.userId, review.listing.id);
  if (existing) {
    statement(db, `UPDATE reviews SET rating = ?, content = ?, reviewer_name = ?, updated_at = ${NOW_SQL} WHERE id = ?`)
      .run(review.rating, review.content, review.reviewerName, existing.id);
    return existing.id;
  }
  return Number(statement(db, `INSERT INTO reviews (${column}, user_id, reviewer_name, rating, content, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ${NOW_SQL}, ${NOW_SQL}) RETURNING id`).get(review.listing.id, review.userId, review.reviewerName, review.rating, review.content)!.id);
}

/** Replaces a review's images with these, in order. */
export function setReviewMedia(db: Db, reviewId: number, mediaIds: readonly number[]): void {
  statement(db, 'DELETE FROM review_media WHERE review_id = ?').run(reviewId);
  const add = statement(db, 'INSERT INTO review_media (review_id, media_id, position) VALUES (?, ?, ?)');
  mediaIds.forEach((mediaId, position) => add.run(reviewId, mediaId, position));
}

/** Recomputes a listing's rating and rating_count from its visible reviews, and its search rows when it is a post. */
export function refreshRating(db: Db, listing: ListingRef): void {
  const column = listingColumn(listing);
  const table = listing.type === 'profile' ? 'profiles' : 'posts';
  statement(db, `UPDATE ${table} SET
    rating = coalesce((SELECT round(avg(rating), 1) FROM reviews WHERE ${column} = ${table}.id AND hidden = 0), 0),
    rating_count = (SELECT count(*) FROM reviews WHERE ${column} = ${table}.id AND hidden = 0)
    WHERE id = ?`).run(listing.id);
  if (listing.type !== 'profile') reindexPosts(db, [listing.id]);
}
