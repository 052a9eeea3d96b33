/** SQL of users, their roles, details and social identities (migration 0007). */
import type { CredentialsRow, NewUser, SocialProvider, UserRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { NOW_SQL, one, statement } from '../query.ts';

type Flat = Record<string, string | number | null>;

export function findUser(db: Db, id: number): UserRow | undefined {
  const row = one<Flat>(db, `SELECT u.id, u.name, u.email, u.phone_number, u.phone_number_country, u.pending_delete,
      u.password_hash IS NOT NULL AS has_password, u.created_at, u.updated_at,
      m.thumbnail, m.full, m.thumbnail_webp, m.full_webp,
      (SELECT json_group_array(role) FROM (SELECT role FROM user_roles WHERE user_id = u.id ORDER BY role)) AS roles,
      d.gender, d.dob, d.address_line1, d.address_line2, d.postcode, d.city, d.state_id, s.name AS state, d.country_id,
      c.name AS country, d.language, d.education, d.experience, d.additional_skill, d.salary, d.salary_type,
      cv.id AS cv_id, cv.file AS cv_file, cv.original_filename AS cv_name, cv.mime_type AS cv_type
    FROM users u
    LEFT JOIN media m ON m.id = u.image_id
    LEFT JOIN user_details d ON d.user_id = u.id
    LEFT JOIN states s ON s.id = d.state_id
    LEFT JOIN countries c ON c.id = d.country_id
    LEFT JOIN documents cv ON cv.id = d.cv_document_id
    WHERE u.id = ?`, id);
  if (!row) return undefined;
  const text = (key: string) => (row[key] === null ? null : String(row[key]));
  const number = (key: string) => (row[key] === null ? null : Number(row[key]));
  return {
    id: Number(row.id),
    name: String(row.name),
    email: text('email'),
    phone_number: text('phone_number'),
    phone_number_country: text('phone_number_country'),
    image: row.thumbnail === null ? null : {
      thumbnail: String(row.thumbnail), full: String(row.full), thumbnail_webp: text('thumbnail_webp'), full_webp: text('full_webp'),
    },
    pending_delete: row.pending_delete === 1,
    roles: JSON.parse(String(row.roles)) as string[],
    has_password: row.has_password === 1,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
    detail: {
      gender: text('gender') as 'm' | 'f' | null,
      dob: text('dob'),
      address_line1: text('address_line1'),
      address_line2: text('address_line2'),
      postcode: text('postcode'),
      city: text('city'),
      state_id: number('state_id'),
      state: text('state'),
      country_id: number('country_id'),
      country: text('country'),
      language: row.language === null ? [] : JSON.parse(String(row.language)) as string[],
      education: text('education'),
      experience: number('experience'),
      additional_skill: text('additional_skill'),
      cv: row.cv_id === null ? null : { id: Number(row.cv_id), file: String(row.cv_file), original_filename: String(row.cv_name), mime_type: String(row.cv_type) },
      salary: number('salary'),
      salary_type: (text('salary_type') ?? 'month') as 'month' | 'year',
    },
  };
}

export function findCredentials(db: Db, by: { email: string } | { phone_number: string }): CredentialsRow | undefined {
  const [column, value] = 'email' in by ? ['email', by.email] : ['phone_number', by.phone_number];
  return one<CredentialsRow>(db, `SELECT id, password_hash, email, phone_number, phone_number_country FROM users WHERE ${column} = ?`, value);
}

export function createUser(db: Db, user: NewUser): number {
  const id = Number(statement(db, `INSERT INTO users (name, email, phone_number, phone_number_country, password_hash, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ${NOW_SQL}, ${NOW_SQL}) RETURNING id`)
    .get(user.name, user.email, user.phone_number, user.phone_number_country, user.password_hash)!.id);
  statement(db, 'INSERT INTO user_details (user_id) VALUES (?)').run(id);
  if (user.identity) linkIdentity(db, id, user.identity);
  return id;
}

export function setPassword(db: Db, userId: number, passwordHash: string, keepSessionId: string | null): void {
  statement(db, `UPDATE users SET password_hash = ?, updated_at = ${NOW_SQL} WHERE id = ?`).run(passwordHash, userId);
  statement(db, 'DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, keepSessionId);
  statement(db, 'DELETE FROM login_challenges WHERE user_id = ?').run(userId);
}

export function addRole(db: Db, userId: number, role: string, phone?: { phone_number: string; phone_number_country: string }): void {
  statement(db, `INSERT OR IGNORE INTO user_roles (user_id, role, created_at) VALUES (?, ?, ${NOW_SQL})`).run(userId, role);
  if (phone) {
    statement(db, `UPDATE users SET phone_number = ?, phone_number_country = ?, updated_at = ${NOW_SQL} WHERE id = ?`)
      .run(phone.phone_number, phone.phone_number_country, userId);
  } else {
    statement(db, `UPDATE users SET updated_at = ${NOW_SQL} WHERE id = ?`).run(userId);
  }
}

export function removeRole(db: Db, userId: number, role: string): void {
  statement(db, 'DELETE FROM user_roles WHERE user_id = ? AND role = ?').run(userId, role);
  statement(db, `UPDATE users SET updated_at = ${NOW_SQL} WHERE id = ?`).run(userId);
}

export function findIdentity(db: Db, provider: SocialProvider, subject: string): number | undefined {
  const row = one<{ user_id: number }>(db, 'SELECT user_id FROM oauth_identities WHERE provider = ? AND subject = ?', provider, subject);
  return row?.user_id;
}

export function linkIdentity(db: Db, userId: number, identity: { provider: SocialProvider; subject: string; email: string | null }): void {
  statement(db, `INSERT INTO oauth_identities (provider, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ${NOW_SQL})`)
    .run(identity.provider, identity.subject, userId, identity.email);
}
