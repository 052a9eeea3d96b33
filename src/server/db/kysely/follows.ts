/** Follows (migration 0008): one row per user and followed post or profile, for every backend. */
import { sql } from 'kysely';
import type { FollowRepository } from '../repositories.ts';
import type { FollowRow, ListingRef } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { listingColumn } from './query.ts';

export class KyselyFollowRepository extends QueryRepository implements FollowRepository {
  /** Follows the listing, or unfollows it when already followed; true when it is followed afterwards. */
  toggleFollow(userId: number, listing: ListingRef): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const removed = await db.deleteFrom('follows').where('user_id', '=', userId).where(listingColumn(listing), '=', listing.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) > 0) return false;
      await db.insertInto('follows').values({ user_id: userId, [listingColumn(listing)]: listing.id, created_at: now }).execute();
      return true;
    });
  }

  isFollowing(userId: number, listing: ListingRef): Promise<boolean> {
    return this.read(async (db) => (await db.selectFrom('follows').select('user_id').where('user_id', '=', userId).where(listingColumn(listing), '=', listing.id).executeTakeFirst()) !== undefined);
  }

  /**
   * What a user follows, newest first, with what a list item shows: title or name, slug and picture. Follows made
   * in the same millisecond come in a fixed order (by listing id, highest first).
   */
  findFollows(userId: number, limit: number, offset: number): Promise<FollowRow[]> {
    return this.read(async (db) => {
      const firstImage = sql<number>`(SELECT media_id FROM post_media WHERE post_id = f.post_id ORDER BY position LIMIT 1)`;
      return await db.selectFrom('follows as f')
        .leftJoin('posts as p', 'p.id', 'f.post_id')
        .leftJoin('profiles as pr', 'pr.id', 'f.profile_id')
        .leftJoin('media as m', (join) => join.on(sql<boolean>`m.id = CASE WHEN f.post_id IS NOT NULL THEN ${firstImage} ELSE pr.logo_id END`))
        .select([
          sql<string>`COALESCE(p.type, 'profile')`.as('type'), sql<number>`COALESCE(f.post_id, f.profile_id)`.as('id'),
          sql<string>`COALESCE(p.title, pr.name)`.as('title'), sql<string>`COALESCE(p.slug, pr.slug)`.as('slug'),
          'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp', 'f.created_at',
        ])
        .where('f.user_id', '=', userId)
        .orderBy('f.created_at', 'desc').orderBy(sql`COALESCE(f.post_id, f.profile_id)`, 'desc').limit(limit).offset(offset).execute() as FollowRow[];
    });
  }
}
