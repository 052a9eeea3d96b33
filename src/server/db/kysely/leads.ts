/** Leads (migration 0020): enquiries as their listing's owner reads them, their threads, and how the owner hears of them. */
import { sql } from 'kysely';
import type { EnquiryKind } from '../../../shared/enquiries.ts';
import type { DigestItem, EnquiryReplyRow, EnquiryRow, LeadFilters, LeadSettingsRow, LeadStatus } from '../rows.ts';
import { enquirySelect, toEnquiryRow } from './enquiries.ts';
import { count, type QueryDb } from './query.ts';

/** A page of an owner's leads, newest first, narrowed by the filters. */
export async function findLeads(db: QueryDb, ownerId: number, filters: LeadFilters, limit: number, offset: number): Promise<EnquiryRow[]> {
  let query = enquirySelect(db).where('e.owner_user_id', '=', ownerId);
  if (filters.kind) query = query.where('e.kind', '=', filters.kind);
  if (filters.status) query = query.where('e.lead_status', '=', filters.status);
  if (filters.listing) query = query.where(filters.listing.type === 'profile' ? 'e.profile_id' : 'e.post_id', '=', filters.listing.id);
  if (filters.since) query = query.where('e.created_at', '>=', filters.since);
  if (filters.before) query = query.where('e.created_at', '<', filters.before);
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute();
  return rows.map(toEnquiryRow);
}

/** One enquiry by id, whatever its kind: whose lead it is is a policy's to say. */
export async function findLead(db: QueryDb, id: number): Promise<EnquiryRow | undefined> {
  const row = await enquirySelect(db).where('e.id', '=', id).executeTakeFirst();
  return row && toEnquiryRow(row);
}

export async function countUnreadLeads(db: QueryDb, ownerId: number): Promise<number> {
  const row = await db.selectFrom('enquiries').select((eb) => eb.fn.countAll().as('n'))
    .where('owner_user_id', '=', ownerId).where('lead_status', '=', 'new').executeTakeFirst();
  return count(row?.n);
}

export async function setLeadStatus(db: QueryDb, id: number, status: LeadStatus): Promise<void> {
  await db.updateTable('enquiries').set({ lead_status: status }).where('id', '=', id).execute();
}

/** The threads of these enquiries, oldest message first. */
export async function findEnquiryReplies(db: QueryDb, enquiryIds: readonly number[]): Promise<EnquiryReplyRow[]> {
  if (enquiryIds.length === 0) return [];
  const rows = await db.selectFrom('enquiry_replies').select(['id', 'enquiry_id', 'side', 'message', 'created_at'])
    .where('enquiry_id', 'in', [...enquiryIds]).orderBy('enquiry_id').orderBy('id').execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), enquiry_id: Number(row.enquiry_id), side: row.side as EnquiryReplyRow['side'] }));
}

export async function insertEnquiryReply(db: QueryDb, reply: { enquiryId: number; side: EnquiryReplyRow['side']; userId: number; message: string; createdAt: string }): Promise<number> {
  const { id } = await db.insertInto('enquiry_replies').values({
    enquiry_id: reply.enquiryId, side: reply.side, user_id: reply.userId, message: reply.message, created_at: reply.createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** Messages one side of a thread wrote at or after `since` (the daily cap). */
export async function countEnquiryReplies(db: QueryDb, enquiryId: number, side: EnquiryReplyRow['side'], since: string): Promise<number> {
  const row = await db.selectFrom('enquiry_replies').select((eb) => eb.fn.countAll().as('n'))
    .where('enquiry_id', '=', enquiryId).where('side', '=', side).where('created_at', '>=', since).executeTakeFirst();
  return count(row?.n);
}

export async function findLeadSettings(db: QueryDb, userId: number): Promise<LeadSettingsRow | undefined> {
  const row = await db.selectFrom('advertiser_settings').select(['lead_mail', 'digest_until']).where('user_id', '=', userId).executeTakeFirst();
  return row && { lead_mail: row.lead_mail as LeadSettingsRow['lead_mail'], digest_until: row.digest_until };
}

/** Sets how the advertiser hears of leads; a digest covers what comes from now on. */
export async function saveLeadSettings(db: QueryDb, userId: number, leadMail: LeadSettingsRow['lead_mail'], now: string): Promise<void> {
  await db.insertInto('advertiser_settings').values({ user_id: userId, lead_mail: leadMail, digest_until: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ lead_mail: leadMail, digest_until: now })).execute();
}

/** Advertisers on the daily digest whose last one ended before `cutoff`. */
export async function findDigestOwners(db: QueryDb, cutoff: string, limit: number): Promise<{ user_id: number; digest_until: string }[]> {
  const rows = await db.selectFrom('advertiser_settings').select(['user_id', 'digest_until'])
    .where('lead_mail', '=', 'daily').where('digest_until', '<', cutoff).orderBy('user_id').limit(limit).execute();
  return rows.map((row) => ({ user_id: Number(row.user_id), digest_until: row.digest_until }));
}

/** New leads of an owner and senders' answers on their leads, sent at or after `since` and before `before`, oldest first. */
export async function findDigestItems(db: QueryDb, ownerId: number, since: string, before: string): Promise<DigestItem[]> {
  const leads = await db.selectFrom('enquiries').select(['id as enquiry_id', 'kind', 'listing_title', 'name', sql<string | null>`NULL`.as('message'), 'created_at'])
    .where('owner_user_id', '=', ownerId).where('created_at', '>=', since).where('created_at', '<', before).execute();
  const answers = await db.selectFrom('enquiry_replies as r').innerJoin('enquiries as e', 'e.id', 'r.enquiry_id')
    .select(['e.id as enquiry_id', 'e.kind', 'e.listing_title', 'e.name', 'r.message', 'r.created_at'])
    .where('e.owner_user_id', '=', ownerId).where('r.side', '=', 'sender').where('r.created_at', '>=', since).where('r.created_at', '<', before).execute();
  return [...leads, ...answers]
    .map((item) => ({ ...item, enquiry_id: Number(item.enquiry_id), kind: item.kind as EnquiryKind }))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.enquiry_id - b.enquiry_id);
}

export async function markDigested(db: QueryDb, userId: number, until: string): Promise<void> {
  await db.updateTable('advertiser_settings').set({ digest_until: until }).where('user_id', '=', userId).execute();
}

export async function insertReviewReport(db: QueryDb, report: { reviewId: number; userId: number; reason: string; description: string; createdAt: string }): Promise<number> {
  const { id } = await db.insertInto('review_reports').values({
    review_id: report.reviewId, user_id: report.userId, reason: report.reason, description: report.description, created_at: report.createdAt,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}
