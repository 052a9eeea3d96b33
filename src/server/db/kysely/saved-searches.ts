/** Saved searches and the listings their alerts named (migration 0030), for every backend. */
import { sql } from 'kysely';
import type { SavedSearchRepository } from '../repositories.ts';
import type { DueSavedSearchRow, NewSavedSearch, SavedSearchChange, SavedSearchRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';

const COLUMNS = ['id', 'user_id', 'name', 'type', 'query', 'frequency', 'created_at', 'updated_at', 'seen_at', 'alerted_at', 'mailed_at'] as const;

export class KyselySavedSearchRepository extends QueryRepository implements SavedSearchRepository {
  insertSavedSearch(search: NewSavedSearch): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const row = await db.insertInto('saved_searches').values({
        user_id: search.userId, name: search.name, type: search.type, query: search.query, frequency: search.frequency,
        created_at: now, updated_at: now, seen_at: now, alerted_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    });
  }

  countSavedSearches(userId: number): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('saved_searches').select(sql<number>`count(*)`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    });
  }

  /** A user's saved searches, newest first. */
  findSavedSearches(userId: number, limit: number): Promise<SavedSearchRow[]> {
    return this.read(async (db) => await db.selectFrom('saved_searches').select(COLUMNS).where('user_id', '=', userId)
      .orderBy('id', 'desc').limit(limit).execute() as SavedSearchRow[]);
  }

  findSavedSearch(id: number): Promise<SavedSearchRow | undefined> {
    return this.read(async (db) => await db.selectFrom('saved_searches').select(COLUMNS).where('id', '=', id).executeTakeFirst() as SavedSearchRow | undefined);
  }

  updateSavedSearch(id: number, change: SavedSearchChange): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('saved_searches').set({
        ...(change.name === undefined ? {} : { name: change.name }),
        ...(change.frequency === undefined ? {} : { frequency: change.frequency }),
        ...(change.seenAt === undefined ? {} : { seen_at: change.seenAt }),
        ...(change.alertedAt === undefined ? {} : { alerted_at: change.alertedAt }),
        updated_at: now,
      }).where('id', '=', id).execute();
    });
  }

  deleteSavedSearch(id: number): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('saved_searches').where('id', '=', id).execute();
    });
  }

  /**
   * Saved searches of one frequency whose last look is before `alertedBefore`, after `afterId` in id order: those an
   * alert run has to look at now. Only of accounts that can be mailed: an e-mail on the account, not being deleted,
   * not suspended.
   */
  findDueSavedSearches(frequency: string, alertedBefore: string, afterId: number, limit: number): Promise<DueSavedSearchRow[]> {
    return this.read(async (db) => await db.selectFrom('saved_searches as s').innerJoin('users as u', 'u.id', 's.user_id')
      .select([...COLUMNS.map((column) => `s.${column}` as const), 'u.email', 'u.name as user_name', 'u.locale'])
      .where('s.frequency', '=', frequency).where('s.id', '>', afterId).where('s.alerted_at', '<', alertedBefore)
      .where('u.email', 'is not', null).where('u.pending_delete', '=', 0).where('u.suspended_at', 'is', null)
      .orderBy('s.id').limit(limit).execute() as DueSavedSearchRow[]);
  }

  /** Which of `postIds` the user owns: their own listings never alert them. */
  findOwnPostIds(userId: number, postIds: readonly number[]): Promise<number[]> {
    return this.read(async (db) => {
      if (postIds.length === 0) return [];
      // An ad is theirs when they wrote it (hireme) or own its business (policies.ts, canEditPost).
      const rows = await db.selectFrom('posts as p').leftJoin('profiles as pr', 'pr.id', 'p.profile_id').select('p.id').where('p.id', 'in', postIds)
        .where((where) => where.or([where('p.owner_user_id', '=', userId), where('pr.owner_user_id', '=', userId)])).execute();
      return rows.map((row) => Number(row.id));
    });
  }

  /** Which of `postIds` an alert of the saved search has named already. */
  findAlertedPostIds(savedSearchId: number, postIds: readonly number[]): Promise<number[]> {
    return this.read(async (db) => {
      if (postIds.length === 0) return [];
      const rows = await db.selectFrom('saved_search_alerts').select('post_id').where('saved_search_id', '=', savedSearchId).where('post_id', 'in', postIds).execute();
      return rows.map((row) => Number(row.post_id));
    });
  }

  /**
   * Records that an alert names these listings and moves the saved search's watermark, in the alert mail's
   * transaction. Answers the listings that were not recorded before: only those may be mailed.
   */
  recordAlert(savedSearchId: number, postIds: readonly number[], alertedAt: string): Promise<number[]> {
    const now = this.now;
    return this.write(async (db) => {
      const fresh = postIds.length === 0 ? [] : await db.insertInto('saved_search_alerts')
        .values(postIds.map((postId) => ({ saved_search_id: savedSearchId, post_id: postId, sent_at: now })))
        .onConflict((conflict) => conflict.columns(['saved_search_id', 'post_id']).doNothing())
        .returning('post_id').execute();
      await db.updateTable('saved_searches').set({ alerted_at: alertedAt, ...(fresh.length > 0 ? { mailed_at: alertedAt } : {}) })
        .where('id', '=', savedSearchId).execute();
      return fresh.map((row) => Number(row.post_id));
    });
  }

  /** True when a state or town of this name is listed (any case; 'Town, State' names a town in its state), as search reads places. */
  placeExists(name: string): Promise<boolean> {
    return this.read(async (db) => {
      const same = (column: string, value: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`;
      if (await db.selectFrom('states').select('id').where(same('name', name)).executeTakeFirst()) return true;
      if (await db.selectFrom('cities').select('id').where(same('name', name)).executeTakeFirst()) return true;
      const [town, region] = name.split(',').map((part) => part.trim());
      if (!town || !region) return false;
      return (await db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id').select('c.id')
        .where(same('c.name', town)).where(same('s.name', region)).executeTakeFirst()) !== undefined;
    });
  }
}
