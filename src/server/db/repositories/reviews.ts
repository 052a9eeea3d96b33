import type { Db } from '../connection.ts';
import { all, idList, one } from '../query.ts';

export interface ReviewRow {
  id: number;
  reviewer_name: string;
  reviewer_image_thumbnail: string | null;
  reviewer_image_full: string | null;
  reviewer_image_thumbnail_webp: string | null;
  reviewer_image_full_webp: string | null;
  rating: number;
  content: string;
  created_at: string;
}

export interface ReviewMediaRow {
  owner_id: number;
  thumbnail: string;
  full: string;
  thumbnail_webp: string | null;
  full_webp: string | null;
}

/** One page of reviews of a post or profile, newest first, and how many there are in all. */
export function findReviews(db: Db, reviewableType: 'post' | 'profile', id: number, limit: number, offset: number) {
  const total = Number(one<{ n: number }>(db, 'SELECT count(*) AS n FROM reviews WHERE reviewable_type = ? AND reviewable_id = ?', reviewableType, id)?.n ?? 0);
  const rows = all<ReviewRow>(db, `
    SELECT r.id, r.reviewer_name, m.thumbnail AS reviewer_image_thumbnail, m.full AS reviewer_image_full,
      m.thumbnail_webp AS reviewer_image_thumbnail_webp, m.full_webp AS reviewer_image_full_webp,
      r.rating, r.content, r.created_at
    FROM reviews r LEFT JOIN media m ON m.id = r.reviewer_image_id
    WHERE r.reviewable_type = ? AND r.reviewable_id = ?
    ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`, reviewableType, id, limit, offset);
  const media = all<ReviewMediaRow>(db, `
    SELECT rm.review_id AS owner_id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp
    FROM review_media rm JOIN media m ON m.id = rm.media_id
    WHERE rm.review_id IN (SELECT value FROM json_each(?)) ORDER BY rm.review_id, rm.position`, idList(rows.map((row) => row.id)));
  return { total, rows, media };
}

export function postExists(db: Db, type: string, id: number): boolean {
  return one(db, 'SELECT 1 AS found FROM posts WHERE id = ? AND type = ?', id, type) !== undefined;
}

export function profileExists(db: Db, id: number): boolean {
  return one(db, 'SELECT 1 AS found FROM profiles WHERE id = ?', id) !== undefined;
}
