/**
 * Conversations as each side reads them (issue 44): a list item, and messages with the opener's phone numbers and
 * e-mail addresses masked until the other side has written once (or the reader showed them), and the scam warning in
 * the reader's language. The stored text never changes.
 */
import { conversationImageUrl, ERASED_MESSAGE, maskContacts, MODERATED_MESSAGE, type ClosedReason, type ConversationSide, type ConversationView, type MessageView, type OfferView } from '../../shared/conversations.ts';
import { enquiryFacts, enquiryUrl, type EnquiryKind } from '../../shared/enquiries.ts';
import { leadUrl } from '../../shared/leads.ts';
import type { Locale } from '../../shared/locale.ts';
import { scamWarning } from '../safety/scams.ts';
import { detailKey, markedDetails, paymentDetails } from '../safety/reported-details.ts';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import type { ConversationDeps } from './deps.ts';
import type { ConversationListRow, ConversationRow, MessageRow, OfferRow } from '../db/conversation-rows.ts';
import { say } from '../../shared/said.ts';
import type { ErrorCode } from '../errors.ts';
import { sayIn } from '../say-in.ts';

const offerView = (row: OfferRow | undefined): OfferView | null => (row ? {
  id: row.id, qty: row.qty, offered_price: row.offered_price_sen / 100, deal_method: row.deal_method, remark: row.remark, status: row.status,
} : null);

/** What a reader is to a conversation. */
export interface Reader {
  userId: number;
  role: ConversationSide;
  locale: Locale;
}

/** The side `userId` is on, or null for anybody else. */
export function roleIn(conversation: Pick<ConversationRow, 'person_user_id' | 'owner_user_id'>, userId: number): ConversationSide | null {
  if (conversation.person_user_id === userId) return 'person';
  if (conversation.owner_user_id === userId) return 'owner';
  return null;
}

const CLOSED_CODE = { no_owner: 'conversation_no_owner', new_owner: 'conversation_new_owner', person_left: 'conversation_person_left' } as const satisfies Record<ClosedReason, ErrorCode>;

/** Why a side cannot write, or null when it can: a listing nobody owns hears from the person once, by mail. */
function closedCode(conversation: ConversationRow, role: ConversationSide, personWrote: boolean): ClosedReason | null {
  if (conversation.owner_user_id === null && role === 'person' && personWrote) return 'no_owner';
  if (conversation.superseded_at !== null && role === 'person') return 'new_owner';
  if (role === 'owner' && conversation.person_user_id === null) return 'person_left';
  return null;
}

/** The same, in the API's English words (its 422s say it; the catalogue translates them). */
export function closedReason(conversation: ConversationRow, role: ConversationSide, personWrote: boolean): ErrorCode | null {
  const code = closedCode(conversation, role, personWrote);
  return code ? CLOSED_CODE[code] : null;
}

/**
 * The conversation as one side lists it; the other side is named as that side may know them. `wrote`: which sides
 * have written in it (an enquiry counts).
 */
export function conversationView(row: ConversationRow | ConversationListRow, role: ConversationSide, wrote: { person: boolean; owner: boolean }): ConversationView {
  const listingUrl = row.listing_slug === null || row.listing_type === null ? null
    : row.listing_type === 'profile' ? profileUrl(row.listing_slug) : postUrl(row.listing_type, row.listing_slug);
  const list = 'unread' in row ? row : null;
  const code = closedCode(row, role, wrote.person);
  return {
    id: row.id,
    role,
    listing: { type: row.listing_type, id: row.listing_id, title: row.listing_title, url: listingUrl },
    // A confidential post never names its company: the person sees the listing's title.
    with: role === 'owner' ? (row.person_name ?? 'Former member') : row.confidential ? row.listing_title : (row.profile_name ?? row.listing_title),
    last_message_at: row.last_message_at,
    last_message: list?.last_side ? {
      side: list.last_side,
      // An enquiry's words are its fields (the page names its kind); the opener's details are masked as in the thread.
      text: list.last_kind === 'enquiry' ? '' : role === 'owner' && list.last_side === 'person' && !wrote.owner ? maskContacts(list.last_text ?? '').text : list.last_text ?? '',
    } : null,
    unread: list?.unread ?? 0,
    archived: (role === 'owner' ? row.owner_archived_at : row.person_archived_at) !== null,
    muted: (role === 'owner' ? row.owner_muted_at : row.person_muted_at) !== null,
    can_write: code === null,
    closed_reason: code ? sayIn(say(`api_${CLOSED_CODE[code]}`), 'en') : null,
    closed: code,
    lead_id: role === 'owner' ? row.lead_id : null,
  };
}

/**
 * Messages as `reader` sees them. `ownerWrote`: the owner has written once (the opener's details show from then on);
 * `revealed`: messages whose details the reader showed.
 */
export async function messageViews(app: Pick<ConversationDeps, 'repos'>, rows: MessageRow[], reader: Reader, ownerWrote: boolean, revealed: ReadonlySet<number>): Promise<MessageView[]> {
  const offers = await app.repos.offers.findOffersOfMessages(rows.filter((row) => row.kind === 'offer').map((row) => row.id));
  const images = await app.repos.messages.findMessageImages(rows.map((row) => row.id));
  const enquiries = new Map<number, string>();
  // The payment details of the other side's words, read once, and those people here reported as a scammer's (issue 64).
  const details = new Map(rows.filter((row) => row.side !== reader.role && !row.erased && !row.moderated).map((row) => [row.id, paymentDetails(row.text)]));
  const marked = await markedDetails(app.repos, details);
  for (const row of rows) {
    if (row.enquiry_id === null || enquiries.has(row.enquiry_id)) continue;
    const enquiry = await app.repos.leads.findLead(row.enquiry_id);
    if (!enquiry) continue;
    // The enquiry's own fields (its sender's details are the lead's, apart): what it asked, in words.
    const details = JSON.parse(enquiry.details) as Record<string, unknown>;
    enquiries.set(row.enquiry_id, enquiryFacts(enquiry.kind, details, 'en').map(([label, value]) => `${label}: ${value}`).join('\n'));
  }
  return rows.map((row) => {
    const gone = row.erased || row.moderated;
    const text = row.moderated ? MODERATED_MESSAGE : row.erased ? ERASED_MESSAGE : row.kind === 'enquiry' ? (enquiries.get(row.enquiry_id ?? 0) ?? '') : row.text;
    const mine = row.side === reader.role;
    // The opener's details stay masked for the owner until the owner has written, or showed them.
    const maskable = !mine && row.side === 'person' && reader.role === 'owner' && !ownerWrote && !revealed.has(row.id);
    const masked = maskable ? maskContacts(text) : { text, masked: false };
    const reported = (details.get(row.id) ?? []).some((detail) => marked.has(detailKey(detail)));
    const warning = !mine && !gone && (row.rules.length > 0 || reported) ? {
      rules: row.rules, reported,
      text: [reported ? sayIn(say('conversation_reported_detail'), reader.locale) : null, scamWarning(row.rules, reader.locale)].filter(Boolean).join(' '),
    } : null;
    const kind = (row.enquiry_kind ?? null) as EnquiryKind | null;
    return {
      id: row.id, side: row.side, kind: row.kind, text: masked.text, created_at: row.created_at, masked: masked.masked, warning,
      images: gone ? [] : (images.get(row.id) ?? []).map((mediaId) => ({
        id: mediaId, thumbnail: conversationImageUrl(row.conversation_id, mediaId, 'thumbnail'), full: conversationImageUrl(row.conversation_id, mediaId, 'full'),
      })),
      erased: row.erased, moderated: row.moderated,
      offer: offerView(offers.get(row.id)),
      enquiry: row.enquiry_id !== null && kind ? { id: row.enquiry_id, kind, url: reader.role === 'owner' ? leadUrl(row.enquiry_id) : enquiryUrl(kind, row.enquiry_id) } : null,
      mine,
    };
  });
}
