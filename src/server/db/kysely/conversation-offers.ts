/** Offers on buy & sell posts inside a conversation (issue 44): one open at a time, answered once, heard by both sides' streams. */
import type { ConversationSide } from '../../../shared/conversations.ts';
import { OFFER_COLUMNS, type OfferColumns, type OfferRow, type SoldOutOffer } from '../conversation-rows.ts';
import type { OfferRepository } from '../repositories.ts';
import { addEvents } from './conversations.ts';
import { QueryRepository } from './query-access.ts';
import { isPostgres, type QueryDb } from './query.ts';

function toOfferRow(row: OfferColumns): OfferRow {
  return {
    id: Number(row.id), conversation_id: Number(row.conversation_id), message_id: Number(row.message_id), qty: Number(row.qty),
    offered_price_sen: Number(row.offered_price_sen), deal_method: row.deal_method, remark: row.remark, status: row.status as OfferRow['status'],
  };
}

async function findOffer(db: QueryDb, id: number): Promise<OfferRow | undefined> {
  const row = await db.selectFrom('conversation_offers').select([...OFFER_COLUMNS]).where('id', '=', id).executeTakeFirst();
  return row && toOfferRow(row);
}

/**
 * Closes an open offer (accepted, declined, withdrawn); false when it was not open any more (a race, or a second
 * answer). Both sides' streams hear of it.
 */
async function decideOffer(db: QueryDb, id: number, status: Exclude<OfferRow['status'], 'open'>, by: ConversationSide, at: string): Promise<boolean> {
  const result = await db.updateTable('conversation_offers').set({ status, decided_at: at }).where('id', '=', id).where('status', '=', 'open').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const offer = (await findOffer(db, id))!;
  await addEvents(db, { conversationId: offer.conversation_id, kind: 'offer', side: by, messageId: offer.message_id, upTo: null, at });
  return true;
}

export class KyselyOfferRepository extends QueryRepository implements OfferRepository {
  /** A new offer: the open one before it is withdrawn, in the same transaction. */
  insertOffer(offer: { conversationId: number; messageId: number; qty: number; priceSen: number; dealMethod: string; remark: string | null }): Promise<number> {
    const at = this.now;
    return this.write(async (db) => {
      await db.updateTable('conversation_offers').set({ status: 'withdrawn', decided_at: at }).where('conversation_id', '=', offer.conversationId).where('status', '=', 'open').execute();
      const { id } = await db.insertInto('conversation_offers').values({
        conversation_id: offer.conversationId, message_id: offer.messageId, qty: offer.qty, offered_price_sen: offer.priceSen,
        deal_method: offer.dealMethod, remark: offer.remark, created_at: at,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  findOffer(id: number): Promise<OfferRow | undefined> {
    return this.read((db) => findOffer(db, id));
  }

  /** The offers these messages are, by message id. */
  findOffersOfMessages(messageIds: readonly number[]): Promise<Map<number, OfferRow>> {
    return this.read(async (db) => {
      if (messageIds.length === 0) return new Map();
      const rows = await db.selectFrom('conversation_offers').select([...OFFER_COLUMNS]).where('message_id', 'in', [...messageIds]).execute();
      return new Map(rows.map((row) => [Number(row.message_id), toOfferRow(row)]));
    });
  }

  decideOffer(id: number, status: Exclude<OfferRow['status'], 'open'>, by: ConversationSide): Promise<boolean> {
    return this.write((db) => decideOffer(db, id, status, by, this.now));
  }

  /**
   * Accepts an open offer (false when it was not open any more). When the accepted offers on its post then take the
   * post's last unit (its quantity; one when it names none), every other open offer on the post is declined, each
   * conversation hearing of it (probe finding 15). On PostgreSQL the post's row is locked first, so two sellers' taps
   * on two offers count one after the other.
   */
  acceptOffer(id: number): Promise<{ accepted: boolean; declined: SoldOutOffer[] }> {
    const at = this.now;
    return this.write(async (db) => {
      const offer = await db.selectFrom('conversation_offers as o').innerJoin('conversations as c', 'c.id', 'o.conversation_id')
        .select(['c.post_id']).where('o.id', '=', id).executeTakeFirst();
      const postId = offer?.post_id ?? null;
      if (postId !== null && isPostgres(db)) await db.selectFrom('buysell_details').select('post_id').where('post_id', '=', postId).forUpdate().execute();
      if (!await decideOffer(db, id, 'accepted', 'owner', at)) return { accepted: false, declined: [] };
      if (postId === null) return { accepted: true, declined: [] };
      const stock = await db.selectFrom('buysell_details').select('qty').where('post_id', '=', postId).executeTakeFirst();
      const taken = await db.selectFrom('conversation_offers as o').innerJoin('conversations as c', 'c.id', 'o.conversation_id')
        .select((eb) => eb.fn.sum<number>('o.qty').as('qty')).where('c.post_id', '=', postId).where('o.status', '=', 'accepted').executeTakeFirst();
      if (Number(taken?.qty ?? 0) < (stock?.qty ?? 1)) return { accepted: true, declined: [] };
      const open = await db.selectFrom('conversation_offers as o').innerJoin('conversations as c', 'c.id', 'o.conversation_id')
        .select(['o.id', 'o.conversation_id', 'c.person_user_id', 'c.listing_title']).where('c.post_id', '=', postId).where('o.status', '=', 'open').execute();
      const declined: SoldOutOffer[] = [];
      for (const other of open) {
        if (await decideOffer(db, Number(other.id), 'declined', 'owner', at)) {
          declined.push({ conversation_id: Number(other.conversation_id), person_user_id: other.person_user_id === null ? null : Number(other.person_user_id), listing_title: other.listing_title });
        }
      }
      return { accepted: true, declined };
    });
  }
}
