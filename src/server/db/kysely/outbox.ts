/** The outbox's messages (migration 0014), written once in the query layer for every backend (decision 0015). */
import type { OutboxRepository } from '../repositories.ts';
import type { OutboxMessageRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import { jsonText } from './query.ts';

export class KyselyOutboxRepository extends QueryRepository implements OutboxRepository {
  insert(message: { channel: 'mail' | 'sms'; recipient: string; message: string }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const row = await db.insertInto('outbox_messages').values({ ...message, created_at: now }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  }

  find(id: number): Promise<OutboxMessageRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirst();
      // PostgreSQL's jsonb comes back parsed: the row carries the message as JSON text, as stored on SQLite.
      return row && { ...row, message: jsonText(row.message)! } as OutboxMessageRow;
    });
  }

  markSent(id: number): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('outbox_messages').set({ sent_at: now }).where('id', '=', id).where('sent_at', 'is', null).execute();
    });
  }

  /** Removes the messages sent before `sentBefore` (the sent list is kept a week, as finished jobs are); answers how many. */
  removeSent(sentBefore: string): Promise<number> {
    return this.write(async (db) => {
      const result = await db.deleteFrom('outbox_messages').where('sent_at', 'is not', null).where('sent_at', '<', sentBefore).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
