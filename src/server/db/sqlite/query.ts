import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Db } from './connection.ts';

/**
 * Prepared statements kept per connection. Bounded (least recently used out) so no caller can grow
 * it without limit; SQL texts carry only closed-set literals, values are bound.
 */
export const STATEMENT_CACHE_SIZE = 500;

const cache = new WeakMap<Db, Map<string, StatementSync>>();

/** A prepared statement for `text`, prepared once per database handle and kept while recently used. */
export function statement(db: Db, text: string): StatementSync {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(text);
  if (prepared) {
    statements.delete(text);
  } else {
    prepared = db.prepare(text);
    if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
  }
  statements.set(text, prepared);
  return prepared;
}

/** How many statements are cached for this handle (tests watch it stay bounded). */
export function cachedStatementCount(db: Db): number {
  return cache.get(db)?.size ?? 0;
}

/** All rows of a query, typed by the caller's row interface (columns are named in the SQL). */
export function all<Row>(db: Db, text: string, ...params: SQLInputValue[]): Row[] {
  return statement(db, text).all(...params) as Row[];
}

/** The first row of a query, or undefined. */
export function one<Row>(db: Db, text: string, ...params: SQLInputValue[]): Row | undefined {
  return statement(db, text).get(...params) as Row | undefined;
}

/** Binds a list of ids as one JSON parameter, for `IN (SELECT value FROM json_each(?))`. */
export function idList(ids: readonly number[]): string {
  return JSON.stringify(ids);
}

/** Orders paying advertisers first: GOLD > SILVER > BRONZE > FREE. */
export const PLAN_WEIGHT_SQL = `CASE plan WHEN 'GOLD' THEN 3 WHEN 'SILVER' THEN 2 WHEN 'BRONZE' THEN 1 ELSE 0 END`;

/** The columns of a LocationRow, for queries joining locations l, cities c and states s. */
export const LOCATION_COLUMNS = `l.id, l.name, l.address_line1, l.address_line2, c.name AS city_name, l.postcode,
  s.name AS state_name, l.phone_number, l.company_phone_number, l.fax_number, l.email, l.latitude, l.longitude`;

/**
 * The current instant by the app's clock (connection.ts registers `app_now`), in the format timestamps are
 * stored in (ISO 8601, UTC), so text comparison orders them.
 */
export const NOW_SQL = 'app_now()';

/** A post alias `p` that visitors may find: active and not past its expiry (expired ones keep their page, with a note). */
export const LIVE_POST_SQL = `(p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ${NOW_SQL}))`;

/** SQLite's 0/1 (or NULL) as the seam's boolean (or null): rows cross the seam with real booleans. */
export function flag(value: unknown): boolean {
  return value === 1 || value === 1n || value === true;
}

/** `flag` for a column that may be NULL (a detail row a post of another type has not). */
export function optionalFlag(value: unknown): boolean | null {
  return value === null || value === undefined ? null : flag(value);
}
