import type { SQLInputValue, StatementSync } from 'node:sqlite';
import type { Db } from './connection.ts';

const cache = new WeakMap<Db, Map<string, StatementSync>>();

/** A prepared statement for `text`, prepared once per database handle. */
export function statement(db: Db, text: string): StatementSync {
  let statements = cache.get(db);
  if (!statements) cache.set(db, (statements = new Map()));
  let prepared = statements.get(text);
  if (!prepared) statements.set(text, (prepared = db.prepare(text)));
  return prepared;
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
