/** What the trust signals read and store (migration 0044, issue 45): first replies, and responsiveness on profiles. */
import { sql } from 'kysely';
import type { QueryDb } from './query.ts';

/** A conversation's first message from the person and the owner's first reply after it (null: none yet). */
export interface ReplyTimeRow {
  asked_at: string;
  replied_at: string | null;
}

/**
 * The owner's conversations about a business or its ads whose first message from the person came since `since`,
 * with the first reply after it.
 */
export async function findReplyTimes(db: QueryDb, profileId: number, ownerId: number, since: string): Promise<ReplyTimeRow[]> {
  const rows = await db.selectFrom('conversations as c')
    .select([
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
  return rows.filter((row) => row.asked_at !== null).map((row) => ({ asked_at: iso(row.asked_at), replied_at: row.replied_at === null ? null : iso(row.replied_at) }))
    .filter((row) => row.asked_at >= since);
}

/** Profiles an owner holds, with what is stored of their responsiveness. */
export async function findOwnedProfilesForTrust(db: QueryDb, afterId: number, limit: number): Promise<{ id: number; kind: string; owner_user_id: number; response_hours: number | null; response_count: number }[]> {
  const rows = await db.selectFrom('profiles').select(['id', 'kind', 'owner_user_id', 'response_hours', 'response_count'])
    .where('owner_user_id', 'is not', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), owner_user_id: Number(row.owner_user_id), response_count: Number(row.response_count) }));
}

export async function saveResponsiveness(db: QueryDb, profileId: number, hours: number | null, count: number): Promise<void> {
  await db.updateTable('profiles').set({ response_hours: hours, response_count: count }).where('id', '=', profileId).execute();
}
