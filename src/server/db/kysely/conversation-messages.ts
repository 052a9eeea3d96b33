/**
 * A conversation's messages (migration 0042, issue 44), for every backend: what each side wrote, the images it carries,
 * the details a reader chose to show, and erasing what a deleted account wrote.
 */
import type { ConversationSide } from '../../../shared/conversations.ts';
import type { ConversationImageRow, ImageUploadRow, MessageRow } from '../conversation-rows.ts';
import type { MessageRepository } from '../repositories.ts';
import { removeImagesWrittenBy } from './conversation-safety.ts';
import { insertMessage, lastMessageId, messageSelect, toMessageRow, type MessageInput } from './conversations.ts';
import { QueryRepository } from './query-access.ts';
import { count } from './query.ts';
import { attachImages } from './uploads.ts';

export class KyselyMessageRepository extends QueryRepository implements MessageRepository {
  /** Adds a message (its writer has read up to it; it leaves the other side's archive); returns its id. */
  insertMessage(message: Omit<MessageInput, 'createdAt'>): Promise<number> {
    const createdAt = this.now;
    return this.write((db) => insertMessage(db, { ...message, createdAt }));
  }

  findMessage(id: number): Promise<MessageRow | undefined> {
    return this.read(async (db) => {
      const row = await messageSelect(db).where('m.id', '=', id).executeTakeFirst();
      return row && toMessageRow(row);
    });
  }

  /** The message a sender made with this client id in this conversation, if any (a retried send). */
  findMessageByClientId(conversationId: number, userId: number, clientId: string): Promise<MessageRow | undefined> {
    return this.read(async (db) => {
      const row = await messageSelect(db).where('m.conversation_id', '=', conversationId).where('m.user_id', '=', userId).where('m.client_id', '=', clientId).executeTakeFirst();
      return row && toMessageRow(row);
    });
  }

  /** The newest `limit` messages before message `before` (all when undefined), newest first. */
  findMessages(conversationId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
    return this.read(async (db) => {
      let query = messageSelect(db).where('m.conversation_id', '=', conversationId);
      if (before !== undefined) query = query.where('m.id', '<', before);
      return (await query.orderBy('m.id', 'desc').limit(limit).execute()).map(toMessageRow);
    });
  }

  /** These messages of a conversation, oldest first (ids of other conversations are left out). */
  findMessagesByIds(conversationId: number, ids: readonly number[]): Promise<MessageRow[]> {
    return this.read(async (db) => {
      if (ids.length === 0) return [];
      return (await messageSelect(db).where('m.conversation_id', '=', conversationId).where('m.id', 'in', [...ids]).orderBy('m.id').execute()).map(toMessageRow);
    });
  }

  /** True once `side` has written in the conversation (an enquiry or a message). */
  hasWritten(conversationId: number, by: ConversationSide): Promise<boolean> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).where('side', '=', by).limit(1).executeTakeFirst();
      return row !== undefined;
    });
  }

  lastMessageId(id: number, by?: ConversationSide): Promise<number> {
    return this.read((db) => lastMessageId(db, id, by));
  }

  /** Messages a user wrote at or after `since` (the per-minute and per-day limits). */
  countMessagesSince(userId: number, since: string): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversation_messages').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirst();
      return count(row?.n);
    });
  }

  insertReveal(messageId: number, userId: number): Promise<void> {
    const at = this.now;
    return this.write(async (db) => {
      await db.insertInto('conversation_reveals').values({ message_id: messageId, user_id: userId, created_at: at }).execute();
    });
  }

  countRevealsSince(userId: number, since: string): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversation_reveals').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('created_at', '>=', since).executeTakeFirst();
      return count(row?.n);
    });
  }

  /** The messages of these conversations a reader has shown (their masked details in full). */
  findRevealed(userId: number, messageIds: readonly number[]): Promise<Set<number>> {
    return this.read(async (db) => {
      if (messageIds.length === 0) return new Set();
      const rows = await db.selectFrom('conversation_reveals').select('message_id').where('user_id', '=', userId).where('message_id', 'in', [...messageIds]).execute();
      return new Set(rows.map((row) => Number(row.message_id)));
    });
  }

  /**
   * What an account leaves behind when it is deleted (issue 44): its messages' words, and its enquiries' name, phone,
   * e-mail, fields, images and CV or document. The rows stay (the other side's thread keeps its shape, marked
   * "Former member: message deleted"); returns the files to delete once the transaction has committed.
   */
  eraseWrittenBy(userId: number): Promise<string[]> {
    const at = this.now;
    return this.write(async (db) => {
      const messageImages = await removeImagesWrittenBy(db, userId);
      await db.updateTable('conversation_messages').set({ text: '', rules: null, erased_at: at }).where('user_id', '=', userId).execute();
      const enquiries = db.selectFrom('enquiries').select('id').where('user_id', '=', userId);
      const documents = await db.selectFrom('enquiries as e').innerJoin('documents as d', 'd.id', 'e.document_id').select(['d.id', 'd.file']).where('e.user_id', '=', userId).execute();
      const images = await db.selectFrom('enquiry_media as em').innerJoin('media as m', 'm.id', 'em.media_id')
        .select(['m.id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp']).where('em.enquiry_id', 'in', enquiries).execute();
      await db.updateTable('enquiries').set({ name: 'Former member', phone_number: '', email: null, details: '{}', document_id: null }).where('user_id', '=', userId).execute();
      await db.deleteFrom('enquiry_media').where('enquiry_id', 'in', enquiries).execute();
      if (documents.length > 0) await db.deleteFrom('documents').where('id', 'in', documents.map((row) => row.id)).execute();
      if (images.length > 0) await db.deleteFrom('media').where('id', 'in', images.map((row) => row.id)).execute();
      return [
        ...messageImages,
        ...documents.map((row) => row.file),
        ...images.flatMap((row) => [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp].filter((file): file is string => file !== null)),
      ];
    });
  }

  /** The image uploads with these media ids (unknown ones are left out). */
  findImageUploads(mediaIds: readonly number[]): Promise<ImageUploadRow[]> {
    return this.read(async (db) => {
      if (mediaIds.length === 0) return [];
      const rows = await db.selectFrom('uploads as u').innerJoin('media as m', 'm.id', 'u.media_id')
        .select(['m.id', 'u.owner_user_id', 'u.attached_at']).where('m.id', 'in', [...mediaIds]).where('m.kind', '=', 'image').execute();
      return rows.map((row) => ({ id: Number(row.id), owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id), attached: row.attached_at !== null }));
    });
  }

  /** The message carries these images, in this order; their uploads are in use from now on. */
  attachMessageImages(messageId: number, mediaIds: readonly number[]): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      if (mediaIds.length === 0) return;
      await db.insertInto('conversation_message_media').values(mediaIds.map((mediaId, position) => ({ message_id: messageId, media_id: mediaId, position }))).execute();
      await attachImages(db, mediaIds, now);
    });
  }

  /** The media ids of these messages' images, in order, per message. */
  findMessageImages(messageIds: readonly number[]): Promise<Map<number, number[]>> {
    return this.read(async (db) => {
      const found = new Map<number, number[]>();
      if (messageIds.length === 0) return found;
      const rows = await db.selectFrom('conversation_message_media').select(['message_id', 'media_id'])
        .where('message_id', 'in', [...messageIds]).orderBy('message_id').orderBy('position').execute();
      for (const row of rows) found.set(Number(row.message_id), [...(found.get(Number(row.message_id)) ?? []), Number(row.media_id)]);
      return found;
    });
  }

  /** One image of a conversation's message, with its files and whether its message may still show it. */
  findConversationImage(conversationId: number, mediaId: number): Promise<ConversationImageRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversation_message_media as cm').innerJoin('conversation_messages as msg', 'msg.id', 'cm.message_id')
        .innerJoin('media as m', 'm.id', 'cm.media_id')
        .select(['m.thumbnail', 'm.full', 'msg.erased_at', 'msg.moderated_at'])
        .where('msg.conversation_id', '=', conversationId).where('cm.media_id', '=', mediaId).executeTakeFirst();
      return row && {
        thumbnail: row.thumbnail, full: row.full,
        hidden: row.erased_at !== null || row.moderated_at !== null,
      };
    });
  }
}
