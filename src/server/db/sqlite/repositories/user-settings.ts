/** SQL of account settings (issue 13): profile and resume edits, photo and CV, and deleting an account. */
import type { ProfileChanges, ResumeRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, one, statement } from '../query.ts';
import { attachDocument, attachImages } from './uploads.ts';

const USER_COLUMNS = ['name', 'email', 'phone_number', 'phone_number_country'] as const;
const DETAIL_COLUMNS = ['gender', 'dob', 'address_line1', 'address_line2', 'postcode', 'city', 'state_id', 'country_id'] as const;

/** Writes the given fields only (an absent key keeps its value; null clears it). */
export function updateProfile(db: Db, userId: number, changes: ProfileChanges): void {
  const user = USER_COLUMNS.filter((column) => changes[column] !== undefined);
  statement(db, `UPDATE users SET ${[...user.map((column) => `${column} = ?`), `updated_at = ${NOW_SQL}`].join(', ')} WHERE id = ?`)
    .run(...user.map((column) => changes[column] ?? null), userId);
  const detail = DETAIL_COLUMNS.filter((column) => changes[column] !== undefined);
  if (detail.length > 0) {
    statement(db, `UPDATE user_details SET ${detail.map((column) => `${column} = ?`).join(', ')} WHERE user_id = ?`)
      .run(...detail.map((column) => changes[column] ?? null), userId);
  }
}

export function updateResume(db: Db, userId: number, resume: ResumeRow): void {
  statement(db, `UPDATE user_details SET education = ?, experience = ?, salary_type = ?, salary = ?, language = ?, additional_skill = ?
    WHERE user_id = ?`).run(resume.education, resume.experience, resume.salary_type, resume.salary, JSON.stringify(resume.language),
    resume.additional_skill, userId);
  statement(db, `UPDATE users SET updated_at = ${NOW_SQL} WHERE id = ?`).run(userId);
}

type MediaFiles = { thumbnail: string; full: string; thumbnail_webp: string | null; full_webp: string | null };
const mediaFiles = (row: MediaFiles | undefined) => (row ? [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp].filter((file): file is string => file !== null) : []);

/** Makes an uploaded image the user's photo; the old photo's row goes, and its files are returned for deletion. */
export function setPhoto(db: Db, userId: number, mediaId: number): string[] {
  const old = one<MediaFiles & { id: number }>(db, `SELECT m.id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp
    FROM users u JOIN media m ON m.id = u.image_id WHERE u.id = ?`, userId);
  statement(db, `UPDATE users SET image_id = ?, updated_at = ${NOW_SQL} WHERE id = ?`).run(mediaId, userId);
  attachImages(db, [mediaId]);
  if (old && old.id !== mediaId) statement(db, 'DELETE FROM media WHERE id = ?').run(old.id);
  return old && old.id !== mediaId ? mediaFiles(old) : [];
}

/** Makes an uploaded document the user's CV; the old CV's row goes, and its file is returned for deletion. */
export function setCv(db: Db, userId: number, documentId: number): string[] {
  const old = one<{ id: number; file: string }>(db, `SELECT d.id, d.file FROM user_details u JOIN documents d ON d.id = u.cv_document_id
    WHERE u.user_id = ?`, userId);
  statement(db, 'UPDATE user_details SET cv_document_id = ? WHERE user_id = ?').run(documentId, userId);
  attachDocument(db, documentId);
  statement(db, `UPDATE users SET updated_at = ${NOW_SQL} WHERE id = ?`).run(userId);
  if (old && old.id !== documentId) statement(db, 'DELETE FROM documents WHERE id = ?').run(old.id);
  return old && old.id !== documentId ? [old.file] : [];
}

/** Marks (or, with null, unmarks) an account for deletion; marking ends every other session. */
export function setPendingDelete(db: Db, userId: number, keepSessionId: string | null, requestedAt: string | null): void {
  statement(db, `UPDATE users SET pending_delete = ?, pending_delete_at = ?, updated_at = ${NOW_SQL} WHERE id = ?`)
    .run(requestedAt === null ? 0 : 1, requestedAt, userId);
  if (requestedAt !== null) statement(db, 'DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, keepSessionId);
}

export function findUsersToDelete(db: Db, requestedBefore: string): number[] {
  return (statement(db, 'SELECT id FROM users WHERE pending_delete = 1 AND pending_delete_at < ? ORDER BY id LIMIT 100').all(requestedBefore) as { id: number }[])
    .map((row) => row.id);
}

/** Keeps a user's reviews as 'Former member' (other people read them and the ratings count them). */
export function anonymiseReviewsBy(db: Db, userId: number): void {
  statement(db, "UPDATE reviews SET user_id = NULL, reviewer_name = 'Former member', reviewer_image_id = NULL WHERE user_id = ?").run(userId);
}

/** The sign-in log keeps its lines without whom they were about; the user's codes (by id or address) go. */
export function forgetSignIns(db: Db, userId: number, addresses: readonly string[]): void {
  const [first = '', second = ''] = addresses;
  statement(db, 'UPDATE auth_attempts SET user_id = NULL, identifier = NULL WHERE user_id = ? OR identifier IN (?, ?)').run(userId, first, second);
  statement(db, 'DELETE FROM verification_codes WHERE user_id = ? OR address IN (?, ?)').run(userId, first, second);
}

/**
 * Deletes the account (decision 0006) with its details, roles, identities and sessions, and its photo and CV rows;
 * returns their files, to delete once the transaction has committed.
 */
export function deleteUser(db: Db, userId: number): string[] {
  const photo = one<MediaFiles & { id: number }>(db, `SELECT m.id, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp
    FROM users u JOIN media m ON m.id = u.image_id WHERE u.id = ?`, userId);
  const cv = one<{ id: number; file: string }>(db, 'SELECT d.id, d.file FROM user_details u JOIN documents d ON d.id = u.cv_document_id WHERE u.user_id = ?', userId);
  statement(db, 'DELETE FROM users WHERE id = ?').run(userId);
  if (photo) statement(db, 'DELETE FROM media WHERE id = ?').run(photo.id);
  if (cv) statement(db, 'DELETE FROM documents WHERE id = ?').run(cv.id);
  return [...mediaFiles(photo), ...(cv ? [cv.file] : [])];
}
