/** Users, their roles, details and social identities (migration 0007), for every backend. */
import type { CredentialsRow, NewUser, SocialProvider, UserRow } from '../rows.ts';
import { deleteUserSessions } from './auth.ts';
import { flag, isPostgres, jsonText, type QueryDb } from './query.ts';
import { isLocale } from '../../../shared/locale.ts';

/** The names of these accounts, by id (an account since deleted is absent). */
export async function findNames(db: QueryDb, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/** Locks an account's row to the transaction (PostgreSQL; SQLite's one writer serialises transactions already). */
export async function lockUser(db: QueryDb, id: number): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
}

export async function findUser(db: QueryDb, id: number): Promise<UserRow | undefined> {
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
}

export async function findCredentials(db: QueryDb, by: { email: string } | { phone_number: string }): Promise<CredentialsRow | undefined> {
  const query = db.selectFrom('users').select(['id', 'password_hash', 'email', 'phone_number', 'phone_number_country', 'locale']);
  const row = await ('email' in by ? query.where('email', '=', by.email).executeTakeFirst() : query.where('phone_number', '=', by.phone_number).executeTakeFirst());
  return row && { ...row, locale: isLocale(row.locale) ? row.locale : 'en' };
}

export async function createUser(db: QueryDb, user: NewUser, now: string): Promise<number> {
  const { id } = await db.insertInto('users').values({
    name: user.name, email: user.email, phone_number: user.phone_number, phone_number_country: user.phone_number_country,
    password_hash: user.password_hash, locale: user.locale ?? 'en', created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_details').values({ user_id: id }).execute();
  if (user.identity) await linkIdentity(db, id, user.identity, now);
  return id;
}

export async function setPassword(db: QueryDb, userId: number, passwordHash: string, keepSessionId: string | null, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
  await deleteUserSessions(db, userId, keepSessionId);
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

export async function addRole(db: QueryDb, userId: number, role: string, phone: { phone_number: string; phone_number_country: string } | undefined, now: string): Promise<void> {
  await db.insertInto('user_roles').values({ user_id: userId, role, created_at: now }).onConflict((conflict) => conflict.doNothing()).execute();
  const number = phone && { phone_number: phone.phone_number, phone_number_country: phone.phone_number_country };
  await db.updateTable('users').set({ ...number, updated_at: now }).where('id', '=', userId).execute();
}

export async function removeRole(db: QueryDb, userId: number, role: string, now: string): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', '=', role).execute();
  await db.updateTable('users').set({ updated_at: now }).where('id', '=', userId).execute();
}

export async function findIdentity(db: QueryDb, provider: SocialProvider, subject: string): Promise<number | undefined> {
  return (await db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst())?.user_id;
}

export async function linkIdentity(db: QueryDb, userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }, now: string): Promise<void> {
  await db.insertInto('oauth_identities').values({ provider: identity.provider, subject: identity.subject, user_id: userId, email: identity.email, created_at: now }).execute();
}
