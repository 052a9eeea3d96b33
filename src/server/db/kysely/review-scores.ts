/**
 * What the fake-review filter reads and stores (migration 0044, issue 45): each review with its reviewer's account,
 * activity and links to the listing's owner, and the scores with their features.
 */
import { sql } from 'kysely';
import { isSharedClient } from '../../client-ip.ts';
import type { ReviewScoreRepository } from '../repositories.ts';
import type { ListingReview, ScoredReviewRow, WrittenReview } from '../trust-rows.ts';
import { QueryRepository } from './query-access.ts';
import { jsonText, notAboutBusiness, stored } from './query.ts';

const iso = (value: unknown) => new Date(value as string).toISOString();

/** The listing a review (`r`, its post joined as `p`) is about, as the filter names it: 'profile-12', 'services-40'. */
const reviewListing = sql<string>`CASE WHEN r.post_id IS NOT NULL THEN p.type || '-' || r.post_id ELSE 'profile-' || r.profile_id END`;

/** The business a review (`r`, its post joined as `p`) is about: its post's profile, or its profile. */
const reviewedBusiness = sql<number>`COALESCE(p.profile_id, r.profile_id)`;

/** A listing's key as `reviewListing` names it: a profile, or a post of a type. */
const LISTING_KEY = /^(profile|services|jobs|hireme|buysell)-(\d+)$/;

export class KyselyReviewScoreRepository extends QueryRepository implements ReviewScoreRepository {
  /**
   * The reviews with an account written since `since` (not removed), or only those new or edited since their last score
   * when `changedOnly`, with their facts: the reviewer's account and activity, and links to the owner (the reviewer is
   * the owner, signed in from a client the owner used since `clientsSince`, or has the e-mail address the business
   * lists). Reviews without an account are never scored: the filter reads them as context (`findListingReviews`,
   * `findReviewTexts`).
   */
  findReviewFacts(since: string, clientsSince: string, changedOnly: boolean): Promise<ScoredReviewRow[]> {
    return this.read(async (db) => {
      let query = db.selectFrom('reviews as r')
        .leftJoin('posts as p', 'p.id', 'r.post_id')
        .leftJoin('profiles as pp', 'pp.id', 'p.profile_id')
        .leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('review_scores as s', 's.review_id', 'r.id')
        .select([
          'r.id', 'r.user_id', 'r.rating', 'r.content', 'r.created_at', 'r.updated_at', 'r.client_hash', 'r.device_hash', 'r.held_reason', 'r.hidden',
          'u.created_at as user_created_at', 'u.email as user_email', 's.version', 's.cleared_at', 's.scored_at',
          reviewListing.as('listing'),
          sql<number | null>`CASE WHEN r.post_id IS NULL THEN pr.owner_user_id WHEN p.type = 'hireme' THEN p.owner_user_id ELSE pp.owner_user_id END`.as('owner_id'),
          sql<number>`COALESCE(p.profile_id, r.profile_id)`.as('profile_id'),
          // By the two partial indexes on (user_id, post_id) and (user_id, profile_id): a review is of a post or of a profile.
          sql<number>`(SELECT COUNT(*) FROM reviews r2 WHERE r2.user_id = r.user_id AND r2.post_id IS NOT NULL)
        + (SELECT COUNT(*) FROM reviews r2 WHERE r2.user_id = r.user_id AND r2.profile_id IS NOT NULL)`.as('reviews'),
          // What the account did beyond the business it reviews: following it, or asking it, is not activity elsewhere.
          sql<number>`(SELECT COUNT(*) FROM enquiries e WHERE e.user_id = r.user_id AND ${notAboutBusiness('e', reviewedBusiness)})
        + (SELECT COUNT(*) FROM follows f WHERE f.user_id = r.user_id AND ${notAboutBusiness('f', reviewedBusiness)})
        + (SELECT COUNT(*) FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE m.user_id = r.user_id AND m.kind = 'text' AND ${notAboutBusiness('c', reviewedBusiness)})`.as('activity'),
          // Accounts that reviewed from the same client, on any listing (by the index on client_hash).
          sql<number>`(SELECT COUNT(DISTINCT r3.user_id) FROM reviews r3 WHERE r3.client_hash = r.client_hash)`.as('client_accounts'),
        ])
        .where('r.removed_at', 'is', null).where('r.created_at', '>=', since).where('r.user_id', 'is not', null);
      if (changedOnly) query = query.where((eb) => eb.or([eb('s.review_id', 'is', null), eb('s.scored_at', '<', eb.ref('r.updated_at'))]));
      const rows = await query.orderBy('r.id').execute();

      // Who signed in from where lately, and the e-mail addresses each business lists: read once per person and business.
      const clients = new Map<number, Set<string>>();
      const clientsOf = async (userId: number) => {
        if (!clients.has(userId)) {
          const sessions = await db.selectFrom('sessions').select('client').where('user_id', '=', userId).where('created_at', '>=', clientsSince).execute();
          const attempts = await db.selectFrom('auth_attempts').select('client').where('user_id', '=', userId).where('at', '>=', clientsSince).execute();
          // An address that names no one person (this machine, a private network, carrier-grade NAT) links nobody.
          clients.set(userId, new Set([...sessions, ...attempts].map((row) => row.client).filter((client) => !isSharedClient(client))));
        }
        return clients.get(userId)!;
      };
      const emails = new Map<number, Set<string>>();
      const emailsOf = async (profileId: number) => {
        if (!emails.has(profileId)) {
          const listed = await db.selectFrom('locations').select('email').where('profile_id', '=', profileId).where('email', 'is not', null).execute();
          emails.set(profileId, new Set(listed.map((row) => String(row.email).toLowerCase())));
        }
        return emails.get(profileId)!;
      };
      const facts: ScoredReviewRow[] = [];
      for (const row of rows) {
        const userId = row.user_id === null ? null : Number(row.user_id);
        const ownerId = row.owner_id === null ? null : Number(row.owner_id);
        let ownerLink = userId !== null && userId === ownerId;
        if (!ownerLink && userId !== null && ownerId !== null) {
          const mine = await clientsOf(userId);
          const theirs = await clientsOf(ownerId);
          ownerLink = [...mine].some((client) => theirs.has(client));
        }
        if (!ownerLink && row.user_email) ownerLink = (await emailsOf(Number(row.profile_id))).has(row.user_email.toLowerCase());
        const created = Date.parse(iso(row.created_at));
        facts.push({
          id: Number(row.id), listing: row.listing, user_id: userId, rating: Number(row.rating), content: row.content, created_at: created,
          client_hash: row.client_hash, device_hash: row.device_hash, client_accounts: Math.max(1, Number(row.client_accounts ?? 0)), owner_link: ownerLink,
          reviewer: { created_at: row.user_created_at ? Date.parse(iso(row.user_created_at)) : created, reviews: Number(row.reviews), activity: Number(row.activity) },
          held_reason: row.held_reason, hidden: Boolean(Number(row.hidden)), updated_at: iso(row.updated_at),
          version: row.version === null ? null : Number(row.version), cleared_at: row.cleared_at === null ? null : iso(row.cleared_at),
        });
      }
      return facts;
    });
  }

  /**
   * The reviews of these listings written since `since` (not removed, with an account or not): what a review's burst,
   * shared clients and rating are read against.
   */
  findListingReviews(listings: readonly string[], since: string): Promise<ListingReview[]> {
    return this.read(async (db) => {
      const profiles: number[] = [];
      const posts: number[] = [];
      for (const listing of listings) {
        const match = LISTING_KEY.exec(listing);
        if (match) (match[1] === 'profile' ? profiles : posts).push(Number(match[2]));
      }
      const reviews: ListingReview[] = [];
      // In slices: a nightly run reads the reviews of thousands of listings.
      for (let at = 0; at < Math.max(profiles.length, posts.length); at += 500) {
        const someProfiles = profiles.slice(at, at + 500);
        const somePosts = posts.slice(at, at + 500);
        const rows = await db.selectFrom('reviews as r').leftJoin('posts as p', 'p.id', 'r.post_id')
          .select(['r.id', 'r.user_id', 'r.rating', 'r.content', 'r.created_at', 'r.client_hash', 'r.device_hash',
            reviewListing.as('listing')])
          .where('r.removed_at', 'is', null).where('r.created_at', '>=', since)
          .where((eb) => eb.or([
            ...(someProfiles.length > 0 ? [eb.and([eb('r.post_id', 'is', null), eb('r.profile_id', 'in', someProfiles)])] : []),
            ...(somePosts.length > 0 ? [eb('r.post_id', 'in', somePosts)] : []),
          ]))
          .execute();
        for (const row of rows) {
          reviews.push({
            id: Number(row.id), listing: row.listing, user_id: row.user_id === null ? null : Number(row.user_id), rating: Number(row.rating),
            content: row.content, created_at: Date.parse(iso(row.created_at)), client_hash: row.client_hash, device_hash: row.device_hash,
          });
        }
      }
      return reviews;
    });
  }

  /** A page of the reviews written since `since` (not removed), after review `afterId` in id order: who wrote what. */
  findReviewTexts(since: string, afterId: number, limit: number): Promise<WrittenReview[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('reviews').select(['id', 'user_id', 'content'])
        .where('removed_at', 'is', null).where('created_at', '>=', since).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ id: Number(row.id), user_id: row.user_id === null ? null : Number(row.user_id), content: row.content }));
    });
  }

  /** Stores scores (one row per review, replaced), keeping an operator's clearance. */
  saveReviewScores(scores: readonly { reviewId: number; score: number; features: Record<string, number>; version: number }[]): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      for (const row of scores) {
        const values = { score: row.score, features: jsonText(row.features)!, version: row.version, scored_at: now };
        await db.insertInto('review_scores').values({ review_id: row.reviewId, ...values })
          .onConflict((conflict) => conflict.column('review_id').doUpdateSet(values)).execute();
      }
    });
  }

  /** An operator published the review as it reads now: the filter leaves it until its text changes. */
  clearReviewScore(reviewId: number): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('review_scores').values({ review_id: reviewId, score: 0, features: jsonText({})!, version: 0, scored_at: now, cleared_at: now })
        .onConflict((conflict) => conflict.column('review_id').doUpdateSet({ cleared_at: now })).execute();
    });
  }

  /** Holds a review as suspicious (off the public list and the rating); false when it is held, hidden or removed already. */
  holdSuspiciousReview(reviewId: number): Promise<boolean> {
    return this.write(async (db) => {
      const result = await db.updateTable('reviews').set({ held_reason: 'suspicious', hidden: stored(true) })
        .where('id', '=', reviewId).where('held_reason', 'is', null).where('removed_at', 'is', null).where('hidden', '=', stored(false)).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }
}
