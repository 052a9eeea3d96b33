import type { ReviewInput } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, one, statement } from '../query.ts';
import { listingColumn } from './reviews.ts';
import { reindexPosts } from './search-index.ts';
import { attachImages } from './uploads.ts';

/**
 * Stores a review and brings everything derived from it up to date in the caller's transaction:
 * the listing's rating and rating_count, and the search rows of the posts it changes.
 */
export function saveReview(db: Db, review: ReviewInput): number {
  const column = listingColumn(review.listing);
  const now = one<{ now: string }>(db, `SELECT ${NOW_SQL} AS now`)!.now;
  const existing = review.userId === null ? undefined
    : one<{ id: number }>(db, `SELECT id FROM reviews WHERE user_id = ? AND ${column} = ?`, review.userId, review.listing.id);
  let id: number;
  if (existing) {
    id = existing.id;
    statement(db, 'UPDATE reviews SET rating = ?, content = ?, reviewer_name = ?, updated_at = ? WHERE id = ?')
      .run(review.rating, review.content, review.reviewerName, now, id);
    statement(db, 'DELETE FROM review_media WHERE review_id = ?').run(id);
  } else {
    id = Number(statement(db, `INSERT INTO reviews (${column}, user_id, reviewer_name, rating, content, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`).get(review.listing.id, review.userId, review.reviewerName, review.rating, review.content, now, now)!.id);
  }
  const addMedia = statement(db, 'INSERT INTO review_media (review_id, media_id, position) VALUES (?, ?, ?)');
  review.mediaIds.forEach((mediaId, position) => addMedia.run(id, mediaId, position));
  // In the review's own transaction: a review whose images were not marked used would lose them to the stale-upload sweep.
  attachImages(db, review.mediaIds);
  const table = review.listing.type === 'profile' ? 'profiles' : 'posts';
  statement(db, `UPDATE ${table} SET
    rating = coalesce((SELECT round(avg(rating), 1) FROM reviews WHERE ${column} = ${table}.id AND hidden = 0), 0),
    rating_count = (SELECT count(*) FROM reviews WHERE ${column} = ${table}.id AND hidden = 0)
    WHERE id = ?`).run(review.listing.id);
  if (review.listing.type !== 'profile') reindexPosts(db, [review.listing.id]);
  return id;
}
