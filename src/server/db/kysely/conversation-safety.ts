/**
 * Conversations' reports and moderation (migration 0043, issue 44): reports on a conversation (a person's, or the
 * automatic one the scam rules make), what the scam rules flagged, and messages an operator removed; and removing the
 * private image files of conversations that go (the images a message carries are conversation-messages.ts's).
 */
import { sql } from 'kysely';
import type { ConversationReportInput, OpenConversationReportRow } from '../conversation-rows.ts';
import type { ConversationReportRepository } from '../repositories.ts';
import { QueryRepository } from './query-access.ts';
import { count, type QueryDb } from './query.ts';

/**
 * Removes the images of the messages `messages` selects (rows of media and uploads); returns their files, to delete
 * once the transaction has committed.
 */
async function removeImagesOf(db: QueryDb, messageIds: readonly number[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db.selectFrom('conversation_message_media as cm').innerJoin('media as m', 'm.id', 'cm.media_id')
    .select(['m.id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp']).where('cm.message_id', 'in', [...messageIds]).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.id));
  await db.deleteFrom('conversation_message_media').where('media_id', 'in', ids).execute();
  await db.deleteFrom('uploads').where('media_id', 'in', ids).execute();
  await db.deleteFrom('media').where('id', 'in', ids).execute();
  return rows.flatMap((row) => [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp].filter((file): file is string => file !== null));
}

/** The images of everything `userId` wrote go (their account is being deleted); returns the files. */
export async function removeImagesWrittenBy(db: QueryDb, userId: number): Promise<string[]> {
  const ids = (await db.selectFrom('conversation_messages').select('id').where('user_id', '=', userId).execute()).map((row) => Number(row.id));
  return removeImagesOf(db, ids);
}

/** The images of these conversations' messages go (the conversations are about to); returns the files. */
export async function removeImagesOfConversations(db: QueryDb, conversationIds: readonly number[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const ids = (await db.selectFrom('conversation_messages').select('id').where('conversation_id', 'in', [...conversationIds]).execute()).map((row) => Number(row.id));
  return removeImagesOf(db, ids);
}

export async function countOpenConversationReports(db: QueryDb): Promise<number> {
  return count((await db.selectFrom('conversation_reports').select((eb) => eb.fn.countAll().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow()).n);
}

export class KyselyConversationReportRepository extends QueryRepository implements ConversationReportRepository {
  insertReport(report: ConversationReportInput): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('conversation_reports').values({
        conversation_id: report.conversationId, user_id: report.userId, reported_user_id: report.reportedUserId, reason: report.reason,
        description: report.description, message_ids: report.messageIds.join(','), created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  findOpenReports(limit: number): Promise<OpenConversationReportRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('conversation_reports as r').innerJoin('conversations as c', 'c.id', 'r.conversation_id')
        .select(['r.conversation_id', 'c.listing_title', 'r.user_id', 'r.reported_user_id', 'r.reason', 'r.description', 'r.message_ids', 'r.created_at'])
        .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
      return rows.map((row) => ({
        ...row, conversation_id: Number(row.conversation_id), user_id: row.user_id === null ? null : Number(row.user_id),
        reported_user_id: row.reported_user_id === null ? null : Number(row.reported_user_id),
        message_ids: row.message_ids.split(',').filter(Boolean).map(Number),
      }));
    });
  }

  /** The ids of the messages open reports on a conversation name; undefined when no report on it is open. */
  findReportedMessageIds(conversationId: number): Promise<number[] | undefined> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('conversation_reports').select('message_ids').where('conversation_id', '=', conversationId).where('handled_at', 'is', null).execute();
      if (rows.length === 0) return undefined;
      return [...new Set(rows.flatMap((row) => row.message_ids.split(',').filter(Boolean).map(Number)))];
    });
  }

  /** In how many conversations the scam rules flagged what `userId` wrote since `since`. */
  countFlaggedConversationsSince(userId: number, since: string): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversation_messages').select(sql<number>`COUNT(DISTINCT conversation_id)`.as('n'))
        .where('user_id', '=', userId).where('rules', 'is not', null).where('created_at', '>=', since).executeTakeFirstOrThrow();
      return count(row.n);
    });
  }

  /** Whether an automatic report about `userId` was made since `since`. */
  hasAutomaticReportSince(userId: number, since: string): Promise<boolean> {
    return this.read(async (db) => (await db.selectFrom('conversation_reports').select('id').where('reported_user_id', '=', userId).where('user_id', 'is', null)
      .where('created_at', '>=', since).limit(1).executeTakeFirst()) !== undefined);
  }

  /** The flagged messages `userId` wrote since `since`, by conversation: what the automatic report shows. */
  findFlaggedMessagesSince(userId: number, since: string): Promise<{ conversation_id: number; id: number }[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('conversation_messages').select(['conversation_id', 'id'])
        .where('user_id', '=', userId).where('rules', 'is not', null).where('created_at', '>=', since).orderBy('id').execute();
      return rows.map((row) => ({ conversation_id: Number(row.conversation_id), id: Number(row.id) }));
    });
  }

  /** Removes a message by moderation (its words and images stop showing); false when it was removed already. */
  moderateMessage(messageId: number): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('conversation_messages').set({ moderated_at: now }).where('id', '=', messageId).where('moderated_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** The ids of the messages around these (`span` before and after each, within the conversation), with them, in order. */
  findMessageIdsAround(conversationId: number, messageIds: readonly number[], span: number): Promise<number[]> {
    return this.read(async (db) => {
      const ids = new Set(messageIds);
      for (const id of messageIds) {
        const before = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).where('id', '<', id).orderBy('id', 'desc').limit(span).execute();
        const after = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).where('id', '>', id).orderBy('id').limit(span).execute();
        for (const row of [...before, ...after]) ids.add(Number(row.id));
      }
      return [...ids].sort((a, b) => a - b);
    });
  }
}
