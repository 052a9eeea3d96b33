import type { ListingRef } from '../../rows.ts';
import type { ReviewMediaRow, ReviewRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, idList, one } from '../query.ts';

/** The column naming the listing a review or report is about. */
export function listingColumn(listing: ListingRef): 'post_id' | 'profile_id' {
  return listing.type === 'profile' ? 'profile_id' : 'post_id';
}

/** One page of the visible reviews of a post or profile, newest first, and how many there are in all. */
export function findReviews(db: Db, listing: ListingRef, limit: number, offset: number) {
  const column = listingColumn(listing);
  const total = Number(one<{ n: number }>(db, `SELECT count(*) AS n FROM reviews WHERE ${column} = ? AND hidden = 0`, listing.id)?.n ?? 0);
  const rows = all<ReviewRow>(db, `
    SELECT r.id, r.reviewer_name, m.thumbnail AS reviewer_image_thumbnail, m.full AS reviewer_image_full,
      m.thumbnail_webp AS reviewer_image_thumbnail_webp, m.full_webp AS reviewer_image_full_webp,
      r.rating, r.content, r.created_at
    FROM reviews r LEFT JOIN media m ON m.id = r.reviewer_image_id
    WHERE r.${column} = ? AND r.hidden = 0
    ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`, listing.id, limit, offset);
  const media = all<ReviewMediaRow>(db, `
    SELECT rm.review_id AS owner_id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp
    FROM review_media rm JOIN media m ON m.id = rm.media_id
    WHERE rm.review_id IN (SELECT value FROM json_each(?)) ORDER BY rm.review_id, rm.position`, idList(rows.map((row) => row.id)));
  return { total, rows, media };
}

/** True when the post (of that type) or profile exists. */
export function listingExists(db: Db, listing: ListingRef): boolean {
  return listing.type === 'profile'
    ? one(db, 'SELECT 1 AS found FROM profiles WHERE id = ?', listing.id) !== undefined
    : one(db, 'SELECT 1 AS found FROM posts WHERE id = ? AND type = ?', listing.id, listing.type) !== undefined;
}
