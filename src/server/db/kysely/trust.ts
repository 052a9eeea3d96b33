/** What the trust signals read and store (migration 0044, issue 45): first replies, and responsiveness on profiles. */
import { sql } from 'kysely';
import type { TrustRepository } from '../repositories.ts';
import type { PersonFactsRow, ReplyTimeRow } from '../trust-rows.ts';
import { QueryRepository } from './query-access.ts';
import { notAboutBusiness } from './query.ts';

export class KyselyTrustRepository extends QueryRepository implements TrustRepository {
  /**
   * The owner's conversations about a business or its ads whose first message from the person came since `since`,
   * with the first reply after it.
   */
  findReplyTimes(profileId: number, ownerId: number, since: string): Promise<ReplyTimeRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('conversations as c')
        .select([
          'c.person_user_id',
          sql<string>`(SELECT MIN(m.created_at) FROM conversation_messages m WHERE m.conversation_id = c.id AND m.side = 'person')`.as('asked_at'),
          sql<string | null>`(SELECT MIN(r.created_at) FROM conversation_messages r WHERE r.conversation_id = c.id AND r.side = 'owner'
        AND r.id > (SELECT MIN(f.id) FROM conversation_messages f WHERE f.conversation_id = c.id AND f.side = 'person'))`.as('replied_at'),
        ])
        .where('c.owner_user_id', '=', ownerId)
        .where((eb) => eb.or([eb('c.profile_id', '=', profileId), eb('c.post_id', 'in', eb.selectFrom('posts').select('id').where('profile_id', '=', profileId))]))
        .where('c.last_message_at', '>=', since)
        .execute();
      // An aggregate comes back as the backend's own time value: read it as an ISO time.
      const iso = (value: unknown) => new Date(value as string).toISOString();
      return rows.filter((row) => row.asked_at !== null).map((row) => ({
        person_user_id: row.person_user_id === null ? null : Number(row.person_user_id), asked_at: iso(row.asked_at), replied_at: row.replied_at === null ? null : iso(row.replied_at),
      })).filter((row) => row.asked_at >= since);
    });
  }

  /** The facts of these people that the reply-time badge weighs, about business `profileId`. */
  findPersonFacts(profileId: number, userIds: readonly number[], since: string): Promise<PersonFactsRow[]> {
    return this.read(async (db) => {
      if (userIds.length === 0) return [];
      const people = await db.selectFrom('users as u').select([
        'u.id', 'u.created_at',
        sql<number>`(SELECT COUNT(*) FROM follows f WHERE f.user_id = u.id AND ${notAboutBusiness('f', profileId)})
      + (SELECT COUNT(*) FROM reviews r WHERE r.user_id = u.id AND ${notAboutBusiness('r', profileId)})
      + (SELECT COUNT(*) FROM enquiries e WHERE e.user_id = u.id AND ${notAboutBusiness('e', profileId)})
      + CASE WHEN u.phone_number IS NULL THEN 0 ELSE 1 END`.as('activity'),
      ]).where('u.id', 'in', [...userIds]).execute();
      const signIns = await db.selectFrom('auth_attempts').select(['user_id', 'client']).distinct()
        .where('user_id', 'in', [...userIds]).where('at', '>=', since).where('outcome', '=', 'success').execute();
      const clients = [...new Set(signIns.map((row) => row.client))];
      const accounts = new Map<string, number>();
      for (let at = 0; at < clients.length; at += 500) {
        const counted = await db.selectFrom('auth_attempts').select(['client', (eb) => eb.fn.count<number>('user_id').distinct().as('n')])
          .where('client', 'in', clients.slice(at, at + 500)).where('user_id', 'is not', null).where('at', '>=', since).where('outcome', '=', 'success').groupBy('client').execute();
        for (const row of counted) accounts.set(row.client, Number(row.n));
      }
      const devices = await db.selectFrom('reviews').select(['user_id', 'device_hash']).distinct()
        .where('user_id', 'in', [...userIds]).where('device_hash', 'is not', null).execute();
      return people.map((person) => {
        const id = Number(person.id);
        return {
          user_id: id, created_at: new Date(person.created_at).toISOString(), activity: Number(person.activity),
          clients: signIns.filter((row) => Number(row.user_id) === id).map((row) => ({ client: row.client, accounts: accounts.get(row.client) ?? 1 })),
          devices: devices.filter((row) => Number(row.user_id) === id).map((row) => row.device_hash!),
        };
      });
    });
  }

  /** Profiles an owner holds, with what is stored of their responsiveness. */
  findOwnedProfilesForTrust(afterId: number, limit: number): Promise<{ id: number; kind: string; owner_user_id: number; response_hours: number | null; response_count: number }[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profiles').select(['id', 'kind', 'owner_user_id', 'response_hours', 'response_count'])
        .where('owner_user_id', 'is not', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), owner_user_id: Number(row.owner_user_id), response_count: Number(row.response_count) }));
    });
  }

  saveResponsiveness(profileId: number, hours: number | null, count: number): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('profiles').set({ response_hours: hours, response_count: count }).where('id', '=', profileId).execute();
    });
  }
}
