/** Leads (migration 0020): enquiries as their listing's owner reads them, their threads, and how the owner hears of them. */
import { sql } from 'kysely';
import type { EnquiryKind } from '../../../shared/enquiries.ts';
import type { LeadRepository } from '../repositories.ts';
import type { DigestItem, EnquiryReplyRow, EnquiryRow, LeadFilters, LeadSettingsRow, LeadStatus } from '../rows.ts';
import { lastMessageId } from './conversations.ts';
import { enquirySelect, leadStatusSql, toEnquiryRow } from './enquiries.ts';
import { QueryRepository } from './query-access.ts';
import { count } from './query.ts';

export class KyselyLeadRepository extends QueryRepository implements LeadRepository {
  /** A page of an owner's leads, newest first, narrowed by the filters. */
  findLeads(ownerId: number, filters: LeadFilters, limit: number, offset: number): Promise<EnquiryRow[]> {
    return this.read(async (db) => {
      let query = enquirySelect(db).where('e.owner_user_id', '=', ownerId);
      if (filters.kind) query = query.where('e.kind', '=', filters.kind);
      if (filters.status) query = query.where(leadStatusSql(), '=', filters.status);
      if (filters.listing) query = query.where(filters.listing.type === 'profile' ? 'e.profile_id' : 'e.post_id', '=', filters.listing.id);
      if (filters.since) query = query.where('e.created_at', '>=', filters.since);
      if (filters.before) query = query.where('e.created_at', '<', filters.before);
      const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute();
      return rows.map(toEnquiryRow);
    });
  }

  /** One enquiry by id, whatever its kind: whose lead it is is a policy's to say. */
  findLead(id: number): Promise<EnquiryRow | undefined> {
    return this.read(async (db) => {
      const row = await enquirySelect(db).where('e.id', '=', id).executeTakeFirst();
      return row && toEnquiryRow(row);
    });
  }

  countUnreadLeads(ownerId: number): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('enquiries as e').leftJoin('conversations as cv', 'cv.id', 'e.conversation_id')
        .select((eb) => eb.fn.countAll().as('n')).where('e.owner_user_id', '=', ownerId).where(leadStatusSql(), '=', 'new').executeTakeFirst();
      return count(row?.n);
    });
  }

  /**
   * Sets a lead's status on its conversation (issue 44): archived; read or replied (all read); new (what the person
   * wrote since the owner last wrote is unread again).
   */
  setLeadStatus(id: number, status: LeadStatus): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      const lead = await db.selectFrom('enquiries').select('conversation_id').where('id', '=', id).executeTakeFirst();
      if (!lead?.conversation_id) return;
      const conversationId = Number(lead.conversation_id);
      if (status === 'archived') {
        await db.updateTable('conversations').set({ owner_archived_at: now }).where('id', '=', conversationId).execute();
        return;
      }
      const upTo = await lastMessageId(db, conversationId, status === 'new' ? 'owner' : undefined);
      await db.updateTable('conversations').set({ owner_archived_at: null, owner_read_up_to: upTo }).where('id', '=', conversationId).execute();
    });
  }

  /** The threads of these enquiries: the written messages of their conversations, oldest first. */
  findEnquiryReplies(enquiryIds: readonly number[]): Promise<EnquiryReplyRow[]> {
    return this.read(async (db) => {
      if (enquiryIds.length === 0) return [];
      const rows = await db.selectFrom('conversation_messages as m').innerJoin('enquiries as e', 'e.conversation_id', 'm.conversation_id')
        .select(['m.id', 'e.id as enquiry_id', 'm.side', 'm.text', 'm.created_at'])
        .where('e.id', 'in', [...enquiryIds]).where('m.kind', '=', 'text').orderBy('e.id').orderBy('m.id').execute();
      return rows.map((row) => ({ id: Number(row.id), enquiry_id: Number(row.enquiry_id), side: row.side === 'owner' ? 'owner' : 'sender', message: row.text, created_at: row.created_at }));
    });
  }

  findLeadSettings(userId: number): Promise<LeadSettingsRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('advertiser_settings').select(['lead_mail', 'digest_until']).where('user_id', '=', userId).executeTakeFirst();
      return row && { lead_mail: row.lead_mail as LeadSettingsRow['lead_mail'], digest_until: row.digest_until };
    });
  }

  /** Sets how the advertiser hears of leads; a digest covers what comes from now on. */
  saveLeadSettings(userId: number, leadMail: LeadSettingsRow['lead_mail']): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('advertiser_settings').values({ user_id: userId, lead_mail: leadMail, digest_until: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ lead_mail: leadMail, digest_until: now })).execute();
    });
  }

  /** Advertisers on the daily digest whose last one ended before `cutoff`. */
  findDigestOwners(cutoff: string, limit: number): Promise<{ user_id: number; digest_until: string }[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('advertiser_settings').select(['user_id', 'digest_until'])
        .where('lead_mail', '=', 'daily').where('digest_until', '<', cutoff).orderBy('user_id').limit(limit).execute();
      return rows.map((row) => ({ user_id: Number(row.user_id), digest_until: row.digest_until }));
    });
  }

  /** New leads of an owner and senders' answers on their leads, sent at or after `since` and before `before`, oldest first. */
  findDigestItems(ownerId: number, since: string, before: string): Promise<DigestItem[]> {
    return this.read(async (db) => {
      const leads = await db.selectFrom('enquiries').select(['id as enquiry_id', 'kind', 'listing_title', 'name', sql<string | null>`NULL`.as('message'), 'created_at'])
        .where('owner_user_id', '=', ownerId).where('created_at', '>=', since).where('created_at', '<', before).execute();
      // What people wrote in the owner's conversations, with the latest lead of each (a conversation begun by a message
      // has none: its items link to the inbox).
      const answers = await db.selectFrom('conversation_messages as m').innerJoin('conversations as c', 'c.id', 'm.conversation_id')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select([
          sql<number | null>`(SELECT MAX(le.id) FROM enquiries le WHERE le.conversation_id = c.id)`.as('enquiry_id'),
          sql<string>`COALESCE((SELECT le.kind FROM enquiries le WHERE le.conversation_id = c.id ORDER BY le.id DESC LIMIT 1), 'services')`.as('kind'),
          'c.listing_title', sql<string>`COALESCE(u.name, 'Former member')`.as('name'), 'm.text as message', 'm.created_at',
        ])
        .where('c.owner_user_id', '=', ownerId).where('m.side', '=', 'person').where('m.kind', '=', 'text')
        .where('m.created_at', '>=', since).where('m.created_at', '<', before).execute();
      return [...leads, ...answers]
        .map((item) => ({ ...item, enquiry_id: item.enquiry_id === null ? null : Number(item.enquiry_id), kind: item.kind as EnquiryKind }))
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.enquiry_id ?? 0) - (b.enquiry_id ?? 0));
    });
  }

  markDigested(userId: number, until: string): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('advertiser_settings').set({ digest_until: until }).where('user_id', '=', userId).execute();
    });
  }

  /** An owner's report of a review to the operators; returns its id. */
  insertReviewReport(report: { reviewId: number; userId: number; reason: string; description: string }): Promise<number> {
    const createdAt = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('review_reports').values({
        review_id: report.reviewId, user_id: report.userId, reason: report.reason, description: report.description, created_at: createdAt,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }
}
