/** The per-listing daily counters (migration 0010), for every backend. */
import { sql } from 'kysely';
import type { ListingStatsRepository } from '../repositories.ts';
import type { ClickCount, ListingRef } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { count, listingColumn, type QueryDb } from './query.ts';

/** Adds `n` to a listing's counter of a day and action; a listing that does not exist adds nothing. */
export async function addCount(db: QueryDb, day: string, listing: ListingRef, action: string, n: number): Promise<void> {
  const added = sql<number>`listing_daily_stats.count + excluded.count`;
  if (listing.type === 'profile') {
    await db.insertInto('listing_daily_stats').columns(['profile_id', 'day', 'action', 'count'])
      .expression(db.selectFrom('profiles').select([
        'id', sql<string>`${day}`.as('day'), sql<string>`${action}`.as('action'), sql<number>`${n}`.as('count'),
      ]).where('id', '=', listing.id))
      .onConflict((conflict) => conflict.columns(['profile_id', 'day', 'action']).where('profile_id', 'is not', null).doUpdateSet({ count: added }))
      .execute();
  } else {
    await db.insertInto('listing_daily_stats').columns(['post_id', 'day', 'action', 'count'])
      .expression(db.selectFrom('posts').select([
        'id', sql<string>`${day}`.as('day'), sql<string>`${action}`.as('action'), sql<number>`${n}`.as('count'),
      ]).where('id', '=', listing.id).where('type', '=', listing.type))
      .onConflict((conflict) => conflict.columns(['post_id', 'day', 'action']).where('post_id', 'is not', null).doUpdateSet({ count: added }))
      .execute();
  }
}

export class KyselyListingStatsRepository extends QueryRepository implements ListingStatsRepository {
  addClicks(day: string, counts: readonly ClickCount[]): Promise<void> {
    return this.write(async (db) => {
      for (const { listing, action, count: n } of counts) await addCount(db, day, listing, action, n);
    });
  }

  findListingStats(listing: ListingRef, from: string, to: string): Promise<{ day: string; action: string; count: number }[]> {
    return this.read(async (db) => {
      const column = listingColumn(listing);
      const rows = await db.selectFrom('listing_daily_stats').select(['day', 'action', 'count'])
        .where(column, '=', listing.id).where('day', '>=', from).where('day', '<=', to).orderBy('day').orderBy('action').execute();
      return rows.map((row) => ({ ...row, count: count(row.count) }));
    });
  }
}
