/** Enquiries (migration 0011): the four kinds in one table, their images in enquiry_media, for every backend. */
import { sql } from 'kysely';
import type { EnquiryKind } from '../../../shared/enquiries.ts';
import type { EnquiryRepository } from '../repositories.ts';
import type { EnquiryInput, EnquiryRow, EnquiryTargetRow, LeadStatus, ListingRef, StoredImageFiles } from '../rows.ts';
import { insertMessage, openConversation } from './conversations.ts';
import { QueryRepository } from './query-access.ts';
import { flag, jsonText, listingColumn, livePost, type QueryDb } from './query.ts';

/** The first location's e-mail that is set, of a post (its locations in order) or a profile. */
const POST_EMAIL = sql<string | null>`(SELECT l.email FROM post_locations pl JOIN locations l ON l.id = pl.location_id
  WHERE pl.post_id = p.id AND l.email IS NOT NULL ORDER BY pl.position LIMIT 1)`;
const PROFILE_EMAIL = sql<string | null>`(SELECT email FROM locations WHERE profile_id = pr.id AND email IS NOT NULL ORDER BY position LIMIT 1)`;

const ownerId = (value: number | null) => (value === null ? null : Number(value));

/**
 * Where a lead stands in its owner's inbox, read from its conversation (issue 44): archived; new while the person
 * wrote something the owner has not read; replied when the owner wrote last; else read.
 */
export function leadStatusSql() {
  return sql<LeadStatus>`CASE WHEN cv.owner_archived_at IS NOT NULL THEN 'archived'
    WHEN EXISTS (SELECT 1 FROM conversation_messages um WHERE um.conversation_id = cv.id AND um.side = 'person' AND um.id > cv.owner_read_up_to) THEN 'new'
    WHEN (SELECT lm.side FROM conversation_messages lm WHERE lm.conversation_id = cv.id ORDER BY lm.id DESC LIMIT 1) = 'owner' THEN 'replied'
    ELSE 'read' END`;
}

/** An enquiry with what its page shows of the listing it was about (which may have gone since). */
export function enquirySelect(db: QueryDb) {
  return db.selectFrom('enquiries as e')
    .leftJoin('posts as p', 'p.id', 'e.post_id')
    .leftJoin('profiles as pr', 'pr.id', 'e.profile_id')
    .leftJoin('profiles as owner', (join) => join.on(sql<boolean>`owner.id = COALESCE(p.profile_id, e.profile_id)`))
    .leftJoin('job_details as j', 'j.post_id', 'e.post_id')
    .leftJoin('hireme_details as h', 'h.post_id', 'e.post_id')
    .leftJoin('documents as d', 'd.id', 'e.document_id')
    .leftJoin('conversations as cv', 'cv.id', 'e.conversation_id')
    .select([
      'e.id', 'e.kind',
      sql<EnquiryRow['listing_type']>`CASE WHEN e.post_id IS NOT NULL THEN p.type WHEN e.profile_id IS NOT NULL THEN 'profile' END`.as('listing_type'),
      sql<number | null>`COALESCE(e.post_id, e.profile_id)`.as('listing_id'), sql<string | null>`COALESCE(p.slug, pr.slug)`.as('listing_slug'),
      'e.listing_title', 'j.company_confidential as job_confidential', 'h.company_confidential as hireme_confidential',
      'owner.name as profile_name', 'owner.slug as profile_slug',
      sql<string | null>`(SELECT c.name || ', ' || s.name FROM locations l JOIN cities c ON c.id = l.city_id JOIN states s ON s.id = l.state_id
        WHERE l.id = COALESCE((SELECT location_id FROM post_locations WHERE post_id = e.post_id ORDER BY position LIMIT 1),
          (SELECT id FROM locations WHERE profile_id = e.profile_id ORDER BY position LIMIT 1)))`.as('city_state'),
      'e.user_id', 'e.status', 'e.name', 'e.phone_number', 'e.email', 'e.contact_method', 'e.details', 'e.document_id',
      'd.file as document_file', 'd.original_filename as document_name', 'd.mime_type as document_mime_type', 'e.created_at',
      'e.owner_user_id', 'e.conversation_id', leadStatusSql().as('lead_status'),
    ]);
}

type SelectedEnquiry = Awaited<ReturnType<ReturnType<typeof enquirySelect>['executeTakeFirstOrThrow']>>;

export function toEnquiryRow({ job_confidential, hireme_confidential, ...row }: SelectedEnquiry): EnquiryRow {
  return { ...row, id: Number(row.id), kind: row.kind as EnquiryKind, status: row.status as EnquiryRow['status'], details: jsonText(row.details)!,
    confidential: flag(job_confidential ?? hireme_confidential), owner_user_id: ownerId(row.owner_user_id), lead_status: row.lead_status as LeadStatus,
    conversation_id: row.conversation_id === null ? null : Number(row.conversation_id) };
}

export class KyselyEnquiryRepository extends QueryRepository implements EnquiryRepository {
  findEnquiryTarget(listing: ListingRef): Promise<EnquiryTargetRow | undefined> {
    const now = this.now;
    return this.read(async (db) => {
      if (listing.type === 'profile') {
        const row = await db.selectFrom('profiles as pr').select([
          'pr.id', 'pr.name as title', 'pr.slug', 'pr.name as profile_name', 'pr.slug as profile_slug', PROFILE_EMAIL.as('contact_email'), 'pr.owner_user_id',
        ]).where('pr.id', '=', listing.id).executeTakeFirst();
        return row && { ...row, type: 'profile', confidential: false, resume_required: false, owner_user_id: ownerId(row.owner_user_id) };
      }
      const row = await db.selectFrom('posts as p').innerJoin('profiles as pr', 'pr.id', 'p.profile_id')
        .leftJoin('job_details as j', 'j.post_id', 'p.id').leftJoin('hireme_details as h', 'h.post_id', 'p.id')
        .select([
          'p.type', 'p.id', 'p.title', 'p.slug', 'j.company_confidential as job_confidential', 'h.company_confidential as hireme_confidential',
          'j.resume_required', 'pr.name as profile_name', 'pr.slug as profile_slug', sql<string | null>`COALESCE(${POST_EMAIL}, ${PROFILE_EMAIL})`.as('contact_email'),
          'p.owner_user_id as author_user_id', 'pr.owner_user_id as profile_owner_user_id',
        ])
        .where('p.id', '=', listing.id).where('p.type', '=', listing.type).where(livePost(now)).executeTakeFirst();
      if (!row) return undefined;
      const { job_confidential, hireme_confidential, resume_required, author_user_id, profile_owner_user_id, ...rest } = row;
      return {
        ...rest, type: rest.type as EnquiryTargetRow['type'],
        confidential: flag(job_confidential ?? hireme_confidential), resume_required: flag(resume_required),
        // The same rule as canEditPost: a hireme ad is its author's, the other types their business owner's.
        owner_user_id: ownerId(rest.type === 'hireme' ? author_user_id : profile_owner_user_id),
      };
    });
  }

  /**
   * Stores an enquiry as the first message of the sender's conversation about the listing, or as the next one of it
   * (issue 44: a later enquiry joins the conversation; a new owner gets a new one).
   */
  insertEnquiry(enquiry: EnquiryInput): Promise<number> {
    return this.write(async (db) => {
      const column = listingColumn(enquiry.listing);
      const conversation = await openConversation(db, {
        listing: enquiry.listing, title: enquiry.listingTitle, personId: enquiry.userId, ownerId: enquiry.ownerUserId, at: enquiry.createdAt,
      });
      const { id } = await db.insertInto('enquiries').values({
        kind: enquiry.kind, user_id: enquiry.userId, [column]: enquiry.listing.id, listing_title: enquiry.listingTitle, name: enquiry.name,
        phone_number: enquiry.phone_number, email: enquiry.email, contact_method: enquiry.contact_method, details: JSON.stringify(enquiry.details),
        document_id: enquiry.documentId, notified: enquiry.notified, created_at: enquiry.createdAt, owner_user_id: enquiry.ownerUserId,
        conversation_id: conversation.id,
      }).returning('id').executeTakeFirstOrThrow();
      if (enquiry.mediaIds.length > 0) {
        await db.insertInto('enquiry_media').values(enquiry.mediaIds.map((mediaId, position) => ({ enquiry_id: id, media_id: mediaId, position }))).execute();
      }
      await insertMessage(db, {
        conversationId: conversation.id, side: 'person', userId: enquiry.userId, kind: 'enquiry', text: '', enquiryId: Number(id),
        clientId: null, rules: enquiry.rules ?? [], createdAt: enquiry.createdAt,
      });
      return id;
    });
  }

  hasEnquiredSince(userId: number, listing: ListingRef, since: string): Promise<boolean> {
    return this.read(async (db) => {
      const column = listingColumn(listing);
      const row = await db.selectFrom('enquiries').select('id').where('user_id', '=', userId).where(column, '=', listing.id).where('created_at', '>', since)
        .limit(1).executeTakeFirst();
      return row !== undefined;
    });
  }

  findEnquiries(userId: number, kind: EnquiryKind, limit: number, offset: number): Promise<EnquiryRow[]> {
    return this.read(async (db) => {
      const rows = await enquirySelect(db).where('e.user_id', '=', userId).where('e.kind', '=', kind)
        .orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(limit).offset(offset).execute();
      return rows.map(toEnquiryRow);
    });
  }

  findEnquiry(kind: EnquiryKind, id: number): Promise<EnquiryRow | undefined> {
    return this.read(async (db) => {
      const row = await enquirySelect(db).where('e.id', '=', id).where('e.kind', '=', kind).executeTakeFirst();
      return row && toEnquiryRow(row);
    });
  }

  findEnquiryMedia(enquiryIds: readonly number[]): Promise<(StoredImageFiles & { enquiry_id: number })[]> {
    return this.read(async (db) => {
      if (enquiryIds.length === 0) return [];
      return await db.selectFrom('enquiry_media as em').innerJoin('media as m', 'm.id', 'em.media_id')
        .select(['em.enquiry_id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp'])
        .where('em.enquiry_id', 'in', [...enquiryIds]).orderBy('em.enquiry_id').orderBy('em.position').execute() as (StoredImageFiles & { enquiry_id: number })[];
    });
  }
}
