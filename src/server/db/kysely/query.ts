/**
 * What the repositories written in the query layer share (decision 0012): the database type, the rule for a
 * live post, the columns of a location, and the few places where the two dialects differ, each written once
 * so that a repository reads the same on SQLite and PostgreSQL.
 */
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListingRef } from '../rows.ts';
import type { Tables } from '../tables.ts';

export type QueryDb = Kysely<Tables>;

/** True on PostgreSQL: for the few statements whose form differs (row locks that SQLite, with one writer, needs not). */
export function isPostgres(db: QueryDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * A post alias `p` that visitors may find: active and not past its expiry by the app's clock (expired ones keep
 * their page, with a note). Timestamps are ISO 8601 in UTC, so comparing them orders them on both backends.
 */
export function livePost(now: string): RawBuilder<boolean> {
  return sql<boolean>`(p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ${now}))`;
}

/**
 * A post alias `p` that waits for an operator's review (the lifecycle's `held`): a draft the checks held, or an ad they
 * held back while hidden (issue 64); not one refused.
 */
export const heldForReview = sql<boolean>`(p.held_reason IS NOT NULL AND p.held_reason <> 'refused' AND p.status IN ('draft', 'hidden'))`;

/**
 * A post alias `p` that names its company (probe finding 1): neither a confidential job nor a confidential hireme
 * post. Lists of a profile's posts leave confidential ones out, since the list itself names the company. As SQL text
 * too, for the repositories still written as SQL.
 */
export const NAMES_ITS_COMPANY_SQL = `(NOT EXISTS (SELECT 1 FROM job_details cj WHERE cj.post_id = p.id AND cj.company_confidential = true)
  AND NOT EXISTS (SELECT 1 FROM hireme_details ch WHERE ch.post_id = p.id AND ch.company_confidential = true))`;
export const namesItsCompany = sql<boolean>`${sql.raw(NAMES_ITS_COMPANY_SQL)}`;

/**
 * A row alias naming a post or a profile (a follow, a review, an enquiry, a conversation) about anything but business
 * `business` (an id, or an SQL expression of one) and its posts: what a person did beyond that business.
 */
export function notAboutBusiness(alias: string, business: number | RawBuilder<number>): RawBuilder<boolean> {
  return sql<boolean>`NOT (COALESCE(${sql.ref(`${alias}.profile_id`)}, 0) = ${business}
    OR EXISTS (SELECT 1 FROM posts bp WHERE bp.id = ${sql.ref(`${alias}.post_id`)} AND bp.profile_id = ${business}))`;
}

/**
 * A boolean column's false, as both dialects read it (SQLite stores 0/1 and reads `false` as 0). Typed as the
 * generated tables type a boolean column: 0/1.
 */
export const FALSE = sql<number>`false`;

/** A stored boolean as the seam's: SQLite answers 0/1, PostgreSQL true/false. */
export function flag(value: unknown): boolean {
  return value === 1 || value === 1n || value === true;
}

/** `flag` for a column that may be NULL (a detail row a post of another type has not). */
export function optionalFlag(value: unknown): boolean | null {
  return value === null || value === undefined ? null : flag(value);
}

/** A boolean to store: SQLite's driver binds no booleans, so 0/1, which PostgreSQL also reads as a boolean. */
export function stored(value: boolean): number {
  return value ? 1 : 0;
}

/** A count or sum as a number: `pg` answers 64-bit integers as strings. */
export function count(value: unknown): number {
  return value === null || value === undefined ? 0 : Number(value);
}

/** A JSON document as text: SQLite stores text, PostgreSQL's jsonb comes back parsed. */
export function jsonText(value: unknown): string | null {
  return value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
}

/** The columns of a LocationRow, for queries joining locations l, cities c and states s. */
export const LOCATION_COLUMNS = [
  'l.id', 'l.name', 'l.address_line1', 'l.address_line2', 'c.name as city_name', 'l.postcode', 's.name as state_name',
  'l.phone_number', 'l.company_phone_number', 'l.fax_number', 'l.email', 'l.latitude', 'l.longitude',
  'c.latitude as city_latitude', 'c.longitude as city_longitude',
] as const;

/** Escapes `%`, `_` and `\` for a LIKE pattern with `ESCAPE '\'`. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The column naming the listing a review or report is about. */
export function listingColumn(listing: ListingRef): 'post_id' | 'profile_id' {
  return listing.type === 'profile' ? 'profile_id' : 'post_id';
}
