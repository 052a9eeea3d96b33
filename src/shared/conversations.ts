/**
 * Conversations (issue 44, decision 0032): one per person and listing, between the person who started it and the
 * listing's owner when it started. The shapes the API answers, the limits, and how contact details are masked.
 */
import type { ListingType } from './constants.ts';
import type { EnquiryKind } from './enquiries.ts';
import type { ScamClass } from './scam-rules.ts';

/** Who wrote a message: the person who started the conversation, or the listing's owner. */
export type ConversationSide = 'person' | 'owner';
export type ConversationRole = ConversationSide;
export type MessageKind = 'enquiry' | 'text' | 'offer';
export type OfferStatus = 'open' | 'accepted' | 'declined' | 'withdrawn';

/** An offer on a buy & sell post, as the message that made it carries it. */
export interface OfferView {
  id: number;
  qty: number;
  /** In RM. */
  offered_price: number;
  deal_method: string;
  remark: string | null;
  status: OfferStatus;
}

export const CONVERSATION_LIMITS = {
  /** Characters a message may hold. */
  textMax: 2000,
  /** Messages one sender writes, per minute and per day, over all their conversations. */
  perMinute: 20,
  perDay: 300,
  /** Conversations one person starts a day; an account younger than `youngDays` starts fewer. */
  newPerDay: 30,
  newPerDayYoung: 10,
  youngDays: 7,
  /** Masked details one person shows in an hour. */
  revealsPerHour: 30,
  /** Messages a conversation's page holds, newest first. */
  page: 50,
  /** Conversations a list's page holds. */
  listPage: 20,
  /** Images one message carries. */
  imagesMax: 5,
  /** Conversations in which a sender's messages are flagged within a day before the scam rules report them. */
  flaggedConversations: 3,
  /** Messages an operator reading a report sees on each side of each reported one. */
  reportContext: 5,
} as const;

/** Why a person reports a conversation (POST /api/conversations/{id}/report), with the words the API uses. */
export const CONVERSATION_REPORT_REASONS = {
  SCAM: 'Scam or fraud',
  SPAM: 'Spam or advertising',
  ABUSE: 'Abusive or threatening',
  OTHER: 'Something else',
} as const;
export type ConversationReportReason = keyof typeof CONVERSATION_REPORT_REASONS;

/** What shows in place of a message an operator removed. */
export const MODERATED_MESSAGE = 'Removed by moderation';

/** A message's image as its reader fetches it: only the conversation's two sides (and an operator) may. */
export const conversationImageUrl = (conversationId: number, mediaId: number, variant: 'thumbnail' | 'full') =>
  `/api/conversations/${conversationId}/media/${mediaId}/${variant}`;

/** A message as its reader sees it (GET /api/conversations/{id}). */
export interface MessageView {
  id: number;
  side: ConversationSide;
  kind: MessageKind;
  /** The text, its phone numbers and e-mail addresses masked while `masked` (the stored text never changes). */
  text: string;
  /** Its images (at most 5), private to the two sides. */
  images: { id: number; full: string; thumbnail: string }[];
  created_at: string;
  /** True when contact details in it are hidden from this reader: POST …/messages/{mid}/reveal shows them. */
  masked: boolean;
  /**
   * The scam warning for this reader, in their language; null for an ordinary message. `reported`: the message carries
   * a bank account, number or link reported as a scammer's on this site (issue 64), which the text says first.
   */
  warning: { rules: ScamClass[]; reported: boolean; text: string } | null;
  /** The enquiry this message is (kind 'enquiry'): its kind and its link in the reader's area. */
  enquiry: { id: number; kind: EnquiryKind; url: string } | null;
  /** True when the reader wrote it. */
  mine: boolean;
  /** Its writer's account was deleted: the text is gone. */
  erased: boolean;
  /** An operator removed it: its text and images are gone for both sides. */
  moderated: boolean;
  /** The offer this message makes (kind 'offer'), with where it stands now. */
  offer: OfferView | null;
}

/** A conversation as one side lists it. */
export interface ConversationView {
  id: number;
  role: ConversationRole;
  listing: { type: ListingType | 'profile' | null; id: number | null; title: string; url: string | null };
  /** The other side's name as this side may see it (a confidential post's company is never named). */
  with: string;
  last_message_at: string;
  last_message: { side: ConversationSide; text: string } | null;
  unread: number;
  archived: boolean;
  muted: boolean;
  /** False when no owner has joined: the first message was e-mailed, and no more can follow. */
  can_write: boolean;
  /** Why not, to show in place of the box (in English; `closed` names it for the page's own words). */
  closed_reason: string | null;
  closed: ClosedReason | null;
  /** For the owner: the newest enquiry in it (their lead, with the sender's details), if any. */
  lead_id: number | null;
}

/** Why a side cannot write: nobody owns the listing (after the first message), it changed hands, the person left. */
export type ClosedReason = 'no_owner' | 'new_owner' | 'person_left';

/** What an enquiry says in words (its free-text fields), as the scam rules read it. */
export function enquiryText(details: Record<string, unknown>): string {
  return Object.values(details).filter((value): value is string => typeof value === 'string').join('\n');
}

/** What shows in place of a deleted account's message. */
export const ERASED_MESSAGE = 'Former member: message deleted';


// Phone numbers: Malaysian and international, with spaces, dots or dashes between digits (at least 9 digits).
const PHONE = /(?<![\w@])(?:\+?\d[\s.\-()]{0,2}){8,14}\d(?!\w)/g;
const EMAIL = /[A-Za-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[A-Za-z0-9.-]+\s*(?:\.|\(dot\)|\[dot\])\s*[A-Za-z]{2,}/gi;

/** Each phone number and e-mail address in `text`, as [start, end) offsets, in order. */
function contactSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of [PHONE, EMAIL]) {
    for (const match of text.matchAll(pattern)) {
      const digits = match[0].replace(/\D/g, '');
      if (pattern === PHONE && (digits.length < 9 || digits.length > 15)) continue;
      spans.push([match.index, match.index + match[0].length]);
    }
  }
  return spans.sort((a, b) => a[0] - b[0]).filter((span, index, all) => index === 0 || span[0] >= all[index - 1]![1]);
}

/**
 * The text with its phone numbers and e-mail addresses masked: a number keeps its first three and last two digits
 * ("012-••• ••89"), an address its first letter and its domain's ending ("a•••@•••.my").
 */
export function maskContacts(text: string): { text: string; masked: boolean } {
  const spans = contactSpans(text);
  if (spans.length === 0) return { text, masked: false };
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    const found = text.slice(start, end);
    out += text.slice(at, start);
    if (found.includes('@') || /\(at\)|\[at\]/i.test(found)) {
      const ending = /[A-Za-z]{2,}$/.exec(found)?.[0] ?? '';
      out += `${found[0]}•••@•••.${ending}`;
    } else {
      const digits = found.replace(/\D/g, '');
      out += `${digits.slice(0, 3)}-••• ••${digits.slice(-2)}`;
    }
    at = end;
  }
  return { text: out + text.slice(at), masked: true };
}
