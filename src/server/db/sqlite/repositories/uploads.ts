/** SQL of uploads (migration 0006): the media or documents row plus who sent it and when. */
import type { ListingType } from '../../../../shared/constants.ts';
import type { ListingRef, StaleUpload, StoredImage, UploadedImageRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { idList, NOW_SQL, one, statement } from '../query.ts';

/** The user an upload owner names ('user:ID'), or null for a visitor's ('client:…'). */
const ownerUser = (owner: string): number | null => {
  const id = /^user:(\d+)$/.exec(owner)?.[1];
  return id === undefined ? null : Number(id);
};

export function insertImage(db: Db, owner: string, image: StoredImage): number {
  const mediaId = Number(statement(db, `INSERT INTO media (kind, mime_type, thumbnail, full, thumbnail_webp, full_webp, width, height)
    VALUES ('image', ?, ?, ?, ?, ?, ?, ?) RETURNING id`).get(image.mime_type, image.thumbnail, image.full, image.thumbnail_webp,
    image.full_webp, image.width, image.height)!.id);
  statement(db, `INSERT INTO uploads (owner, owner_user_id, kind, media_id, created_at) VALUES (?, ?, 'image', ?, ${NOW_SQL})`).run(owner, ownerUser(owner), mediaId);
  return mediaId;
}

export function insertDocument(db: Db, owner: string, document: { file: string; original_filename: string; mime_type: string }): number {
  const documentId = Number(statement(db, 'INSERT INTO documents (file, original_filename, mime_type) VALUES (?, ?, ?) RETURNING id')
    .get(document.file, document.original_filename, document.mime_type)!.id);
  statement(db, `INSERT INTO uploads (owner, owner_user_id, kind, document_id, created_at) VALUES (?, ?, 'document', ?, ${NOW_SQL})`).run(owner, ownerUser(owner), documentId);
  return documentId;
}

export function findStaleUploads(db: Db, before: string): StaleUpload[] {
  return (statement(db, `SELECT u.id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp, d.file
    FROM uploads u LEFT JOIN media m ON m.id = u.media_id LEFT JOIN documents d ON d.id = u.document_id
    WHERE u.attached_at IS NULL AND u.created_at < ? ORDER BY u.id LIMIT 500`).all(before) as Record<string, string | number | null>[])
    .map((row) => ({
      id: Number(row.id),
      files: [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp, row.file].filter((file): file is string => typeof file === 'string'),
    }));
}

/** Whatever may point at an upload's media or document row: a stale upload that any of these names is in use. */
const MEDIA_REFERENCES = [
  'SELECT 1 FROM post_media WHERE media_id = ?1', 'SELECT 1 FROM profile_media WHERE media_id = ?1', 'SELECT 1 FROM review_media WHERE media_id = ?1',
  'SELECT 1 FROM enquiry_media WHERE media_id = ?1', 'SELECT 1 FROM banners WHERE media_id = ?1', 'SELECT 1 FROM profiles WHERE logo_id = ?1 OR image_id = ?1',
  'SELECT 1 FROM reviews WHERE reviewer_image_id = ?1', 'SELECT 1 FROM users WHERE image_id = ?1',
];
const DOCUMENT_REFERENCES = [
  'SELECT 1 FROM post_documents WHERE document_id = ?1', 'SELECT 1 FROM profile_documents WHERE document_id = ?1',
  'SELECT 1 FROM enquiries WHERE document_id = ?1', 'SELECT 1 FROM user_details WHERE cv_document_id = ?1',
];

/**
 * Deletes the rows of the stale uploads `ids` (the upload and its media or document row), one by one, and
 * returns the ids deleted: their files can go now. An upload that anything references (a write whose
 * second step was lost, as review images once were) is kept, marked attached so no sweep picks it again,
 * and returned among `kept`: deleting its files would break what uses it.
 */
export function deleteUploads(db: Db, ids: readonly number[]): { deleted: number[]; kept: number[] } {
  const deleted: number[] = [];
  const kept: number[] = [];
  for (const id of ids) {
    const row = one<{ media_id: number | null; document_id: number | null }>(db, 'SELECT media_id, document_id FROM uploads WHERE id = ?', id);
    if (!row) continue;
    const references = row.media_id !== null ? MEDIA_REFERENCES : DOCUMENT_REFERENCES;
    const target = row.media_id ?? row.document_id;
    if (references.some((query) => one(db, `${query} LIMIT 1`, target))) {
      statement(db, `UPDATE uploads SET attached_at = ${NOW_SQL} WHERE id = ?`).run(id);
      kept.push(id);
      continue;
    }
    statement(db, 'DELETE FROM uploads WHERE id = ?').run(id);
    if (row.media_id !== null) statement(db, 'DELETE FROM media WHERE id = ?').run(row.media_id);
    if (row.document_id !== null) statement(db, 'DELETE FROM documents WHERE id = ?').run(row.document_id);
    deleted.push(id);
  }
  return { deleted, kept };
}

/**
 * The owner's image uploads among `fullPaths` that a form may still use: not attached to anything yet, or
 * already on the review `sameReview` names (the person's own review of that listing, being edited).
 */
/**
 * The uploaded images at these paths (their full variant), in the order given, with who sent them, whether a form
 * uses them, and the review using one (its author and listing): whether a form may name one is a policy's to say.
 */
export function findUploadedImages(db: Db, fullPaths: readonly string[]): UploadedImageRow[] {
  const rows = statement(db, `SELECT m.id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp, u.owner_user_id, u.attached_at,
      r.user_id AS review_user_id, r.post_id AS review_post_id, p.type AS review_post_type, r.profile_id AS review_profile_id
    FROM uploads u JOIN media m ON m.id = u.media_id
    LEFT JOIN review_media rm ON rm.media_id = m.id LEFT JOIN reviews r ON r.id = rm.review_id LEFT JOIN posts p ON p.id = r.post_id
    WHERE m.full IN (SELECT value FROM json_each(?))`).all(JSON.stringify(fullPaths)) as Record<string, string | number | null>[];
  const byPath = new Map(rows.map((row) => {
    const listing: ListingRef | null = row.review_post_id !== null ? { type: row.review_post_type as ListingType, id: Number(row.review_post_id) }
      : row.review_profile_id !== null ? { type: 'profile', id: Number(row.review_profile_id) } : null;
    return [String(row.full), {
      id: Number(row.id), thumbnail: String(row.thumbnail), full: String(row.full), thumbnail_webp: row.thumbnail_webp as string, full_webp: row.full_webp as string,
      owner_user_id: row.owner_user_id === null ? null : Number(row.owner_user_id), attached: row.attached_at !== null,
      review: listing && { user_id: row.review_user_id === null ? null : Number(row.review_user_id), listing },
    } satisfies UploadedImageRow];
  }));
  return fullPaths.map((path) => byPath.get(path)).filter((row) => row !== undefined);
}

/** Marks image uploads as used by a feature, so the stale-upload sweep leaves them (in the caller's transaction). */
export function attachImages(db: Db, mediaIds: readonly number[]): void {
  if (mediaIds.length === 0) return;
  statement(db, `UPDATE uploads SET attached_at = coalesce(attached_at, ${NOW_SQL}) WHERE media_id IN (SELECT value FROM json_each(?))`).run(idList(mediaIds));
}

/** Marks a document upload as used by a feature (a CV, an enquiry's file), in the caller's transaction. */
export function attachDocument(db: Db, documentId: number): void {
  statement(db, `UPDATE uploads SET attached_at = coalesce(attached_at, ${NOW_SQL}) WHERE document_id = ?`).run(documentId);
}
