/**
 * Leads (issue 26): an enquiry, job application or offer as the listing's owner reads it in the advertiser site's
 * inbox, with its thread of replies, and the words both sides' pages show. Without zod, for the islands.
 */
import * as m from '../paraglide/messages.js';
import type { EnquiryKind, EnquiryRecord } from './enquiries.ts';

export const LEAD_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', read: 'Read', replied: 'Replied', archived: 'Archived' };

/** How an advertiser hears of new leads and answers: at once, in a digest at 08:00 Malaysian time, or not by mail. */
export const LEAD_MAIL_OPTIONS = ['instant', 'daily', 'off'] as const;
export type LeadMail = (typeof LEAD_MAIL_OPTIONS)[number];

/** The longest reply. */
export const LEAD_REPLY_MAX = 2000;
/** Leads on one page of the inbox; an export holds at most LEADS_EXPORT_MAX. */
export const LEADS_PAGE_SIZE = 20;
export const LEADS_EXPORT_MAX = 10_000;

/** One message of a thread: `owner` is the advertiser, `sender` whoever enquired. */
export interface LeadReply {
  id: number;
  side: 'owner' | 'sender';
  message: string;
  created_at: string;
}

/** A lead as its owner reads it: everything the sender gave (spec §3 Enquiry records), its inbox status and its thread. */
/** EnquiryRecord without its sender's status (Omit would drop every named field of a type with an index signature). */
type RecordFields = { [K in keyof EnquiryRecord as K extends 'status' ? never : K]: EnquiryRecord[K] };

export interface Lead extends RecordFields {
  type: EnquiryKind;
  status: LeadStatus;
  /** The sender's status (Pending, spec §2), kept apart. */
  sender_status: string;
  /** The conversation this lead opened or joined (issue 44): `replies` are its written messages. */
  conversation_id: number | null;
  replies: LeadReply[];
}

/** The advertiser site's URL of one lead. */
export const leadUrl = (id: number) => `/advertiser/leads/${id}`;

/** One-tap answers to a lead (issue 40), counted in insights: WhatsApp, a call, an e-mail, or a reply in the thread. */
export const LEAD_ACTIONS = ['whatsapp', 'call', 'email', 'reply'] as const;
export type LeadAction = (typeof LEAD_ACTIONS)[number];
const ACTION_WORDS: Record<LeadAction, () => string> = { whatsapp: m.lead_action_whatsapp, call: m.lead_action_call, email: m.lead_action_email, reply: m.lead_action_reply };
/** A quick answer's name in the language being rendered. */
const leadActionLabel = (action: LeadAction) => ACTION_WORDS[action]();

/** A Malaysian number in the international digits WhatsApp and tel: links take (0123456789 → 60123456789). */
function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('60') ? digits : digits.startsWith('0') ? `6${digits}` : `60${digits}`;
}

/**
 * A lead's quick actions, the enquirer's chosen contact method first (SMS: a call), each with its link: WhatsApp with a
 * greeting that names the listing, a call, an e-mail with its subject, and the thread. Those the lead gave no number or
 * address for are left out.
 */
export function leadActions(lead: Pick<Lead, 'name' | 'phone_number' | 'email' | 'contact_method' | 'post' | 'enquirable'>, site = 'Yellow Pages Malaysia'): { action: LeadAction; label: string; href: string }[] {
  // In the advertiser's language (issue 63): the greeting and subject are theirs to send.
  const title = (lead.post ?? lead.enquirable)?.title ?? m.lead_your_listing();
  const phone = lead.phone_number ? internationalDigits(lead.phone_number) : '';
  const greeting = m.lead_greeting({ name: lead.name, title, site });
  const links: Record<LeadAction, string | null> = {
    whatsapp: phone ? `https://wa.me/${phone}?text=${encodeURIComponent(greeting)}` : null,
    call: phone ? `tel:+${phone}` : null,
    email: lead.email ? `mailto:${lead.email}?subject=${encodeURIComponent(m.lead_email_subject({ title }))}` : null,
    reply: '#reply',
  };
  const first: LeadAction = lead.contact_method === 'whatsapp' ? 'whatsapp' : lead.contact_method === 'email' ? 'email' : lead.contact_method === 'call' || lead.contact_method === 'sms' ? 'call' : 'reply';
  return [first, ...LEAD_ACTIONS.filter((action) => action !== first)]
    .flatMap((action) => (links[action] ? [{ action, label: leadActionLabel(action), href: links[action]! }] : []));
}
