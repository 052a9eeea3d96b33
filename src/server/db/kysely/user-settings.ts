/** Account settings (issue 13): profile and resume edits, photo and CV, and deleting an account, for every backend. */
import type { Updateable } from 'kysely';
import type { ProfileChanges, ResumeRow } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { deleteUserSessions } from './auth.ts';
import { stored, type QueryDb } from './query.ts';
import { attachDocument, attachImages } from './uploads.ts';

const USER_COLUMNS = ['name', 'email', 'phone_number', 'phone_number_country', 'locale'] as const;
const DETAIL_COLUMNS = ['gender', 'dob', 'address_line1', 'address_line2', 'postcode', 'city', 'state_id', 'country_id'] as const;

/** The given keys of `changes` (an absent key keeps its value; null clears it), as the changes to a table's row. */
function only<Row>(changes: ProfileChanges, keys: readonly (keyof ProfileChanges)[]): Updateable<Row> {
  return Object.fromEntries(keys.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key] ?? null])) as Updateable<Row>;
}

/** Writes the given fields only (an absent key keeps its value; null clears it). */
export async function updateProfile(db: QueryDb, userId: number, changes: ProfileChanges, now: string): Promise<void> {
  await db.updateTable('users').set({ ...only<Tables['users']>(changes, USER_COLUMNS), updated_at: now }).where('id', '=', userId).execute();
  const detail = only<Tables['user_details']>(changes, DETAIL_COLUMNS);
  if (Object.keys(detail).length > 0) await db.updateTable('user_details').set(detail).where('user_id', '=', userId).execute();
}

export async function updateResume(db: QueryDb, userId: number, resume: ResumeRow, now: string): Promise<void> {
  await db.updateTable('user_details').set({
    education: resume.education, experience: resume.experience, salary_type: resume.salary_type, salary: resume.salary,
    language: JSON.stringify(resume.language), additional_skill: resume.additional_skill,
  }).where('user_id', '=', userId).execute();
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
}

type MediaFiles = { thumbnail: string; full: string; thumbnail_webp: string | null; full_webp: string | null };
const mediaFiles = (row: MediaFiles | undefined) => (row ? [row.thumbnail, row.full, row.thumbnail_webp, row.full_webp].filter((file): file is string => file !== null) : []);

function findPhoto(db: QueryDb, userId: number) {
  return db.selectFrom('users as u').innerJoin('media as m', 'm.id', 'u.image_id')
    .select(['m.id', 'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp']).where('u.id', '=', userId).executeTakeFirst();
}

function findCv(db: QueryDb, userId: number) {
  return db.selectFrom('user_details as u').innerJoin('documents as d', 'd.id', 'u.cv_document_id')
    .select(['d.id', 'd.file']).where('u.user_id', '=', userId).executeTakeFirst();
}

/** Makes an uploaded image the user's photo; the old photo's row goes, and its files are returned for deletion. */
export async function setPhoto(db: QueryDb, userId: number, mediaId: number, now: string): Promise<string[]> {
  const old = await findPhoto(db, userId);
  await db.updateTable('users').set({ image_id: mediaId, updated_at: now }).where('id', '=', userId).execute();
  await attachImages(db, [mediaId], now);
  if (!old || old.id === mediaId) return [];
  await db.deleteFrom('media').where('id', '=', old.id).execute();
  return mediaFiles(old);
}

/** Makes an uploaded document the user's CV; the old CV's row goes, and its file is returned for deletion. */
export async function setCv(db: QueryDb, userId: number, documentId: number, now: string): Promise<string[]> {
  const old = await findCv(db, userId);
  await db.updateTable('user_details').set({ cv_document_id: documentId }).where('user_id', '=', userId).execute();
  await attachDocument(db, documentId, now);
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
  if (!old || old.id === documentId) return [];
  await db.deleteFrom('documents').where('id', '=', old.id).execute();
  return [old.file];
}

/** Marks (or, with null, unmarks) an account for deletion; marking ends every other session. */
export async function setPendingDelete(db: QueryDb, userId: number, keepSessionId: string | null, requestedAt: string | null, now: string): Promise<void> {
  await db.updateTable('users').set({ pending_delete: stored(requestedAt !== null), pending_delete_at: requestedAt, updated_at: now })
    .where('id', '=', userId).execute();
  if (requestedAt !== null) await deleteUserSessions(db, userId, keepSessionId);
}

export async function findUsersToDelete(db: QueryDb, requestedBefore: string): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('pending_delete', '=', stored(true)).where('pending_delete_at', '<', requestedBefore)
    .orderBy('id').limit(100).execute();
  return rows.map((row) => row.id);
}

/** Keeps a user's reviews as 'Former member' (other people read them and the ratings count them). */
export async function anonymiseReviewsBy(db: QueryDb, userId: number): Promise<void> {
  await db.updateTable('reviews').set({ user_id: null, reviewer_name: 'Former member', reviewer_image_id: null }).where('user_id', '=', userId).execute();
}

/** The sign-in log keeps its lines without whom they were about; the user's codes (by id or address) go. */
export async function forgetSignIns(db: QueryDb, userId: number, addresses: readonly string[]): Promise<void> {
  const list = addresses.length > 0 ? [...addresses] : [''];
  await db.updateTable('auth_attempts').set({ user_id: null, identifier: null })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('identifier', 'in', list)])).execute();
  await db.deleteFrom('verification_codes').where((eb) => eb.or([eb('user_id', '=', userId), eb('address', 'in', list)])).execute();
}

/**
 * Deletes the account (decision 0006) with its details, roles, identities and sessions, and its photo and CV rows;
 * returns their files, to delete once the transaction has committed.
 */
export async function deleteUser(db: QueryDb, userId: number): Promise<string[]> {
  const photo = await findPhoto(db, userId);
  const cv = await findCv(db, userId);
  await db.deleteFrom('users').where('id', '=', userId).execute();
  if (photo) await db.deleteFrom('media').where('id', '=', photo.id).execute();
  if (cv) await db.deleteFrom('documents').where('id', '=', cv.id).execute();
  return [...mediaFiles(photo), ...(cv ? [cv.file] : [])];
}
