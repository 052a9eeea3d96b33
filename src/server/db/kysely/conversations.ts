/**
 * Conversations (migration 0042, issue 44): one per person and listing, each side's reading, archive and mute, blocks,
 * unread notices, and the events a change adds for its readers' streams. Messages are conversation-messages.ts's, offers
 * conversation-offers.ts's, the streams' replay conversation-events.ts's.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { ConversationSide, MessageKind } from '../../../shared/conversations.ts';
import type { ScamClass } from '../../../shared/scam-rules.ts';
import type { ConversationFilters, ConversationListRow, ConversationRow, DueNoticeRow, MessageRow } from '../conversation-rows.ts';
import type { ConversationRepository } from '../repositories.ts';
import type { ListingRef } from '../rows.ts';
import { removeImagesOfConversations } from './conversation-safety.ts';
import { QueryRepository } from './query-access.ts';
import { count, flag, isPostgres, type QueryDb } from './query.ts';

const side = (role: ConversationSide) => ({
  user: role === 'owner' ? 'c.owner_user_id' : 'c.person_user_id',
  readUpTo: role === 'owner' ? 'c.owner_read_up_to' : 'c.person_read_up_to',
  archived: role === 'owner' ? 'c.owner_archived_at' : 'c.person_archived_at',
  other: role === 'owner' ? 'person' : 'owner',
} as const);

function conversationSelect(db: QueryDb) {
  return db.selectFrom('conversations as c')
    .leftJoin('posts as p', 'p.id', 'c.post_id')
    .leftJoin('profiles as pr', 'pr.id', 'c.profile_id')
    .leftJoin('profiles as business', (join) => join.on(sql<boolean>`business.id = COALESCE(p.profile_id, c.profile_id)`))
    .leftJoin('job_details as j', 'j.post_id', 'c.post_id')
    .leftJoin('hireme_details as h', 'h.post_id', 'c.post_id')
    .leftJoin('users as person', 'person.id', 'c.person_user_id')
    .select([
      'c.id',
      sql<ConversationRow['listing_type']>`CASE WHEN c.post_id IS NOT NULL THEN p.type WHEN c.profile_id IS NOT NULL THEN 'profile' END`.as('listing_type'),
      sql<number | null>`COALESCE(c.post_id, c.profile_id)`.as('listing_id'), sql<string | null>`COALESCE(p.slug, pr.slug)`.as('listing_slug'),
      'c.listing_title', 'j.company_confidential as job_confidential', 'h.company_confidential as hireme_confidential',
      'business.name as profile_name', 'c.person_user_id', 'person.name as person_name', 'c.owner_user_id', 'c.created_at', 'c.last_message_at',
      'c.person_read_up_to', 'c.owner_read_up_to', 'c.person_archived_at', 'c.owner_archived_at', 'c.person_muted_at', 'c.owner_muted_at', 'c.superseded_at',
      sql<number | null>`(SELECT MAX(e.id) FROM enquiries e WHERE e.conversation_id = c.id)`.as('lead_id'),
    ]);
}

type SelectedConversation = Awaited<ReturnType<ReturnType<typeof conversationSelect>['executeTakeFirstOrThrow']>>;

function toConversationRow({ job_confidential, hireme_confidential, ...row }: SelectedConversation): ConversationRow {
  const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    ...row, id: Number(row.id), listing_id: id(row.listing_id), confidential: flag(job_confidential ?? hireme_confidential),
    person_user_id: id(row.person_user_id), owner_user_id: id(row.owner_user_id), lead_id: id(row.lead_id),
    person_read_up_to: Number(row.person_read_up_to), owner_read_up_to: Number(row.owner_read_up_to),
  };
}

async function findConversation(db: QueryDb, id: number, lock = false): Promise<ConversationRow | undefined> {
  if (lock && isPostgres(db)) await db.selectFrom('conversations').select('id').where('id', '=', id).forUpdate().execute();
  const row = await conversationSelect(db).where('c.id', '=', id).executeTakeFirst();
  return row && toConversationRow(row);
}

/** The person's open conversation about a listing (not superseded by a change of owner). */
async function findOpenConversation(db: QueryDb, personId: number, listing: ListingRef): Promise<ConversationRow | undefined> {
  const row = await conversationSelect(db).where('c.person_user_id', '=', personId).where('c.superseded_at', 'is', null)
    .where(listing.type === 'profile' ? 'c.profile_id' : 'c.post_id', '=', listing.id).executeTakeFirst();
  return row && toConversationRow(row);
}

async function insertConversation(db: QueryDb, conversation: { listing: ListingRef; title: string; personId: number; ownerId: number | null; createdAt: string }): Promise<number> {
  const { id } = await db.insertInto('conversations').values({
    post_id: conversation.listing.type === 'profile' ? null : conversation.listing.id,
    profile_id: conversation.listing.type === 'profile' ? conversation.listing.id : null,
    listing_title: conversation.title, person_user_id: conversation.personId, owner_user_id: conversation.ownerId,
    created_at: conversation.createdAt, last_message_at: conversation.createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** The listing changed hands: the person's next message starts a conversation with its new owner. */
async function supersedeConversation(db: QueryDb, id: number, at: string): Promise<void> {
  await db.updateTable('conversations').set({ superseded_at: at }).where('id', '=', id).execute();
}

/**
 * The person's conversation about a listing with its owner now: their open one, or a new one when they have none or
 * the listing changed hands since (the old one is superseded: a new owner never reads what was sent before them).
 * Call it in the transaction that adds the message.
 */
export async function openConversation(db: QueryDb, opening: { listing: ListingRef; title: string; personId: number; ownerId: number | null; at: string }): Promise<{ id: number; created: boolean }> {
  const open = await findOpenConversation(db, opening.personId, opening.listing);
  if (open && open.owner_user_id === opening.ownerId) return { id: open.id, created: false };
  if (open) await supersedeConversation(db, open.id, opening.at);
  return { id: await insertConversation(db, { ...opening, createdAt: opening.at }), created: true };
}

export function messageSelect(db: QueryDb) {
  return db.selectFrom('conversation_messages as m').leftJoin('enquiries as e', 'e.id', 'm.enquiry_id')
    .select(['m.id', 'm.conversation_id', 'm.side', 'm.user_id', 'm.kind', 'm.text', 'm.enquiry_id', 'e.kind as enquiry_kind', 'm.client_id', 'm.rules', 'm.created_at', 'm.erased_at', 'm.moderated_at']);
}

export function toMessageRow({ erased_at: erasedAt, moderated_at: moderatedAt, ...row }: Awaited<ReturnType<ReturnType<typeof messageSelect>['executeTakeFirstOrThrow']>>): MessageRow {
  return {
    ...row, erased: erasedAt !== null, moderated: moderatedAt !== null, id: Number(row.id), conversation_id: Number(row.conversation_id), side: row.side as ConversationSide, kind: row.kind as MessageKind,
    user_id: row.user_id === null ? null : Number(row.user_id), enquiry_id: row.enquiry_id === null ? null : Number(row.enquiry_id),
    rules: row.rules ? (row.rules.split(',') as ScamClass[]) : [],
  };
}

/** Tells both sides' streams of a change, in the transaction that makes it (acknowledged means committed). */
export async function addEvents(db: QueryDb, event: { conversationId: number; kind: 'message' | 'read' | 'offer'; side: ConversationSide; messageId: number | null; upTo: number | null; at: string }): Promise<void> {
  const sides = await db.selectFrom('conversations').select(['person_user_id', 'owner_user_id']).where('id', '=', event.conversationId).executeTakeFirstOrThrow();
  const readers = [sides.person_user_id, sides.owner_user_id].filter((user): user is number => user !== null);
  if (readers.length === 0) return;
  await db.insertInto('conversation_events').values(readers.map((user) => ({
    user_id: user, conversation_id: event.conversationId, kind: event.kind, side: event.side, message_id: event.messageId, up_to: event.upTo, created_at: event.at,
  }))).execute();
}

/**
 * Adds a message: the conversation's last message time moves on, its writer has read everything up to it, and it
 * comes back out of the other side's archive.
 */
/** A message as stored, with its time. */
export type MessageInput = {
  conversationId: number; side: ConversationSide; userId: number | null; kind: MessageKind; text: string; enquiryId: number | null;
  clientId: string | null; rules: readonly ScamClass[]; createdAt: string;
};

export async function insertMessage(db: QueryDb, message: MessageInput): Promise<number> {
  const { id } = await db.insertInto('conversation_messages').values({
    conversation_id: message.conversationId, side: message.side, user_id: message.userId, kind: message.kind, text: message.text,
    enquiry_id: message.enquiryId, client_id: message.clientId, rules: message.rules.length > 0 ? message.rules.join(',') : null, created_at: message.createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  const messageId = Number(id);
  // Both sides' streams hear of it (the writer's other tabs too), in this transaction: acknowledged means committed.
  await addEvents(db, { conversationId: message.conversationId, kind: 'message', side: message.side, messageId, upTo: null, at: message.createdAt });
  await db.updateTable('conversations').set(message.side === 'owner'
    ? { last_message_at: message.createdAt, owner_read_up_to: messageId, person_archived_at: null }
    : { last_message_at: message.createdAt, person_read_up_to: messageId, owner_archived_at: null })
    .where('id', '=', message.conversationId).execute();
  return messageId;
}

/** Messages the other side wrote after `role`'s last read, per conversation. */
function unreadOf(role: ConversationSide): Expression<number> {
  const { readUpTo, other } = side(role);
  return sql<number>`(SELECT COUNT(*) FROM conversation_messages u WHERE u.conversation_id = c.id AND u.side = ${other} AND u.id > ${sql.ref(readUpTo)})`;
}

/** The id of the newest message (0 for none), of a side's when `by` is given. */
export async function lastMessageId(db: QueryDb, id: number, by?: ConversationSide): Promise<number> {
  let query = db.selectFrom('conversation_messages').select((eb) => eb.fn.max('id').as('id')).where('conversation_id', '=', id);
  if (by) query = query.where('side', '=', by);
  return Number((await query.executeTakeFirst())?.id ?? 0);
}

export class KyselyConversationRepository extends QueryRepository implements ConversationRepository {
  /** One conversation; with `lock`, its row stays locked to this transaction (a command judges its state on it). */
  findConversation(id: number, options?: { lock?: boolean }): Promise<ConversationRow | undefined> {
    return this.read((db) => findConversation(db, id, options?.lock));
  }

  findOpenConversation(personId: number, listing: ListingRef): Promise<ConversationRow | undefined> {
    return this.read((db) => findOpenConversation(db, personId, listing));
  }

  insertConversation(conversation: { listing: ListingRef; title: string; personId: number; ownerId: number | null }): Promise<number> {
    const createdAt = this.now;
    return this.write((db) => insertConversation(db, { ...conversation, createdAt }));
  }


  supersedeConversation(id: number): Promise<void> {
    return this.write((db) => supersedeConversation(db, id, this.now));
  }

  /** A page of a side's conversations, the latest message first, narrowed by the filters. */
  listConversations(userId: number, role: ConversationSide, filters: ConversationFilters, limit: number, offset: number): Promise<ConversationListRow[]> {
    return this.read(async (db) => {
      const { user, archived } = side(role);
      let query = conversationSelect(db).where(sql.ref(user), '=', userId)
        .select(sql<number>`${unreadOf(role)}`.as('unread'))
        .select([
          sql<string | null>`(SELECT l.side FROM conversation_messages l WHERE l.conversation_id = c.id ORDER BY l.id DESC LIMIT 1)`.as('last_side'),
          sql<string | null>`(SELECT l.text FROM conversation_messages l WHERE l.conversation_id = c.id ORDER BY l.id DESC LIMIT 1)`.as('last_text'),
          sql<string | null>`(SELECT l.kind FROM conversation_messages l WHERE l.conversation_id = c.id ORDER BY l.id DESC LIMIT 1)`.as('last_kind'),
          sql<unknown>`EXISTS (SELECT 1 FROM conversation_messages w WHERE w.conversation_id = c.id AND w.side = 'person')`.as('person_wrote'),
          sql<unknown>`EXISTS (SELECT 1 FROM conversation_messages w WHERE w.conversation_id = c.id AND w.side = 'owner')`.as('owner_wrote'),
        ]);
      if (filters.listing) query = query.where(filters.listing.type === 'profile' ? 'c.profile_id' : 'c.post_id', '=', filters.listing.id);
      if (filters.type === 'profile') query = query.where('c.profile_id', 'is not', null);
      else if (filters.type) query = query.where('p.type', '=', filters.type);
      if (filters.archived !== undefined) query = query.where(sql.ref(archived), filters.archived ? 'is not' : 'is', null);
      if (filters.unread) query = query.where(sql<SqlBool>`${unreadOf(role)} > 0`);
      const rows = await query.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).offset(offset).execute();
      return rows.map(({ unread, last_side, last_text, last_kind, person_wrote, owner_wrote, ...row }) => ({
        ...toConversationRow(row as SelectedConversation), unread: count(unread),
        last_side: last_side as ConversationSide | null, last_text, last_kind: last_kind as MessageKind | null,
        person_wrote: flag(person_wrote), owner_wrote: flag(owner_wrote),
      }));
    });
  }

  /** Conversations with something unread for a user, on either side, out of the archive. */
  countUnreadConversations(userId: number): Promise<number> {
    return this.read(async (db) => {
      const unreadAs = async (role: ConversationSide) => {
        const { user, archived } = side(role);
        const row = await db.selectFrom('conversations as c').select((eb) => eb.fn.countAll().as('n'))
          .where(sql.ref(user), '=', userId).where(sql.ref(archived), 'is', null).where(sql<SqlBool>`${unreadOf(role)} > 0`).executeTakeFirst();
        return count(row?.n);
      };
      return (await unreadAs('person')) + (await unreadAs('owner'));
    });
  }

  /** A side has read up to a message (never back). */
  markRead(id: number, role: ConversationSide, upTo: number): Promise<void> {
    const at = this.now;
    return this.write(async (db) => {
      const column = role === 'owner' ? 'owner_read_up_to' : 'person_read_up_to';
      await db.updateTable('conversations').set({ [column]: sql`CASE WHEN ${sql.ref(column)} < ${upTo} THEN ${upTo} ELSE ${sql.ref(column)} END` }).where('id', '=', id).execute();
      // Both sides hear of it: the reader's other tabs (their unread count), and the writer (seen).
      await addEvents(db, { conversationId: id, kind: 'read', side: role, messageId: null, upTo, at });
    });
  }

  /** Archives or mutes for one side (true: from now; false: no more). */
  setConversationState(id: number, role: ConversationSide, state: { archived?: boolean; muted?: boolean }): Promise<void> {
    const at = (on: boolean | undefined) => (on === undefined ? undefined : on ? this.now : null);
    const set: Record<string, string | null> = {};
    if (state.archived !== undefined) set[role === 'owner' ? 'owner_archived_at' : 'person_archived_at'] = at(state.archived)!;
    if (state.muted !== undefined) set[role === 'owner' ? 'owner_muted_at' : 'person_muted_at'] = at(state.muted)!;
    return this.write(async (db) => {
      if (Object.keys(set).length > 0) await db.updateTable('conversations').set(set).where('id', '=', id).execute();
    });
  }

  block(userId: number, blockedUserId: number): Promise<void> {
    const at = this.now;
    return this.write(async (db) => {
      await db.insertInto('conversation_blocks').values({ user_id: userId, blocked_user_id: blockedUserId, created_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'blocked_user_id']).doNothing()).execute();
    });
  }

  unblock(userId: number, blockedUserId: number): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('conversation_blocks').where('user_id', '=', userId).where('blocked_user_id', '=', blockedUserId).execute();
    });
  }

  isBlocked(userId: number, blockedUserId: number): Promise<boolean> {
    return this.read(async (db) => (await db.selectFrom('conversation_blocks').select('user_id').where('user_id', '=', userId).where('blocked_user_id', '=', blockedUserId).executeTakeFirst()) !== undefined);
  }

  /** Conversations a person started at or after `since`. */
  countConversationsSince(personId: number, since: string): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('conversations').select((eb) => eb.fn.countAll().as('n')).where('person_user_id', '=', personId).where('created_at', '>=', since).executeTakeFirst();
      return count(row?.n);
    });
  }

  /**
   * Sides due an unread notice (issue 44): in conversations with a message since `since`, a side not muted, with an
   * e-mail, whose oldest unread message not mailed yet is older than `olderThan`. An owner hears only when they chose
   * instant lead mail (a digest covers the others).
   */
  findDueNotices(since: string, olderThan: string, limit: number): Promise<DueNoticeRow[]> {
    return this.read(async (db) => {
      const due: DueNoticeRow[] = [];
      for (const role of ['owner', 'person'] as const) {
        const reader = role === 'owner' ? { user: 'c.owner_user_id', read: 'c.owner_read_up_to', mailed: 'c.owner_mailed_up_to', muted: 'c.owner_muted_at', other: 'person' }
          : { user: 'c.person_user_id', read: 'c.person_read_up_to', mailed: 'c.person_mailed_up_to', muted: 'c.person_muted_at', other: 'owner' };
        const pending = (alias: string) => sql`${sql.raw(alias)}.conversation_id = c.id AND ${sql.raw(alias)}.side = ${reader.other}
      AND ${sql.raw(alias)}.id > ${sql.ref(reader.read)} AND ${sql.raw(alias)}.id > ${sql.ref(reader.mailed)}`;
        let query = db.selectFrom('conversations as c').innerJoin('users as u', 'u.id', sql.ref(reader.user) as never)
          .select([
            'c.id', 'u.id as user_id', 'u.email', 'u.locale', 'c.listing_title',
            sql<number>`(SELECT MAX(p.id) FROM conversation_messages p WHERE ${pending('p')})`.as('up_to'),
            sql<number>`(SELECT COUNT(*) FROM conversation_messages p WHERE ${pending('p')})`.as('unread'),
          ])
          .where('c.last_message_at', '>=', since).where(sql.ref(reader.muted), 'is', null).where('u.email', 'is not', null)
          .where(sql<SqlBool>`(SELECT MIN(p.created_at) FROM conversation_messages p WHERE ${pending('p')}) <= ${olderThan}`);
        if (role === 'owner') {
          query = query.where(sql<SqlBool>`NOT EXISTS (SELECT 1 FROM advertiser_settings s WHERE s.user_id = c.owner_user_id AND s.lead_mail <> 'instant')`);
        }
        for (const row of await query.orderBy('c.id').limit(limit).execute()) {
          due.push({
            conversation_id: Number(row.id), side: role, user_id: Number(row.user_id), email: row.email!, locale: row.locale,
            listing_title: row.listing_title, up_to: Number(row.up_to), unread: count(row.unread),
          });
        }
      }
      return due;
    });
  }

  /** The side was mailed of everything up to `upTo` (never back). */
  markMailed(id: number, role: ConversationSide, upTo: number): Promise<void> {
    return this.write(async (db) => {
      const column = role === 'owner' ? 'owner_mailed_up_to' : 'person_mailed_up_to';
      await db.updateTable('conversations').set({ [column]: sql`CASE WHEN ${sql.ref(column)} < ${upTo} THEN ${upTo} ELSE ${sql.ref(column)} END` }).where('id', '=', id).execute();
    });
  }

  /**
   * Conversations whose last message is older than `before` go, with their messages, images and events, unless a
   * report on one is open; returns how many went and the images' files (to delete once this has committed).
   */
  removeConversationsBefore(before: string, limit: number): Promise<{ removed: number; files: string[] }> {
    return this.write(async (db) => {
      const ids = (await db.selectFrom('conversations as c').select('c.id').where('c.last_message_at', '<', before)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('conversation_reports as r').select('r.id').whereRef('r.conversation_id', '=', 'c.id').where('r.handled_at', 'is', null))))
        .orderBy('c.id').limit(limit).execute()).map((row) => Number(row.id));
      const files = await removeImagesOfConversations(db, ids);
      if (ids.length > 0) await db.deleteFrom('conversations').where('id', 'in', ids).execute();
      return { removed: ids.length, files };
    });
  }
}
