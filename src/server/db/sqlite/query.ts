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

/**
 * The current instant by the app's clock (connection.ts registers `app_now`), in the format timestamps are
 * stored in (ISO 8601, UTC), so text comparison orders them.
 */
export const NOW_SQL = 'app_now()';

/** A post alias `p` that visitors may find: active and not past its expiry (expired ones keep their page, with a note). */
export const LIVE_POST_SQL = `(p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ${NOW_SQL}))`;
