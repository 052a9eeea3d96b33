/** SQL of the per-listing daily counters (migration 0010). */
import type { ClickCount, ListingRef } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, statement } from '../query.ts';

/** Adds `count` to a listing's counter of a day and action; a listing that does not exist adds nothing. */
export function addCount(db: Db, day: string, listing: ListingRef, action: string, count: number): void {
  if (listing.type === 'profile') {
    statement(db, `INSERT INTO listing_daily_stats (profile_id, day, action, count) SELECT id, ?, ?, ? FROM profiles WHERE id = ?
      ON CONFLICT (profile_id, day, action) WHERE profile_id IS NOT NULL DO UPDATE SET count = count + excluded.count`).run(day, action, count, listing.id);
  } else {
    statement(db, `INSERT INTO listing_daily_stats (post_id, day, action, count) SELECT id, ?, ?, ? FROM posts WHERE id = ? AND type = ?
      ON CONFLICT (post_id, day, action) WHERE post_id IS NOT NULL DO UPDATE SET count = count + excluded.count`).run(day, action, count, listing.id, listing.type);
  }
}

export function addClicks(db: Db, day: string, counts: readonly ClickCount[]): void {
  for (const { listing, action, count } of counts) addCount(db, day, listing, action, count);
}

export function findListingStats(db: Db, listing: ListingRef, from: string, to: string): { day: string; action: string; count: number }[] {
  const column = listing.type === 'profile' ? 'profile_id' : 'post_id';
  return all(db, `SELECT day, action, count FROM listing_daily_stats WHERE ${column} = ? AND day BETWEEN ? AND ? ORDER BY day, action`, listing.id, from, to);
}
