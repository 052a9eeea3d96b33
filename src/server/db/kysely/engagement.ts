/** Contact messages, reports and counted views (migrations 0003, 0010), for every backend. */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { ListingRef, ViewCounts } from '../rows.ts';
import type { QueryDb } from './query.ts';
import { listingColumn } from './reviews.ts';
import { addCount } from './stats.ts';

export async function insertContactMessage(db: QueryDb, message: { name: string; email: string | null; phone_number: string; message: string; client_hash: string }, now: string): Promise<number> {
  return (await db.insertInto('contact_messages').values({
    name: message.name, email: message.email, phone_number: message.phone_number, message: message.message, client_hash: message.client_hash, created_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertReport(db: QueryDb, report: { listing: ListingRef; reason: string; description: string; client_hash: string; user_id: number | null }, now: string): Promise<number> {
  return (await db.insertInto('reports').values({
    [listingColumn(report.listing)]: report.listing.id, reason: report.reason, description: report.description, client_hash: report.client_hash, user_id: report.user_id, created_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Adds counted views to posts and profiles (one statement per listing, inside the caller's transaction). */
export async function addViews(db: QueryDb, counts: ViewCounts, day: string): Promise<void> {
  for (const [id, n] of counts.posts) {
    const row = await db.updateTable('posts').set({ view_count: sql<number>`view_count + ${n}` }).where('id', '=', id).returning('type').executeTakeFirst();
    if (row) await addCount(db, day, { type: row.type as ListingType, id }, 'view', n);
  }
  for (const [id, n] of counts.profiles) {
    const result = await db.updateTable('profiles').set({ view_count: sql<number>`view_count + ${n}` }).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) await addCount(db, day, { type: 'profile', id }, 'view', n);
  }
}
