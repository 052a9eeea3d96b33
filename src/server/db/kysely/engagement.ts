/** Contact messages, reports, counted views, and reviews with the ratings they make (migrations 0003, 0009, 0010), for every backend. */
import { sql } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import type { EngagementRepository } from '../repositories.ts';
import type { ListingRef, ReviewInput, ViewCounts } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { FALSE, listingColumn, stored, type QueryDb } from './query.ts';
import { addCount } from './stats.ts';

export class KyselyEngagementRepository extends QueryRepository implements EngagementRepository {
  insertContactMessage(message: { name: string; email: string | null; phone_number: string; message: string; client_hash: string }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => (await db.insertInto('contact_messages').values({
      name: message.name, email: message.email, phone_number: message.phone_number, message: message.message, client_hash: message.client_hash, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id);
  }

  insertReport(report: { listing: ListingRef; reason: string; description: string; client_hash: string; user_id: number | null }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => (await db.insertInto('reports').values({
      [listingColumn(report.listing)]: report.listing.id, reason: report.reason, description: report.description, client_hash: report.client_hash, user_id: report.user_id, created_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id);
  }

  /** Adds counted views to posts and profiles (one statement per listing, inside the caller's transaction). */
  addViews(counts: ViewCounts, day: string): Promise<void> {
    return this.write(async (db) => {
      for (const [id, n] of counts.posts) {
        const row = await db.updateTable('posts').set({ view_count: sql<number>`view_count + ${n}` }).where('id', '=', id).returning('type').executeTakeFirst();
        if (row) await addCount(db, day, { type: row.type as ListingType, id }, 'view', n);
      }
      for (const [id, n] of counts.profiles) {
        const result = await db.updateTable('profiles').set({ view_count: sql<number>`view_count + ${n}` }).where('id', '=', id).executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) await addCount(db, day, { type: 'profile', id }, 'view', n);
      }
    });
  }

  /**
   * Inserts a review, or edits the same user's review of the listing; returns its id. One statement (an upsert on the
   * one-review-per-person index), so two sends at once by one person leave one review. Its images are another step.
   */
  upsertReview(review: Omit<ReviewInput, 'mediaIds'>): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
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
    });
  }

  /** A person's own review of a listing, and whether it waits for a check (held) or shows (issue 45). */
  findOwnReview(userId: number, listing: ListingRef): Promise<{ id: number; waiting: boolean } | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('reviews').select(['id', 'held_reason']).where('user_id', '=', userId).where(listingColumn(listing), '=', listing.id)
        .where('removed_at', 'is', null).executeTakeFirst();
      return row && { id: Number(row.id), waiting: row.held_reason !== null };
    });
  }

  /** Replaces a review's images with these, in order. */
  setReviewMedia(reviewId: number, mediaIds: readonly number[]): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('review_media').where('review_id', '=', reviewId).execute();
      if (mediaIds.length === 0) return;
      await db.insertInto('review_media').values(mediaIds.map((mediaId, position) => ({ review_id: reviewId, media_id: mediaId, position }))).execute();
    });
  }

  /** Recomputes a listing's rating and rating_count from its visible reviews (the caller reindexes a post's search rows). */
  refreshRating(listing: ListingRef): Promise<void> {
    return this.write(async (db) => {
      const column = listingColumn(listing);
      const visible = (eb: QueryDb) => eb.selectFrom('reviews').where(column, '=', listing.id).where('hidden', '=', FALSE);
      const rating = visible(db).select(sql<number>`coalesce(round(avg(rating), 1), 0)`.as('rating'));
      const ratingCount = visible(db).select((eb) => eb.fn.countAll<number>().as('n'));
      const changes = { rating: sql<number>`(${rating})`, rating_count: sql<number>`(${ratingCount})` };
      if (listing.type === 'profile') await db.updateTable('profiles').set(changes).where('id', '=', listing.id).execute();
      else await db.updateTable('posts').set(changes).where('id', '=', listing.id).execute();
    });
  }

  /** The listing a review is about, or undefined when there is no such review. */
  findReviewListing(reviewId: number): Promise<ListingRef | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('reviews as r').leftJoin('posts as p', 'p.id', 'r.post_id').select(['r.post_id', 'r.profile_id', 'p.type']).where('r.id', '=', reviewId).executeTakeFirst();
      if (!row) return undefined;
      return row.post_id !== null ? { type: row.type as ListingRef['type'], id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) };
    });
  }
}
