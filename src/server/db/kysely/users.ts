/** Users, their roles, details and social identities (migration 0007), and their settings: profile and resume edits, photo and CV, deleting an account (issue 13), for every backend. */
import type { Updateable } from 'kysely';
import { isLocale } from '../../../shared/locale.ts';
import type { UserRepository } from '../repositories.ts';
import type { CredentialsRow, NewUser, ProfileChanges, ResumeRow, SocialProvider, UserRow } from '../rows.ts';
import type { Tables } from '../tables.ts';
import { deleteUserSessions } from './auth.ts';
import { QueryRepository } from './query-access.ts';
import { flag, isPostgres, jsonText, stored, type QueryDb } from './query.ts';
import { attachDocument, attachImages } from './uploads.ts';

const USER_COLUMNS = ['name', 'email', 'phone_number', 'phone_number_country', 'locale'] as const;
const DETAIL_COLUMNS = ['gender', 'dob', 'address_line1', 'address_line2', 'postcode', 'city', 'state_id', 'country_id'] as const;

/** The given keys of `changes` (an absent key keeps its value; null clears it), as the changes to a table's row. */
function only<Row>(changes: ProfileChanges, keys: readonly (keyof ProfileChanges)[]): Updateable<Row> {
  return Object.fromEntries(keys.filter((key) => changes[key] !== undefined).map((key) => [key, changes[key] ?? null])) as Updateable<Row>;
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

async function linkIdentity(db: QueryDb, userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }, now: string): Promise<void> {
  await db.insertInto('oauth_identities').values({ provider: identity.provider, subject: identity.subject, user_id: userId, email: identity.email, created_at: now }).execute();
}

export class KyselyUserRepository extends QueryRepository implements UserRepository {
  findUser(id: number): Promise<UserRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('users as u')
        .leftJoin('media as m', 'm.id', 'u.image_id')
        .leftJoin('user_details as d', 'd.user_id', 'u.id')
        .leftJoin('states as s', 's.id', 'd.state_id')
        .leftJoin('countries as c', 'c.id', 'd.country_id')
        .leftJoin('documents as cv', 'cv.id', 'd.cv_document_id')
        .select([
          'u.id', 'u.name', 'u.email', 'u.phone_number', 'u.phone_number_country', 'u.locale', 'u.pending_delete', 'u.password_hash', 'u.created_at', 'u.updated_at',
          'm.thumbnail', 'm.full', 'm.thumbnail_webp', 'm.full_webp',
          'd.gender', 'd.dob', 'd.address_line1', 'd.address_line2', 'd.postcode', 'd.city', 'd.state_id', 's.name as state', 'd.country_id',
          'c.name as country', 'd.language', 'd.education', 'd.experience', 'd.additional_skill', 'd.salary', 'd.salary_type',
          'cv.id as cv_id', 'cv.file as cv_file', 'cv.original_filename as cv_name', 'cv.mime_type as cv_type',
        ])
        .where('u.id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', id).orderBy('role').execute();
      const language = jsonText(row.language);
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        phone_number: row.phone_number,
        phone_number_country: row.phone_number_country,
        locale: isLocale(row.locale) ? row.locale : 'en',
        image: row.thumbnail === null ? null : { thumbnail: row.thumbnail, full: row.full!, thumbnail_webp: row.thumbnail_webp, full_webp: row.full_webp },
        pending_delete: flag(row.pending_delete),
        roles: roles.map((role) => role.role),
        has_password: row.password_hash !== null,
        created_at: row.created_at,
        updated_at: row.updated_at,
        detail: {
          gender: row.gender as 'm' | 'f' | null,
          dob: row.dob,
          address_line1: row.address_line1,
          address_line2: row.address_line2,
          postcode: row.postcode,
          city: row.city,
          state_id: row.state_id,
          state: row.state,
          country_id: row.country_id,
          country: row.country,
          language: language === null ? [] : JSON.parse(language) as string[],
          education: row.education,
          experience: row.experience,
          additional_skill: row.additional_skill,
          cv: row.cv_id === null ? null : { id: row.cv_id, file: row.cv_file!, original_filename: row.cv_name!, mime_type: row.cv_type! },
          salary: row.salary,
          salary_type: (row.salary_type ?? 'month') as 'month' | 'year',
        },
      };
    });
  }

  /** Locks an account's row to the transaction (PostgreSQL; SQLite's one writer serialises transactions already). */
  lockUser(id: number): Promise<void> {
    return this.read(async (db) => {
      if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
    });
  }

  /** The names of these accounts, by id (an account since deleted is absent). */
  findNames(ids: readonly number[]): Promise<Map<number, string>> {
    return this.read(async (db) => {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
      return new Map(rows.map((row) => [Number(row.id), row.name]));
    });
  }

  findCredentials(by: { email: string } | { phone_number: string }): Promise<CredentialsRow | undefined> {
    return this.read(async (db) => {
      const query = db.selectFrom('users').select(['id', 'password_hash', 'email', 'phone_number', 'phone_number_country', 'locale']);
      const row = await ('email' in by ? query.where('email', '=', by.email).executeTakeFirst() : query.where('phone_number', '=', by.phone_number).executeTakeFirst());
      return row && { ...row, locale: isLocale(row.locale) ? row.locale : 'en' };
    });
  }

  createUser(user: NewUser): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('users').values({
        name: user.name, email: user.email, phone_number: user.phone_number, phone_number_country: user.phone_number_country,
        password_hash: user.password_hash, locale: user.locale ?? 'en', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('user_details').values({ user_id: id }).execute();
      if (user.identity) await linkIdentity(db, id, user.identity, now);
      return id;
    });
  }

  setPassword(userId: number, passwordHash: string, keepSessionId: string | null): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      await deleteUserSessions(db, userId, keepSessionId);
      await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
    });
  }

  addRole(userId: number, role: string, phone: { phone_number: string; phone_number_country: string } | undefined): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('user_roles').values({ user_id: userId, role, created_at: now }).onConflict((conflict) => conflict.doNothing()).execute();
      const number = phone && { phone_number: phone.phone_number, phone_number_country: phone.phone_number_country };
      await db.updateTable('users').set({ ...number, updated_at: now }).where('id', '=', userId).execute();
    });
  }

  removeRole(userId: number, role: string): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
      await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
    });
  }

  findIdentity(provider: SocialProvider, subject: string): Promise<number | undefined> {
    return this.read(async (db) => (await db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id);
  }

  linkIdentity(userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }): Promise<void> {
    return this.write((db) => linkIdentity(db, userId, identity, this.now));
  }

  /** Writes the given fields only (an absent key keeps its value; null clears it). */
  updateProfile(userId: number, changes: ProfileChanges): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('users').set({ ...only<Tables['users']>(changes, USER_COLUMNS), updated_at: now }).where('id', '=', userId).execute();
      const detail = only<Tables['user_details']>(changes, DETAIL_COLUMNS);
      if (Object.keys(detail).length > 0) await db.updateTable('user_details').set(detail).where('user_id', '=', userId).execute();
    });
  }

  updateResume(userId: number, resume: ResumeRow): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('user_details').set({
        education: resume.education, experience: resume.experience, salary_type: resume.salary_type, salary: resume.salary,
        language: JSON.stringify(resume.language), additional_skill: resume.additional_skill,
      }).where('user_id', '=', userId).execute();
      await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
    });
  }

  /** Makes an uploaded image the user's photo; the old photo's row goes, and its files are returned for deletion. */
  setPhoto(userId: number, mediaId: number): Promise<string[]> {
    const now = this.now;
    return this.write(async (db) => {
      const old = await findPhoto(db, userId);
      await db.updateTable('users').set({ image_id: mediaId, updated_at: now }).where('id', '=', userId).execute();
      await attachImages(db, [mediaId], now);
      if (!old || old.id === mediaId) return [];
      await db.deleteFrom('media').where('id', '=', old.id).execute();
      return mediaFiles(old);
    });
  }

  /** Makes an uploaded document the user's CV; the old CV's row goes, and its file is returned for deletion. */
  setCv(userId: number, documentId: number): Promise<string[]> {
    const now = this.now;
    return this.write(async (db) => {
      const old = await findCv(db, userId);
      await db.updateTable('user_details').set({ cv_document_id: documentId }).where('user_id', '=', userId).execute();
      await attachDocument(db, documentId, now);
      await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
      if (!old || old.id === documentId) return [];
      await db.deleteFrom('documents').where('id', '=', old.id).execute();
      return [old.file];
    });
  }

  /** Marks (or, with null, unmarks) an account for deletion; marking ends every other session. */
  setPendingDelete(userId: number, keepSessionId: string | null, requestedAt: string | null): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('users').set({ pending_delete: stored(requestedAt !== null), pending_delete_at: requestedAt, updated_at: now })
        .where('id', '=', userId).execute();
      if (requestedAt !== null) await deleteUserSessions(db, userId, keepSessionId);
    });
  }

  findUsersToDelete(requestedBefore: string): Promise<number[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('users').select('id').where('pending_delete', '=', stored(true)).where('pending_delete_at', '<', requestedBefore)
        .orderBy('id').limit(100).execute();
      return rows.map((row) => row.id);
    });
  }

  /**
   * Deletes the account (decision 0006) with its details, roles, identities and sessions, and its photo and CV rows;
   * returns their files, to delete once the transaction has committed.
   */
  deleteUser(userId: number): Promise<string[]> {
    return this.write(async (db) => {
      const photo = await findPhoto(db, userId);
      const cv = await findCv(db, userId);
      await db.deleteFrom('users').where('id', '=', userId).execute();
      if (photo) await db.deleteFrom('media').where('id', '=', photo.id).execute();
      if (cv) await db.deleteFrom('documents').where('id', '=', cv.id).execute();
      return [...mediaFiles(photo), ...(cv ? [cv.file] : [])];
    });
  }

  /** Keeps a user's reviews as 'Former member' (other people read them and the ratings count them). */
  anonymiseReviewsBy(userId: number): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('reviews').set({ user_id: null, reviewer_name: 'Former member', reviewer_image_id: null }).where('user_id', '=', userId).execute();
    });
  }
}
