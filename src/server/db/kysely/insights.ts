/** What advertisers' insights read (issue 26): daily counters, enquiries, follows, reviews and search terms of their listings. */
import { sql } from 'kysely';
import type { EnquiryKind } from '../../../shared/enquiries.ts';
import type { InsightsRepository } from '../repositories.ts';
import type { InsightListingRow, ListingRef } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { count, FALSE, type QueryDb } from './query.ts';

type Timed = { listing: ListingRef; created_at: string };

/**
 * The listings a user owns (canEditPost's rule: a hireme ad's author, the other types their business's owner), businesses
 * first. Two indexed reads, not one OR across the posts' join: that scans every post.
 */
export async function findOwnedListings(db: QueryDb, userId: number): Promise<InsightListingRow[]> {
  const profiles = await db.selectFrom('profiles').select(['id', 'name as title', 'slug']).where('owner_user_id', '=', userId).orderBy('id').execute();
  const profileIds = profiles.map((row) => Number(row.id));
  const columns = ['p.id', 'p.type', 'p.title', 'p.slug', 'p.profile_id'] as const;
  const ofBusinesses = profileIds.length === 0 ? [] : await db.selectFrom('posts as p').select(columns)
    .where('p.profile_id', 'in', profileIds).where('p.type', '!=', 'hireme').where('p.status', '!=', 'removed').execute();
  const ownAds = await db.selectFrom('posts as p').select(columns)
    .where('p.owner_user_id', '=', userId).where('p.type', '=', 'hireme').where('p.status', '!=', 'removed').execute();
  return [
    ...profiles.map((row) => ({ type: 'profile' as const, id: Number(row.id), title: row.title, slug: row.slug, profile_id: Number(row.id) })),
    ...[...ofBusinesses, ...ownAds].sort((a, b) => Number(a.id) - Number(b.id))
      .map((row) => ({ type: row.type as InsightListingRow['type'], id: Number(row.id), title: row.title, slug: row.slug, profile_id: Number(row.profile_id) })),
  ];
}

const idsOf = (listings: readonly ListingRef[], profile: boolean) => listings.filter((listing) => (listing.type === 'profile') === profile).map((listing) => listing.id);

/** Runs `query` for the posts' ids and for the profiles' ids among `listings` (each skipped when there are none). */
async function byKind<T>(listings: readonly ListingRef[], query: (column: 'post_id' | 'profile_id', ids: number[]) => Promise<T[]>): Promise<T[]> {
  const posts = idsOf(listings, false);
  const profiles = idsOf(listings, true);
  return [...(posts.length ? await query('post_id', posts) : []), ...(profiles.length ? await query('profile_id', profiles) : [])];
}

/** The ListingRef of a row of the given column, from the listings asked about. */
function refOf(listings: readonly ListingRef[], column: 'post_id' | 'profile_id', id: number): ListingRef {
  return listings.find((listing) => (listing.type === 'profile') === (column === 'profile_id') && listing.id === id)!;
}

/** Adds search impressions of posts to their daily counters ('impression'); posts that no longer exist add nothing. */
async function addPostImpressions(db: QueryDb, day: string, counts: readonly { postId: number; count: number }[]): Promise<void> {
  for (const { postId, count: n } of counts) {
    await db.insertInto('listing_daily_stats').columns(['post_id', 'day', 'action', 'count'])
      .expression(db.selectFrom('posts').select(['id', sql<string>`${day}`.as('day'), sql<string>`'impression'`.as('action'), sql<number>`${n}`.as('count')]).where('id', '=', postId))
      .onConflict((conflict) => conflict.columns(['post_id', 'day', 'action']).where('post_id', 'is not', null)
        .doUpdateSet({ count: sql<number>`listing_daily_stats.count + excluded.count` }))
      .execute();
  }
}

/** Adds search impressions by term for a day; posts that no longer exist add nothing. */
async function addSearchTerms(db: QueryDb, day: string, counts: readonly { postId: number; term: string; count: number }[]): Promise<void> {
  for (const { postId, term, count: n } of counts) {
    await db.insertInto('listing_search_terms').columns(['post_id', 'day', 'term', 'count'])
      .expression(db.selectFrom('posts').select(['id', sql<string>`${day}`.as('day'), sql<string>`${term}`.as('term'), sql<number>`${n}`.as('count')]).where('id', '=', postId))
      .onConflict((conflict) => conflict.columns(['post_id', 'day', 'term']).doUpdateSet({ count: sql<number>`listing_search_terms.count + excluded.count` }))
      .execute();
  }
}

export class KyselyInsightsRepository extends QueryRepository implements InsightsRepository {
  findOwnedListings(userId: number): Promise<InsightListingRow[]> {
    return this.read((db) => findOwnedListings(db, userId));
  }

  /**
   * Counters (views, clicks by action, impressions) of these listings summed per day and action, from `from` to `to`
   * (Malaysian days, inclusive): the database adds them up, so 50 listings over 90 days come back as a few hundred rows.
   */
  findDailyCounts(listings: readonly ListingRef[], from: string, to: string): Promise<{ day: string; action: string; count: number }[]> {
    return this.read(async (db) => {
      const rows = await byKind(listings, (column, ids) => db.selectFrom('listing_daily_stats').select(['day', 'action', sql<number>`SUM(count)`.as('total')])
        .where(column, 'in', ids).where('day', '>=', from).where('day', '<=', to).groupBy(['day', 'action']).execute());
      return rows.map((row) => ({ day: row.day, action: row.action, count: count(row.total) }));
    });
  }

  /** An owner's leads on these listings sent at or after `since` and before `before`. */
  findEnquiryTimes(ownerId: number, listings: readonly ListingRef[], since: string, before: string): Promise<(Timed & { kind: EnquiryKind })[]> {
    return this.read(async (db) => byKind(listings, async (column, ids) => {
      const rows = await db.selectFrom('enquiries').select([sql<number>`${sql.ref(column)}`.as('listing_id'), 'kind', 'created_at'])
        .where('owner_user_id', '=', ownerId).where(column, 'in', ids).where('created_at', '>=', since).where('created_at', '<', before).execute();
      return rows.map((row) => ({ listing: refOf(listings, column, Number(row.listing_id)), kind: row.kind as EnquiryKind, created_at: row.created_at }));
    }));
  }

  /** Follows of these listings made in the range (a follow undone is gone: the figure is followers gained and kept). */
  findFollowTimes(listings: readonly ListingRef[], since: string, before: string): Promise<Timed[]> {
    return this.read(async (db) => byKind(listings, async (column, ids) => {
      const rows = await db.selectFrom('follows').select([sql<number>`${sql.ref(column)}`.as('listing_id'), 'created_at'])
        .where(column, 'in', ids).where('created_at', '>=', since).where('created_at', '<', before).execute();
      return rows.map((row) => ({ listing: refOf(listings, column, Number(row.listing_id)), created_at: row.created_at }));
    }));
  }

  /** Visible reviews of these listings written in the range, with their rating. */
  findReviewTimes(listings: readonly ListingRef[], since: string, before: string): Promise<(Timed & { rating: number })[]> {
    return this.read(async (db) => byKind(listings, async (column, ids) => {
      const rows = await db.selectFrom('reviews').select([sql<number>`${sql.ref(column)}`.as('listing_id'), 'rating', 'created_at'])
        .where(column, 'in', ids).where('hidden', '=', FALSE).where('created_at', '>=', since).where('created_at', '<', before).execute();
      return rows.map((row) => ({ listing: refOf(listings, column, Number(row.listing_id)), rating: Number(row.rating), created_at: row.created_at }));
    }));
  }

  /** Search terms that showed these posts from `from` to `to`, with their impressions, those reaching `minimum` only, most first. */
  findSearchTerms(postIds: readonly number[], from: string, to: string, minimum: number, limit: number): Promise<{ term: string; count: number }[]> {
    return this.read(async (db) => {
      if (postIds.length === 0) return [];
      const total = sql<number>`SUM(count)`;
      const rows = await db.selectFrom('listing_search_terms').select(['term', total.as('total')])
        .where('post_id', 'in', [...postIds]).where('day', '>=', from).where('day', '<=', to)
        .groupBy('term').having(total, '>=', minimum).orderBy(total, 'desc').orderBy('term').limit(limit).execute();
      return rows.map((row) => ({ term: row.term, count: count(row.total) }));
    });
  }

  /**
   * The last days' totals of the listings a user owns (their businesses and the ads they wrote or whose business is
   * theirs): views, clicks (every other counted action) and enquiries, per listing.
   */
  findListingTotals(userId: number, fromDay: string, toDay: string, since: string): Promise<{ kind: 'post' | 'profile'; id: number; views: number; clicks: number; enquiries: number }[]> {
    return this.read(async (db) => {
      const ownPosts = db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id').select('p.id')
        .where((eb) => eb.or([eb('p.owner_user_id', '=', userId), eb('pr.owner_user_id', '=', userId)]));
      const ownProfiles = db.selectFrom('profiles').select('id').where('owner_user_id', '=', userId);
      const stats = await db.selectFrom('listing_daily_stats')
        .select(['post_id', 'profile_id', 'action', (eb) => eb.fn.sum<number>('count').as('n')])
        .where('day', '>=', fromDay).where('day', '<=', toDay)
        .where((eb) => eb.or([eb('post_id', 'in', ownPosts), eb('profile_id', 'in', ownProfiles)]))
        .groupBy(['post_id', 'profile_id', 'action']).execute();
      const enquiries = await db.selectFrom('enquiries').select(['post_id', 'profile_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', since)
        .where((eb) => eb.or([eb('post_id', 'in', ownPosts), eb('profile_id', 'in', ownProfiles)]))
        .groupBy(['post_id', 'profile_id']).execute();
      const totals = new Map<string, { kind: 'post' | 'profile'; id: number; views: number; clicks: number; enquiries: number }>();
      const entry = (postId: unknown, profileId: unknown) => {
        const kind = postId !== null ? 'post' as const : 'profile' as const;
        const id = Number(postId ?? profileId);
        const key = `${kind}:${id}`;
        if (!totals.has(key)) totals.set(key, { kind, id, views: 0, clicks: 0, enquiries: 0 });
        return totals.get(key)!;
      };
      for (const row of stats) {
        const total = entry(row.post_id, row.profile_id);
        if (row.action === 'view') total.views += count(row.n);
        else total.clicks += count(row.n);
      }
      for (const row of enquiries) entry(row.post_id, row.profile_id).enquiries += count(row.n);
      return [...totals.values()];
    });
  }

  /** Adds a day's impressions: per post in its daily counters ('impression'), and per post and term. */
  addImpressions(day: string, posts: readonly { postId: number; count: number }[], terms: readonly { postId: number; term: string; count: number }[]): Promise<void> {
    return this.write(async (db) => {
      await addPostImpressions(db, day, posts);
      await addSearchTerms(db, day, terms);
    });
  }
}
