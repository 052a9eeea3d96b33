/** The events open conversation streams replay (migration 0042, issue 44), for every backend; a change adds them in its transaction (conversations.ts). */
import type { ConversationSide } from '../../../shared/conversations.ts';
import type { EventRow } from '../conversation-rows.ts';
import type { ConversationEventRepository } from '../repositories.ts';
import { QueryRepository } from './query-access.ts';

export class KyselyConversationEventRepository extends QueryRepository implements ConversationEventRepository {
  /** Events after `after` (of one reader, when `userId` is given), oldest first. */
  findEventsAfter(after: number, limit: number, userId?: number): Promise<EventRow[]> {
    return this.read(async (db) => {
      let query = db.selectFrom('conversation_events').select(['seq', 'user_id', 'conversation_id', 'kind', 'side', 'message_id', 'up_to']).where('seq', '>', after);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      const rows = await query.orderBy('seq').limit(limit).execute();
      return rows.map((row) => ({
        seq: Number(row.seq), user_id: Number(row.user_id), conversation_id: Number(row.conversation_id), kind: row.kind as EventRow['kind'], side: row.side as ConversationSide,
        message_id: row.message_id === null ? null : Number(row.message_id), up_to: row.up_to === null ? null : Number(row.up_to),
      }));
    });
  }

  /** The newest event's number (0 for none). */
  lastEventSeq(): Promise<number> {
    return this.read(async (db) => Number((await db.selectFrom('conversation_events').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst())?.seq ?? 0));
  }

  removeEventsBefore(before: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('conversation_events').where('created_at', '<', before).execute();
    });
  }
}
