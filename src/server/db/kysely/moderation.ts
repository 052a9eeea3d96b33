/**
 * Moderation (migrations 0024, 0025): open reports about posts, profiles, reviews and conversations, and the moderation
 * of reviews, for every backend. Hiding, showing again and removing listings is the listings' (listing-repository.ts, issue 39).
 */
import type { ModerationRepository } from '../repositories.ts';
import type { HeldReviewRow, ListingRef, OpenReportRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { listingColumn, stored } from './query.ts';

export class KyselyModerationRepository extends QueryRepository implements ModerationRepository {
  /** Open (unhandled) reports, oldest first: listings' and reviews'. */
  findOpenReports(limit: number): Promise<OpenReportRow[]> {
    return this.read(async (db) => {
      const listings = await db.selectFrom('reports as r').leftJoin('posts as p', 'p.id', 'r.post_id').leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
        .leftJoin('profiles as pp', 'pp.id', 'p.profile_id')
        .select(['r.post_id', 'r.profile_id', 'p.type as post_type', 'p.title', 'p.slug as post_slug', 'pr.name', 'pr.slug as profile_slug', 'r.reason', 'r.description', 'r.user_id', 'r.client_hash', 'r.created_at',
          'pr.owner_user_id as profile_owner', 'pp.owner_user_id as post_profile_owner', 'p.owner_user_id as post_owner'])
        .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
      const reviews = await db.selectFrom('review_reports as r').innerJoin('reviews as v', 'v.id', 'r.review_id')
        .select(['r.review_id', 'v.content', 'r.reason', 'r.description', 'r.user_id', 'r.created_at'])
        .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
      const rows: OpenReportRow[] = [
        ...listings.map((row) => ({
          target: row.post_id !== null ? 'post' as const : 'profile' as const, target_id: Number(row.post_id ?? row.profile_id), post_type: row.post_type ?? null,
          title: (row.post_id !== null ? row.title : row.name) ?? '', slug: (row.post_id !== null ? row.post_slug : row.profile_slug) ?? null,
          reason: row.reason, description: row.description, user_id: row.user_id === null ? null : Number(row.user_id), client_hash: row.client_hash, created_at: row.created_at,
          owner_user_id: ((owner) => (owner === null || owner === undefined ? null : Number(owner)))(row.post_id === null ? row.profile_owner : row.post_type === 'hireme' ? row.post_owner : row.post_profile_owner),
        })),
        ...reviews.map((row) => ({
          target: 'review' as const, target_id: Number(row.review_id), post_type: null, title: row.content.slice(0, 120), slug: null,
          reason: row.reason, description: row.description, user_id: row.user_id === null ? null : Number(row.user_id), client_hash: null, created_at: row.created_at, owner_user_id: null,
        })),
      ];
      return rows.sort((a, b) => a.created_at.localeCompare(b.created_at)).slice(0, limit);
    });
  }

  /** Marks a target's open reports handled (dismissed, or acted on); answers how many. */
  handleReports(target: { kind: 'post' | 'profile' | 'review' | 'conversation'; id: number }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const result = target.kind === 'conversation'
        ? await db.updateTable('conversation_reports').set({ handled_at: now }).where('conversation_id', '=', target.id).where('handled_at', 'is', null).executeTakeFirst()
        : target.kind === 'review'
          ? await db.updateTable('review_reports').set({ handled_at: now }).where('review_id', '=', target.id).where('handled_at', 'is', null).executeTakeFirst()
          : await db.updateTable('reports').set({ handled_at: now }).where(target.kind === 'post' ? 'post_id' : 'profile_id', '=', target.id).where('handled_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /** Marks handled the open conversation reports about what `userId` wrote (their suspension acts on them); answers how many. */
  handleReportsOnUser(userId: number): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('conversation_reports').set({ handled_at: now }).where('reported_user_id', '=', userId).where('handled_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }

  /**
   * Hides, shows, publishes (a held one) or removes a review; false when nothing changed (a removed review stays
   * removed; only a held review is published). Any decision ends its hold.
   */
  moderateReview(id: number, action: 'hide' | 'unhide' | 'remove' | 'publish'): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const visible = action === 'unhide' || action === 'publish';
      let query = db.updateTable('reviews').set(action === 'remove' ? { hidden: stored(true), removed_at: now, held_reason: null } : { hidden: stored(!visible), held_reason: null })
        .where('id', '=', id).where('removed_at', 'is', null);
      if (action === 'publish') query = query.where('held_reason', 'is not', null);
      else if (action === 'hide') query = query.where((eb) => eb.or([eb('hidden', '=', stored(false)), eb('held_reason', 'is not', null)]));
      else if (action === 'unhide') query = query.where('hidden', '=', stored(true)).where('held_reason', 'is', null);
      return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
    });
  }

  /** Reviews held by an automatic check, oldest first, with their listing. */
  findHeldReviews(limit: number): Promise<HeldReviewRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('reviews as r').leftJoin('review_scores as s', 's.review_id', 'r.id')
        .select(['r.id', 'r.post_id', 'r.profile_id', 'r.reviewer_name', 'r.rating', 'r.content', 'r.held_reason', 'r.created_at', 's.score', 's.features'])
        .where('r.held_reason', 'is not', null).where('r.removed_at', 'is', null).orderBy('r.updated_at').orderBy('r.id').limit(limit).execute();
      return rows.map(({ score, features, ...row }) => ({
        ...row, id: Number(row.id), post_id: row.post_id === null ? null : Number(row.post_id), profile_id: row.profile_id === null ? null : Number(row.profile_id),
        rating: Number(row.rating), held_reason: row.held_reason!,
        // The review filter's score and features (issue 45), when it scored the review.
        score: score === null || score === undefined ? null : Number(score),
        features: features === null || features === undefined ? null : (typeof features === 'string' ? JSON.parse(features) : features) as Record<string, number>,
      }));
    });
  }

  /** How many reviews of a listing one client wrote since a time (a burst is held). */
  countClientReviews(listing: ListingRef, clientHash: string, since: string): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where(listingColumn(listing), '=', listing.id)
        .where('client_hash', '=', clientHash).where('created_at', '>=', since).executeTakeFirstOrThrow();
      return Number(row.n);
    });
  }
}
