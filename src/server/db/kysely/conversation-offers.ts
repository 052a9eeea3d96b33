/** Offers on buy & sell posts inside a conversation (issue 44): one open at a time, answered once, heard by both sides' streams. */
import type { Selectable } from 'kysely';
import type { ConversationSide } from '../../../shared/conversations.ts';
import type { Tables } from '../tables.ts';
import { addEvents } from './conversations.ts';
import type { QueryDb } from './query.ts';

const OFFER_COLUMNS = ['id', 'conversation_id', 'message_id', 'qty', 'offered_price_sen', 'deal_method', 'remark', 'status'] as const;

type OfferColumns = Pick<Selectable<Tables['conversation_offers']>, (typeof OFFER_COLUMNS)[number]>;

/** An offer as the table holds it (its times aside), its status one of the four. */
export type OfferRow = Omit<OfferColumns, 'status'> & {
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
};

function toOfferRow(row: OfferColumns): OfferRow {
  return {
    id: Number(row.id), conversation_id: Number(row.conversation_id), message_id: Number(row.message_id), qty: Number(row.qty),
    offered_price_sen: Number(row.offered_price_sen), deal_method: row.deal_method, remark: row.remark, status: row.status as OfferRow['status'],
  };
}

/** A new offer: the open one before it is withdrawn, in the same transaction. */
export async function insertOffer(db: QueryDb, offer: { conversationId: number; messageId: number; qty: number; priceSen: number; dealMethod: string; remark: string | null; at: string }): Promise<number> {
  await db.updateTable('conversation_offers').set({ status: 'withdrawn', decided_at: offer.at }).where('conversation_id', '=', offer.conversationId).where('status', '=', 'open').execute();
  const { id } = await db.insertInto('conversation_offers').values({
    conversation_id: offer.conversationId, message_id: offer.messageId, qty: offer.qty, offered_price_sen: offer.priceSen,
    deal_method: offer.dealMethod, remark: offer.remark, created_at: offer.at,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function findOffer(db: QueryDb, id: number): Promise<OfferRow | undefined> {
  const row = await db.selectFrom('conversation_offers').select([...OFFER_COLUMNS]).where('id', '=', id).executeTakeFirst();
  return row && toOfferRow(row);
}

/** The offers these messages are, by message id. */
export async function findOffersOfMessages(db: QueryDb, messageIds: readonly number[]): Promise<Map<number, OfferRow>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.selectFrom('conversation_offers').select([...OFFER_COLUMNS]).where('message_id', 'in', [...messageIds]).execute();
  return new Map(rows.map((row) => [Number(row.message_id), toOfferRow(row)]));
}

/**
 * Closes an open offer (accepted, declined, withdrawn); false when it was not open any more (a race, or a second
 * answer). Both sides' streams hear of it.
 */
export async function decideOffer(db: QueryDb, id: number, status: Exclude<OfferRow['status'], 'open'>, by: ConversationSide, at: string): Promise<boolean> {
  const result = await db.updateTable('conversation_offers').set({ status, decided_at: at }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const offer = (await findOffer(db, id))!;
  await addEvents(db, { conversationId: offer.conversation_id, kind: 'offer', side: by, messageId: offer.message_id, upTo: null, at });
  return true;
}
