/**
 * The leads inbox (issue 26, decision 0022): every enquiry, job application and offer sent on an advertiser's listings
 * while they owned them (enquiries.owner_user_id, set when it was sent), newest first, with filters; its status
 * (new, read, replied, archived); the owner's replies; the CSV export; the CV or document, for the owner only; and
 * how the advertiser hears of new ones (instant, a daily digest at 08:00 Malaysian time, off).
 */
import { maskContacts } from '../../shared/conversations.ts';
import { CONTACT_METHODS, ENQUIRY_WORDS, enquiryFacts, type ContactMethod } from '../../shared/enquiries.ts';
import { LEAD_STATUS_LABELS, LEADS_EXPORT_MAX, LEADS_PAGE_SIZE, leadUrl, type Lead, type LeadAction, type LeadMail } from '../../shared/leads.ts';
import { lastMalaysiaHour, malaysiaDayStart, malaysiaToday, nextDay } from '../../shared/malaysia-time.ts';
import { LeadActionSchema, LeadFiltersSchema, LeadReplySchema, LeadSettingsSchema, LeadStatusSchema, ReviewReportSchema } from '../../shared/schemas/leads.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { EnquiryRow, LeadFilters } from '../db/rows.ts';
import { recordsOf } from '../engagement/enquiries.ts';
import { addOwnerReply, replyOf } from '../engagement/enquiry-threads.ts';
import { notFound, parseInput, type ErrorCode } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { canAnswerReview, canReadLead, type Actor } from '../policies.ts';
import { privateDownload, type Download } from '../uploads/media-files.ts';
import { scopeOf } from './insights.ts';
import { csvOf } from '../csv.ts';
import { say, word } from '../../shared/said.ts';

const fileUrl = (row: EnquiryRow) => `/api/advertiser/leads/${row.id}/attachment`;

/** Leads as their owner reads them, with their threads. */
async function leadsOf(app: AppContext, rows: EnquiryRow[]): Promise<Lead[]> {
  const records = await recordsOf(app, rows, fileUrl);
  const replies = await app.repos.leads.findEnquiryReplies(rows.map((row) => row.id));
  return records.map((record, index) => ({
    ...record,
    type: rows[index]!.kind,
    status: rows[index]!.lead_status,
    sender_status: record.status,
    url: leadUrl(record.id),
    conversation_id: rows[index]!.conversation_id,
    replies: replies.filter((reply) => reply.enquiry_id === record.id).map(replyOf),
  }));
}

/**
 * The filters of a query string (422 per field), as the repository reads them; a post or business that is not the
 * actor's is a 404, as insights answers (security probe item 9).
 */
async function leadFiltersOf(app: AppContext, actor: Actor, query: unknown): Promise<{ filters: LeadFilters; page: number }> {
  const input = parseInput(LeadFiltersSchema, query);
  if (input.post_id || input.profile_id) scopeOf(await app.repos.insights.findOwnedListings(actor.id), input);
  return {
    page: input.page,
    filters: {
      kind: input.type, status: input.status,
      listing: input.post_id ? { type: 'services', id: input.post_id } : input.profile_id ? { type: 'profile', id: input.profile_id } : undefined,
      since: input.from ? malaysiaDayStart(input.from) : undefined,
      before: input.to ? malaysiaDayStart(nextDay(input.to)) : undefined,
    },
  };
}

/** GET leads: a page of the advertiser's leads, with how many are unread. */
export async function listLeads(app: AppContext, actor: Actor, query: unknown) {
  const { filters, page } = await leadFiltersOf(app, actor, query);
  const rows = await app.repos.leads.findLeads(actor.id, filters, LEADS_PAGE_SIZE + 1, (page - 1) * LEADS_PAGE_SIZE);
  return {
    data: await leadsOf(app, rows.slice(0, LEADS_PAGE_SIZE)), page, has_more: rows.length > LEADS_PAGE_SIZE,
    unread: await app.repos.leads.countUnreadLeads(actor.id),
    listings: (await app.repos.insights.findOwnedListings(actor.id)).map(({ type, id, title }) => ({ type, id, title })),
  };
}

export const unreadLeads = (app: AppContext, actor: Actor) => app.repos.leads.countUnreadLeads(actor.id);

/** A lead of the actor's, or a 404 (anybody else's, or one sent before they owned the listing). */
async function ownLead(app: AppContext, actor: Actor, id: number, missing: ErrorCode = 'no_such_lead'): Promise<EnquiryRow> {
  const row = await app.repos.leads.findLead(id);
  if (!row || !canReadLead(actor, row)) throw notFound(missing);
  return row;
}

/** GET leads/{id}: everything the sender gave and the thread; opening a new lead marks it read. */
export async function readLead(app: AppContext, actor: Actor, id: number): Promise<Lead> {
  let row = await ownLead(app, actor, id);
  if (row.lead_status === 'new') {
    await app.repos.leads.setLeadStatus(id, 'read');
    row = { ...row, lead_status: 'read' };
  }
  return (await leadsOf(app, [row]))[0]!;
}

/** PATCH leads/{id} {status}. */
export async function changeLeadStatus(app: AppContext, actor: Actor, id: number, input: unknown): Promise<Lead> {
  const { status } = parseInput(LeadStatusSchema, input);
  const row = await ownLead(app, actor, id);
  await app.repos.leads.setLeadStatus(id, status);
  return (await leadsOf(app, [{ ...row, lead_status: status }]))[0]!;
}

/**
 * POST leads/{id}/actions {action}: the owner answered the lead with a quick action (issue 40): counted in insights on
 * the lead's listing, as `lead_{action}` that day.
 */
export async function countLeadAction(app: AppContext, actor: Actor, id: number, input: unknown): Promise<{ counted: LeadAction }> {
  const { action } = parseInput(LeadActionSchema, input);
  const row = await ownLead(app, actor, id);
  if (row.listing_type !== null && row.listing_id !== null) {
    await app.repos.stats.addClicks(malaysiaToday(app.clock.now()), [{ listing: { type: row.listing_type, id: row.listing_id }, action: `lead_${action}`, count: 1 }]);
  }
  return { counted: action };
}

/** POST leads/{id}/replies {message}: answers the thread. */
export async function replyToLead(app: AppContext, actor: Actor, id: number, input: unknown) {
  const { message } = parseInput(LeadReplySchema, input);
  const row = await ownLead(app, actor, id);
  return { data: await addOwnerReply(app, row, actor.id, message), message: say('api_reply_sent') };
}

/** GET leads/{id}/attachment: the CV or document, a private file for the lead's owner only. */
export async function downloadLeadAttachment(app: AppContext, actor: Actor, id: number): Promise<Download> {
  const row = await ownLead(app, actor, id, 'attachment_not_found');
  if (!row.document_file || !row.document_name) throw notFound('attachment_not_found');
  return privateDownload(app, { file: row.document_file, original_filename: row.document_name, mime_type: row.document_mime_type ?? 'application/octet-stream' }, 'attachment_not_found');
}

/** GET leads.csv: the filtered leads (all pages, up to LEADS_EXPORT_MAX), one row each. */
export async function leadsCsv(app: AppContext, actor: Actor, query: unknown): Promise<string> {
  const { filters } = await leadFiltersOf(app, actor, query);
  const rows = await app.repos.leads.findLeads(actor.id, filters, LEADS_EXPORT_MAX, 0);
  const records = await recordsOf(app, rows, fileUrl);
  const header = ['id', 'sent_at', 'type', 'listing', 'status', 'name', 'phone_number', 'email', 'contact_method', 'details'];
  return csvOf(header, records.map((record, index) => {
    const row = rows[index]!;
    const details = enquiryFacts(row.kind, record, 'en').slice(4).map(([label, value]) => `${label}: ${value}`).join('\n');
    return [row.id, row.created_at, ENQUIRY_WORDS[row.kind].noun, row.listing_title, LEAD_STATUS_LABELS[row.lead_status], row.name,
      row.phone_number, row.email, CONTACT_METHODS[row.contact_method as ContactMethod] ?? row.contact_method, details];
  }));
}

/** The advertiser's lead-mail setting (instant until they choose). */
export async function leadSettings(app: AppContext, actor: Actor): Promise<{ lead_mail: LeadMail }> {
  return { lead_mail: (await app.repos.leads.findLeadSettings(actor.id))?.lead_mail ?? 'instant' };
}

/** PATCH settings {lead_mail}. */
export async function saveLeadSettings(app: AppContext, actor: Actor, input: unknown): Promise<{ lead_mail: LeadMail }> {
  const { lead_mail: leadMail } = parseInput(LeadSettingsSchema, input);
  await app.repos.leads.saveLeadSettings(actor.id, leadMail);
  return { lead_mail: leadMail };
}

/** The last 08:00 in Malaysia at or before `now`, as an ISO time. */
export function lastDigestTime(now: number): string {
  return new Date(lastMalaysiaHour(now, 8)).toISOString();
}

/** Owners one run of the digest job handles at most; the next run takes the rest. */
const DIGEST_BATCH = 500;

/**
 * The daily digest (recurring job lead_digests): for each advertiser on `daily` whose last digest ended before
 * today's 08:00 (Malaysia), the new leads and answers since, in one mail to their account; the mail and the
 * new end are one transaction, so a digest goes out once. Nothing new, no mail. Answers how many went.
 */
export async function sendLeadDigests(app: AppContext): Promise<number> {
  const cutoff = lastDigestTime(app.clock.now());
  let sent = 0;
  const inboxLink = (enquiryId: number | null) => absoluteUrl(app.config.siteUrl, enquiryId === null ? '/advertiser/leads' : leadUrl(enquiryId));
  for (const owner of await app.repos.leads.findDigestOwners(cutoff, DIGEST_BATCH)) {
    const items = await app.repos.leads.findDigestItems(owner.user_id, owner.digest_until, cutoff);
    const user = await app.repos.users.findUser(owner.user_id);
    await app.repos.transaction(async (tx) => {
      if (items.length > 0 && user?.email) {
        const leads = items.filter((item) => item.message === null).length;
        const lines = items.map((item) => (item.message === null
          ? say('mail_digest_new_lead', { kind: word(`enquiry_noun_${item.kind}`), name: item.name, title: item.listing_title, url: inboxLink(item.enquiry_id) })
          : say('mail_digest_wrote', { name: item.name, title: item.listing_title, text: maskContacts(item.message).text, url: inboxLink(item.enquiry_id) })));
        await app.outbox.queueMail(composeMail(user.email, say('mail_digest_subject', { date: malaysiaToday(Date.parse(cutoff)), leads, answers: items.length - leads }), [
          say('mail_digest_since', { count: leads, answers: items.length - leads }),
          ...lines,
          say('mail_digest_read', { url: absoluteUrl(app.config.siteUrl, '/advertiser/leads') }),
        ], [], user.locale), { tx });
        sent += 1;
      }
      await tx.leads.markDigested(owner.user_id, cutoff);
    });
  }
  return sent;
}

/** POST reviews/{id}/report {reason, description}: the owner of the reviewed listing reports it to the operators' queue. */
export async function reportReview(app: AppContext, actor: Actor, reviewId: number, input: unknown): Promise<{ message: string }> {
  const report = parseInput(ReviewReportSchema, input);
  const review = await app.repos.advertiser.findReviewToAnswer(reviewId);
  if (!review || !canAnswerReview(actor, review)) throw notFound('no_such_review');
  await app.limits.hit('publicForm', `review-report:${actor.id}`);
  await app.repos.leads.insertReviewReport({ reviewId, userId: actor.id, reason: report.reason, description: report.description });
  return { message: say('api_review_reported') };
}
