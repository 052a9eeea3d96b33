/**
 * The shapes the conversations' repositories answer (issue 44; moved beside the seam in issue 61, so that
 * db/repositories.ts imports nothing from its implementation): conversations, their messages, lists and events,
 * offers (derived from the generated table type), and the images and reports of their safety.
 */
import type { Selectable } from 'kysely';
import type { ConversationReportReason, ConversationSide, MessageKind } from '../../shared/conversations.ts';
import type { ScamClass } from '../../shared/scam-rules.ts';
import type { ListingRef } from './rows.ts';
import type { ConversationEventsTable, ConversationMessagesTable, ConversationReportsTable, ConversationsTable, Tables } from './tables.ts';

/** The columns an offer is read with. */
export const OFFER_COLUMNS = ['id', 'conversation_id', 'message_id', 'qty', 'offered_price_sen', 'deal_method', 'remark', 'status'] as const;

export type OfferColumns = Pick<Selectable<Tables['conversation_offers']>, (typeof OFFER_COLUMNS)[number]>;

export interface ConversationRow extends Pick<Selectable<ConversationsTable>, 'id' | 'listing_title' | 'person_user_id' | 'owner_user_id' | 'created_at' | 'last_message_at' | 'person_read_up_to' | 'owner_read_up_to' | 'person_archived_at' | 'owner_archived_at' | 'person_muted_at' | 'owner_muted_at' | 'superseded_at'> {
  listing_type: ListingRef['type'] | null;
  listing_id: number | null;
  listing_slug: string | null;
  /** A confidential job or hireme post: the company is never named. */
  confidential: boolean;
  /** The business the listing belongs to, when it has one. */
  profile_name: string | null;
  person_name: string | null;
  /** The newest enquiry in it: the owner's lead. */
  lead_id: number | null;
}

export interface MessageRow extends Pick<Selectable<ConversationMessagesTable>, 'id' | 'conversation_id' | 'user_id' | 'text' | 'enquiry_id' | 'client_id' | 'created_at'> {
  side: ConversationSide;
  kind: MessageKind;
  enquiry_kind: string | null;
  rules: ScamClass[];
  /** Its writer's account was deleted: its words are gone. */
  erased: boolean;
  /** An operator removed it: both sides read "Removed by moderation". */
  moderated: boolean;
}

/** A conversation in a side's list: the row, its unread count for that side and its last message. */
export interface ConversationListRow extends ConversationRow {
  unread: number;
  last_side: ConversationSide | null;
  last_text: string | null;
  last_kind: MessageKind | null;
  person_wrote: boolean;
  owner_wrote: boolean;
}

export interface ConversationFilters {
  listing?: ListingRef;
  /** The listing's type: a post's, or 'profile' for a business. */
  type?: ListingRef['type'];
  unread?: boolean;
  archived?: boolean;
}

/** A side with messages unread since before `olderThan` that nobody mailed them of yet. */
export interface DueNoticeRow {
  conversation_id: number;
  side: ConversationSide;
  user_id: number;
  email: string;
  locale: string;
  listing_title: string;
  /** The newest unread message: the notice covers everything up to it. */
  up_to: number;
  unread: number;
}

export interface EventRow extends Pick<Selectable<ConversationEventsTable>, 'seq' | 'user_id' | 'conversation_id' | 'message_id' | 'up_to'> {
  kind: 'message' | 'read' | 'offer';
  /** Who wrote the message, or who read, or who answered the offer. */
  side: ConversationSide;
}

/** An offer as the table holds it (its times aside), its status one of the four. */
export type OfferRow = Omit<OfferColumns, 'status'> & {
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
};

/** An open offer closed because another took the post's last unit: whom to tell. */
export interface SoldOutOffer {
  conversation_id: number;
  person_user_id: number | null;
  listing_title: string;
}

/** An uploaded image as a message may name it: who sent it and whether anything uses it yet. */
export interface ImageUploadRow {
  id: number;
  owner_user_id: number | null;
  attached: boolean;
}

/** A message's image: its JPEG files, and whether its message is erased or removed (then it shows no more). */
export interface ConversationImageRow {
  thumbnail: string;
  full: string;
  hidden: boolean;
}

export interface ConversationReportInput {
  conversationId: number;
  /** The reporter; null for the automatic report. */
  userId: number | null;
  reportedUserId: number | null;
  reason: ConversationReportReason;
  description: string;
  messageIds: readonly number[];
}

/** An open report on a conversation, as the operator's queue lists it. */
export interface OpenConversationReportRow extends Pick<Selectable<ConversationReportsTable>, 'conversation_id' | 'user_id' | 'reported_user_id' | 'reason' | 'description' | 'created_at'> {
  listing_title: string;
  message_ids: number[];
}
