/** The outbox's messages (migration 0014), written once in the query layer for every backend (decision 0015). */
import type { Kysely } from 'kysely';
import type { OutboxMessageRow } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { jsonText } from './query.ts';

type Db = Kysely<Tables>;

export async function insertMessage(db: Db, message: { channel: 'mail' | 'sms'; recipient: string; message: string }, now: string): Promise<number> {
  const row = await db.insertInto('outbox_messages').values({ ...message, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findMessage(db: Db, id: number): Promise<OutboxMessageRow | undefined> {
  const row = await db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
  // PostgreSQL's jsonb comes back parsed: the row carries the message as JSON text, as stored on SQLite.
  return row && { ...row, message: jsonText(row.message)! } as OutboxMessageRow;
}

export async function markSent(db: Db, id: number, now: string): Promise<void> {
  await db.updateTable('outbox_messages').set({ sent_at: now }).where('id', '=', id).where('sent_at', 'is', null).execute();
}

/** Removes the messages sent before `sentBefore` (the sent list is kept a week, as finished jobs are); answers how many. */
export async function removeSent(db: Db, sentBefore: string): Promise<number> {
  const result = await db.deleteFrom('outbox_messages').where('sent_at', 'is not', null).where('sent_at', '<', sentBefore).executeTakeFirst();
  return Number(result.numDeletedRows);
}
