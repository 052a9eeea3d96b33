/**
 * How the advertiser site names a lead's kind, status, mail setting and answers, and a click's action, in the language
 * being rendered (issue 63). The English constants beside them (LEAD_STATUS_LABELS…) stay for the CSV exports.
 */
import * as m from '../paraglide/messages.js';
import type { AnalyticsAction } from './constants.ts';
import type { EnquiryKind } from './enquiries.ts';
import type { LeadAction, LeadMail, LeadStatus } from './leads.ts';

type Words = () => string;

const KIND: Record<EnquiryKind, Words> = { services: m.lead_kind_services, jobs: m.lead_kind_jobs, hireme: m.lead_kind_hireme, buysell: m.lead_kind_buysell };
const KINDS: Record<EnquiryKind, Words> = { services: m.lead_kinds_services, jobs: m.lead_kinds_jobs, hireme: m.lead_kinds_hireme, buysell: m.lead_kinds_buysell };
const STATUS: Record<LeadStatus, Words> = { new: m.lead_status_new, read: m.lead_status_read, replied: m.lead_status_replied, archived: m.lead_status_archived };
const MARKED: Record<LeadStatus, Words> = { new: m.lead_marked_new, read: m.lead_marked_read, replied: m.lead_marked_replied, archived: m.lead_marked_archived };
const MAIL: Record<LeadMail, Words> = { instant: m.lead_mail_instant, daily: m.lead_mail_daily, off: m.lead_mail_off };
const ANSWERED: Record<LeadAction, Words> = { whatsapp: m.lead_answered_whatsapp, call: m.lead_answered_call, email: m.lead_answered_email, reply: m.lead_answered_reply };
const CLICK: Record<AnalyticsAction, Words> = {
  call: m.click_call, enquire: m.click_enquire, whatsapp: m.click_whatsapp, website: m.click_website,
  visit_maps_direction: m.click_visit_maps_direction, visit_waze_direction: m.click_visit_waze_direction, visit_maps_location: m.click_visit_maps_location,
  share_facebook: m.click_share_facebook, share_twitter: m.click_share_twitter, share_linkedin: m.click_share_linkedin, share_email: m.click_share_email,
  share_copy: m.click_share_copy,
};

/** 'Enquiry', 'Job application'… and their plurals. */
export const leadKindLabel = (kind: EnquiryKind) => KIND[kind]();
export const leadKindsLabel = (kind: EnquiryKind) => KINDS[kind]();
/** 'Job application from Siti'. */
export const leadTitle = (kind: EnquiryKind, name: string) => m.lead_from({ kind: KIND[kind](), name });
export const leadStatusLabel = (status: LeadStatus) => STATUS[status]();
export const leadMarkedText = (status: LeadStatus) => MARKED[status]();
export const leadMailLabel = (mail: LeadMail) => MAIL[mail]();
export const leadAnsweredLabel = (action: LeadAction) => ANSWERED[action]();
export const clickLabel = (action: AnalyticsAction) => CLICK[action]();
