/** SQL of enquiries (migration 0011): the four kinds in one table, their images in enquiry_media. */
import type { EnquiryKind } from '../../../../shared/enquiries.ts';
import type { EnquiryInput, EnquiryRow, EnquiryTargetRow, ListingRef, StoredImageFiles } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, idList, LIVE_POST_SQL, one, statement } from '../query.ts';

type Flags<Row> = Omit<Row, 'confidential' | 'resume_required'> & { confidential: number; resume_required?: number };

/** The first location's e-mail that is set, of a post (its locations in order) or a profile. */
const POST_EMAIL_SQL = `(SELECT l.email FROM post_locations pl JOIN locations l ON l.id = pl.location_id
  WHERE pl.post_id = p.id AND l.email IS NOT NULL ORDER BY pl.position LIMIT 1)`;
const PROFILE_EMAIL_SQL = (profile: string) => `(SELECT email FROM locations WHERE profile_id = ${profile}.id AND email IS NOT NULL ORDER BY position LIMIT 1)`;

export function findEnquiryTarget(db: Db, listing: ListingRef): EnquiryTargetRow | undefined {
  const row = listing.type === 'profile'
    ? one<Flags<EnquiryTargetRow>>(db, `SELECT 'profile' AS type, pr.id, pr.name AS title, pr.slug, 0 AS confidential, 0 AS resume_required,
        pr.name AS profile_name, pr.slug AS profile_slug, ${PROFILE_EMAIL_SQL('pr')} AS contact_email
      FROM profiles pr WHERE pr.id = ?`, listing.id)
    : one<Flags<EnquiryTargetRow>>(db, `SELECT p.type, p.id, p.title, p.slug,
        COALESCE(j.company_confidential, h.company_confidential, 0) AS confidential, COALESCE(j.resume_required, 0) AS resume_required,
        pr.name AS profile_name, pr.slug AS profile_slug, COALESCE(${POST_EMAIL_SQL}, ${PROFILE_EMAIL_SQL('pr')}) AS contact_email
      FROM posts p JOIN profiles pr ON pr.id = p.profile_id
      LEFT JOIN job_details j ON j.post_id = p.id LEFT JOIN hireme_details h ON h.post_id = p.id
      WHERE p.id = ? AND p.type = ? AND ${LIVE_POST_SQL}`, listing.id, listing.type);
  return row && { ...row, confidential: row.confidential === 1, resume_required: row.resume_required === 1 };
}

export function hasEnquiredSince(db: Db, userId: number, listing: ListingRef, since: string): boolean {
  const column = listing.type === 'profile' ? 'profile_id' : 'post_id';
  return one(db, `SELECT 1 AS found FROM enquiries WHERE user_id = ? AND ${column} = ? AND created_at > ?`, userId, listing.id, since) !== undefined;
}

export function insertEnquiry(db: Db, enquiry: EnquiryInput): number {
  const column = enquiry.listing.type === 'profile' ? 'profile_id' : 'post_id';
  const id = Number(statement(db, `INSERT INTO enquiries (kind, user_id, ${column}, listing_title, name, phone_number, email, contact_method, details,
      document_id, notified, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`)
    .get(enquiry.kind, enquiry.userId, enquiry.listing.id, enquiry.listingTitle, enquiry.name, enquiry.phone_number, enquiry.email,
      enquiry.contact_method, JSON.stringify(enquiry.details), enquiry.documentId, enquiry.notified, enquiry.createdAt)!.id);
  enquiry.mediaIds.forEach((mediaId, position) => {
    statement(db, 'INSERT INTO enquiry_media (enquiry_id, media_id, position) VALUES (?, ?, ?)').run(id, mediaId, position);
  });
  return id;
}

const ENQUIRY_SELECT = `SELECT e.id, e.kind, CASE WHEN e.post_id IS NOT NULL THEN p.type WHEN e.profile_id IS NOT NULL THEN 'profile' END AS listing_type,
    COALESCE(e.post_id, e.profile_id) AS listing_id, COALESCE(p.slug, pr.slug) AS listing_slug, e.listing_title,
    COALESCE(j.company_confidential, h.company_confidential, 0) AS confidential, owner.name AS profile_name, owner.slug AS profile_slug,
    (SELECT c.name || ', ' || s.name FROM locations l JOIN cities c ON c.id = l.city_id JOIN states s ON s.id = l.state_id
      WHERE l.id = COALESCE((SELECT location_id FROM post_locations WHERE post_id = e.post_id ORDER BY position LIMIT 1),
        (SELECT id FROM locations WHERE profile_id = e.profile_id ORDER BY position LIMIT 1))) AS city_state,
    e.user_id, e.status, e.name, e.phone_number, e.email, e.contact_method, e.details, e.document_id,
    d.file AS document_file, d.original_filename AS document_name, d.mime_type AS document_mime_type, e.created_at
  FROM enquiries e
  LEFT JOIN posts p ON p.id = e.post_id
  LEFT JOIN profiles pr ON pr.id = e.profile_id
  LEFT JOIN profiles owner ON owner.id = COALESCE(p.profile_id, e.profile_id)
  LEFT JOIN job_details j ON j.post_id = e.post_id
  LEFT JOIN hireme_details h ON h.post_id = e.post_id
  LEFT JOIN documents d ON d.id = e.document_id`;

const toRow = (row: Flags<EnquiryRow>): EnquiryRow => ({ ...row, confidential: row.confidential === 1 });

export function findEnquiries(db: Db, userId: number, kind: EnquiryKind, limit: number, offset: number): EnquiryRow[] {
  return all<Flags<EnquiryRow>>(db, `${ENQUIRY_SELECT} WHERE e.user_id = ? AND e.kind = ? ORDER BY e.created_at DESC, e.id DESC LIMIT ? OFFSET ?`,
    userId, kind, limit, offset).map(toRow);
}

export function findEnquiry(db: Db, kind: EnquiryKind, id: number): EnquiryRow | undefined {
  const row = one<Flags<EnquiryRow>>(db, `${ENQUIRY_SELECT} WHERE e.id = ? AND e.kind = ?`, id, kind);
  return row && toRow(row);
}

export function findEnquiryMedia(db: Db, enquiryIds: readonly number[]): (StoredImageFiles & { enquiry_id: number })[] {
  if (enquiryIds.length === 0) return [];
  return all(db, `SELECT em.enquiry_id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp FROM enquiry_media em JOIN media m ON m.id = em.media_id
    WHERE em.enquiry_id IN (SELECT value FROM json_each(?)) ORDER BY em.enquiry_id, em.position`, idList(enquiryIds));
}
