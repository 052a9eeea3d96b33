/**
 * Conversations' images, reports and moderation (migration 0043, issue 44): the images a message carries (private
 * files), reports on a conversation (a person's, or the automatic one the scam rules make), and messages an operator
 * removed.
 */
import { sql } from 'kysely';
import { count, type QueryDb } from './query.ts';
import { attachImages } from './uploads.ts';
import type { ConversationImageRow, ConversationReportInput, ImageUploadRow, OpenConversationReportRow } from '../conversation-rows.ts';

/** The image uploads with these media ids (unknown ones are left out). */
export async function findImageUploads(db: QueryDb, mediaIds: readonly number[]): Promise<ImageUploadRow[]> {
  if (mediaIds.length === 0) return [];
  const rows = await db.selectFrom('uploads as u').innerJoin('media as m', 'm.id', 'u.media_id')
    .select(['m.id', 'u.owner_user_id', 'u.attached_at']).where('m.id', 'in', [...mediaIds]).where('m.kind', '=', 'image').execute();
  return rows.map((row) => ({ id: Number(row.id), owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id), attached: row.attached_at !== null }));
}

/** The message carries these images, in this order; their uploads are in use from now on. */
export async function attachMessageImages(db: QueryDb, messageId: number, mediaIds: readonly number[], now: string): Promise<void> {
  if (mediaIds.length === 0) return;
  await db.insertInto('conversation_message_media').values(mediaIds.map((mediaId, position) => ({ message_id: messageId, media_id: mediaId, position }))).execute();
  await attachImages(db, mediaIds, now);
}

/** The media ids of these messages' images, in order, per message. */
export async function findMessageImages(db: QueryDb, messageIds: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (messageIds.length === 0) return found;
  const rows = await db.selectFrom('conversation_message_media').select(['message_id', 'media_id'])
    .where('message_id', 'in', [...messageIds]).orderBy('message_id').orderBy('position').execute();
  for (const row of rows) found.set(Number(row.message_id), [...(found.get(Number(row.message_id)) ?? []), Number(row.media_id)]);
  return found;
}

/** One image of a conversation's message, with its files and whether its message may still show it. */
export async function findConversationImage(db: QueryDb, conversationId: number, mediaId: number): Promise<ConversationImageRow | undefined> {
  const row = await db.selectFrom('conversation_message_media as cm').innerJoin('conversation_messages as msg', 'msg.id', 'cm.message_id')
    .innerJoin('media as m', 'm.id', 'cm.media_id')
    .select(['m.thumbnail', 'm.full', 'msg.erased_at', 'msg.moderated_at'])
    .where('msg.conversation_id', '=', conversationId).where('cm.media_id', '=', mediaId).executeTakeFirst();
  return row && {
    thumbnail: row.thumbnail, full: row.full,
    hidden: row.erased_at !== null || row.moderated_at !== null,
  };
}

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

export async function insertConversationReport(db: QueryDb, report: ConversationReportInput, now: string): Promise<number> {
  const { id } = await db.insertInto('conversation_reports').values({
    conversation_id: report.conversationId, user_id: report.userId, reported_user_id: report.reportedUserId, reason: report.reason,
    description: report.description, message_ids: report.messageIds.join(','), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function findOpenConversationReports(db: QueryDb, limit: number): Promise<OpenConversationReportRow[]> {
  const rows = await db.selectFrom('conversation_reports as r').innerJoin('conversations as c', 'c.id', 'r.conversation_id')
    .select(['r.conversation_id', 'c.listing_title', 'r.user_id', 'r.reported_user_id', 'r.reason', 'r.description', 'r.message_ids', 'r.created_at'])
    .where('r.handled_at', 'is', null).orderBy('r.created_at').orderBy('r.id').limit(limit).execute();
  return rows.map((row) => ({
    ...row, conversation_id: Number(row.conversation_id), user_id: row.user_id === null ? null : Number(row.user_id),
    reported_user_id: row.reported_user_id === null ? null : Number(row.reported_user_id),
    message_ids: row.message_ids.split(',').filter(Boolean).map(Number),
  }));
}

/** The ids of the messages open reports on a conversation name; undefined when no report on it is open. */
export async function findReportedMessageIds(db: QueryDb, conversationId: number): Promise<number[] | undefined> {
  const rows = await db.selectFrom('conversation_reports').select('message_ids').where('conversation_id', '=', conversationId).where('handled_at', 'is', null).execute();
  if (rows.length === 0) return undefined;
  return [...new Set(rows.flatMap((row) => row.message_ids.split(',').filter(Boolean).map(Number)))];
}

export async function countOpenConversationReports(db: QueryDb): Promise<number> {
  return count((await db.selectFrom('conversation_reports').select((eb) => eb.fn.countAll().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow()).n);
}

/** Marks a conversation's open reports handled; answers how many. */
export async function handleConversationReports(db: QueryDb, conversationId: number, now: string): Promise<number> {
  const result = await db.updateTable('conversation_reports').set({ handled_at: now }).where('conversation_id', '=', conversationId).where('handled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks handled the open conversation reports about what `userId` wrote (their suspension acts on them); answers how many. */
export async function handleReportsOnUser(db: QueryDb, userId: number, now: string): Promise<number> {
  const result = await db.updateTable('conversation_reports').set({ handled_at: now }).where('reported_user_id', '=', userId).where('handled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** In how many conversations the scam rules flagged what `userId` wrote since `since`. */
export async function countFlaggedConversationsSince(db: QueryDb, userId: number, since: string): Promise<number> {
  const row = await db.selectFrom('conversation_messages').select(sql<number>`COUNT(DISTINCT conversation_id)`.as('n'))
    .where('user_id', '=', userId).where('rules', 'is not', null).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return count(row.n);
}

/** Whether an automatic report about `userId` was made since `since`. */
export async function hasAutomaticReportSince(db: QueryDb, userId: number, since: string): Promise<boolean> {
  return (await db.selectFrom('conversation_reports').select('id').where('reported_user_id', '=', userId).where('user_id', 'is', null)
    .where('created_at', '>=', since).limit(1).executeTakeFirst()) !== undefined;
}

/** The flagged messages `userId` wrote since `since`, by conversation: what the automatic report shows. */
export async function findFlaggedMessagesSince(db: QueryDb, userId: number, since: string): Promise<{ conversation_id: number; id: number }[]> {
  const rows = await db.selectFrom('conversation_messages').select(['conversation_id', 'id'])
    .where('user_id', '=', userId).where('rules', 'is not', null).where('created_at', '>=', since).orderBy('id').execute();
  return rows.map((row) => ({ conversation_id: Number(row.conversation_id), id: Number(row.id) }));
}

/** Removes a message by moderation (its words and images stop showing); false when it was removed already. */
export async function moderateMessage(db: QueryDb, messageId: number, now: string): Promise<boolean> {
  const result = await db.updateTable('conversation_messages').set({ moderated_at: now }).where('id', '=', messageId).where('moderated_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The ids of the messages around these (`span` before and after each, within the conversation), with them, in order. */
export async function findMessageIdsAround(db: QueryDb, conversationId: number, messageIds: readonly number[], span: number): Promise<number[]> {
  const ids = new Set(messageIds);
  for (const id of messageIds) {
    const before = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).where('id', '<', id).orderBy('id', 'desc').limit(span).execute();
    const after = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).where('id', '>', id).orderBy('id').limit(span).execute();
    for (const row of [...before, ...after]) ids.add(Number(row.id));
  }
  return [...ids].sort((a, b) => a - b);
}
