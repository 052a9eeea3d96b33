import type { ListingRef, ViewCounts } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, statement } from '../query.ts';
import type { ListingType } from '../../../../shared/constants.ts';
import { listingColumn } from './reviews.ts';
import { addCount } from './stats.ts';

export function insertContactMessage(db: Db, message: { name: string; email: string | null; phone_number: string; message: string; client_hash: string }): number {
  return Number(statement(db, `INSERT INTO contact_messages (name, email, phone_number, message, client_hash, created_at)
    VALUES (?, ?, ?, ?, ?, ${NOW_SQL}) RETURNING id`).get(message.name, message.email, message.phone_number, message.message, message.client_hash)?.id);
}

export function insertReport(db: Db, report: { listing: ListingRef; reason: string; description: string; client_hash: string }): number {
  return Number(statement(db, `INSERT INTO reports (${listingColumn(report.listing)}, reason, description, client_hash, created_at)
    VALUES (?, ?, ?, ?, ${NOW_SQL}) RETURNING id`).get(report.listing.id, report.reason, report.description, report.client_hash)?.id);
}

/** Adds counted views to posts and profiles (one statement per listing, inside the caller's transaction). */
export function addViews(db: Db, counts: ViewCounts, day: string): void {
  const post = statement(db, 'UPDATE posts SET view_count = view_count + ? WHERE id = ? RETURNING type');
  const profile = statement(db, 'UPDATE profiles SET view_count = view_count + ? WHERE id = ?');
  for (const [id, n] of counts.posts) {
    const row = post.get(n, id) as { type: ListingType } | undefined;
    if (row) addCount(db, day, { type: row.type, id }, 'view', n);
  }
  for (const [id, n] of counts.profiles) {
    if (profile.run(n, id).changes > 0) addCount(db, day, { type: 'profile', id }, 'view', n);
  }
}
