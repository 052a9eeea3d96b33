/**
 * Leads (issue 26): an enquiry, job application or offer as the listing's owner reads it in the advertiser site's
 * inbox, with its thread of replies, and the words both sides' pages show. Without zod, for the islands.
 */
import type { EnquiryKind, EnquiryRecord } from './enquiries.ts';

export const LEAD_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', read: 'Read', replied: 'Replied', archived: 'Archived' };

/** How an advertiser hears of new leads and answers: at once, in a digest at 08:00 Malaysian time, or not by mail. */
export const LEAD_MAIL_OPTIONS = ['instant', 'daily', 'off'] as const;
export type LeadMail = (typeof LEAD_MAIL_OPTIONS)[number];
export const LEAD_MAIL_LABELS: Record<LeadMail, string> = {
  instant: 'Mail me each new lead and answer',
  daily: 'One digest a day, at 08:00',
  off: 'No mail: I read them here',
};

/** Messages each side may add to one thread in 24 hours. */
export const LEAD_REPLIES_PER_DAY = 10;
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
  replies: LeadReply[];
}

/** The advertiser site's URL of one lead. */
export const leadUrl = (id: number) => `/advertiser/leads/${id}`;
