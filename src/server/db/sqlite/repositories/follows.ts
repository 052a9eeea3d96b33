/** SQL of follows (migration 0008): one row per user and followed post or profile. */
import type { FollowRow, ListingRef } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, NOW_SQL, one, statement } from '../query.ts';

const column = (listing: ListingRef) => (listing.type === 'profile' ? 'profile_id' : 'post_id');

/** Follows the listing, or unfollows it when already followed; true when it is followed afterwards. */
export function toggleFollow(db: Db, userId: number, listing: ListingRef): boolean {
  const removed = statement(db, `DELETE FROM follows WHERE user_id = ? AND ${column(listing)} = ?`).run(userId, listing.id).changes;
  if (removed > 0) return false;
  statement(db, `INSERT INTO follows (user_id, ${column(listing)}, created_at) VALUES (?, ?, ${NOW_SQL})`).run(userId, listing.id);
  return true;
}

export function isFollowing(db: Db, userId: number, listing: ListingRef): boolean {
  return one(db, `SELECT 1 AS found FROM follows WHERE user_id = ? AND ${column(listing)} = ?`, userId, listing.id) !== undefined;
}

/** What a user follows, newest first, with what a list item shows: title or name, slug and picture. */
export function findFollows(db: Db, userId: number, limit: number, offset: number): FollowRow[] {
  return all<FollowRow>(db, `SELECT COALESCE(p.type, 'profile') AS type, COALESCE(f.post_id, f.profile_id) AS id,
      COALESCE(p.title, pr.name) AS title, COALESCE(p.slug, pr.slug) AS slug, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp, f.created_at
    FROM follows f
    LEFT JOIN posts p ON p.id = f.post_id
    LEFT JOIN profiles pr ON pr.id = f.profile_id
    LEFT JOIN media m ON m.id = CASE WHEN f.post_id IS NOT NULL
      THEN (SELECT media_id FROM post_media WHERE post_id = f.post_id ORDER BY position LIMIT 1) ELSE pr.logo_id END
    WHERE f.user_id = ? ORDER BY f.created_at DESC, f.rowid DESC LIMIT ? OFFSET ?`, userId, limit, offset);
}
