/** SQL of uploads (migration 0006): the media or documents row plus who sent it and when. */
import type { ListingRef, StaleUpload, StoredImage, StoredImageFiles } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { idList, NOW_SQL, one, statement } from '../query.ts';

export function insertImage(db: Db, owner: string, image: StoredImage): number {
  const mediaId = Number(statement(db, `INSERT INTO media (kind, mime_type, thumbnail, full, thumbnail_webp, full_webp, width, height)
    VALUES ('image', ?, ?, ?, ?, ?, ?, ?) RETURNING id`).get(image.mime_type, image.thumbnail, image.full, image.thumbnail_webp,
    image.full_webp, image.width, image.height)!.id);
  statement(db, `INSERT INTO uploads (owner, kind, media_id, created_at) VALUES (?, 'image', ?, ${NOW_SQL})`).run(owner, mediaId);
  return mediaId;
}

export function insertDocument(db: Db, owner: string, document: { file: string; original_filename: string; mime_type: string }): number {
  const documentId = Number(statement(db, 'INSERT INTO documents (file, original_filename, mime_type) VALUES (?, ?, ?) RETURNING id')
    .get(document.file, document.original_filename, document.mime_type)!.id);
  statement(db, `INSERT INTO uploads (owner, kind, document_id, created_at) VALUES (?, 'document', ?, ${NOW_SQL})`).run(owner, documentId);
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
export function findOwnedImages(db: Db, owner: string, fullPaths: readonly string[], sameReview?: { userId: number; listing: ListingRef }): (StoredImageFiles & { id: number })[] {
  const column = sameReview?.listing.type === 'profile' ? 'profile_id' : 'post_id';
  const rows = statement(db, `SELECT m.id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp FROM uploads u JOIN media m ON m.id = u.media_id
    WHERE u.owner = ? AND m.full IN (SELECT value FROM json_each(?))
      AND (u.attached_at IS NULL OR m.id IN (SELECT rm.media_id FROM review_media rm JOIN reviews r ON r.id = rm.review_id WHERE r.user_id = ? AND r.${column} = ?))`)
    .all(owner, JSON.stringify(fullPaths), sameReview?.userId ?? null, sameReview?.listing.id ?? null) as (StoredImageFiles & { id: number })[];
  const byPath = new Map(rows.map((row) => [row.full, { ...row, id: Number(row.id) }]));
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
