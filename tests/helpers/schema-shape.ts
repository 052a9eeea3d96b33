/**
 * The shape of a migrated schema, read from the database's own catalogue, in one form for both backends (issue 39's
 * parity test): tables, columns with a type family and nullability, and indexes by the columns they cover, whether
 * they are unique and whether they are partial. Names of indexes are left out: SQLite names a table's UNIQUE
 * constraint `sqlite_autoindex_…`, PostgreSQL `…_key`.
 */
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../src/server/db/tables.ts';

/** What a column holds, as both backends can agree on it. */
type TypeFamily = 'integer' | 'real' | 'text' | 'blob';

export interface SchemaShape {
  /** table → column → "family, null|not null". */
  columns: Record<string, Record<string, string>>;
  /** "table(columns) unique? partial?", sorted. */
  indexes: string[];
  /** "table(columns) → table(columns) on delete RULE", sorted. */
  foreignKeys: string[];
  /** table → column → its default as both spell it (literals unquoted and uncast, booleans as 0 and 1), for columns with one. */
  defaults: Record<string, Record<string, string>>;
  /** "table: condition" of each CHECK constraint, in one spelling (normalCheck), sorted. */
  checks: string[];
  /** "table: trigger name (timing event)", sorted. */
  triggers: string[];
}

/** The CHECK clauses of a CREATE TABLE statement, as written (SQLite keeps the statement; its catalogue has no list). */
function checkClauses(create: string): string[] {
  const found: string[] = [];
  const pattern = /\bCHECK\s*\(/gi;
  for (let match = pattern.exec(create); match; match = pattern.exec(create)) {
    let depth = 1;
    let at = match.index + match[0].length;
    let quoted = false;
    for (; at < create.length && depth > 0; at += 1) {
      const char = create[at];
      if (char === "'") quoted = !quoted;
      else if (!quoted && char === '(') depth += 1;
      else if (!quoted && char === ')') depth -= 1;
    }
    found.push(create.slice(match.index + match[0].length, at - 1));
  }
  return found;
}

/**
 * A CHECK condition in one spelling: PostgreSQL's `x = ANY (ARRAY['a'::text, …])` as `x in ('a', …)` (one value as
 * `x = 'a'`), `between` as the two comparisons PostgreSQL writes back, casts, the parentheses either adds and letter
 * case gone, `<>` as `!=`, spaces collapsed.
 */
function normalCheck(condition: string): string {
  let text = condition.replace(/\s+/g, ' ').trim();
  text = text.replace(/\(?ARRAY\[([^\]]*)\]\)?/gi, '($1)').replace(/= ANY \(\(([^)]*)\)\)/gi, 'IN ($1)').replace(/= ANY \(([^)]*)\)/gi, 'IN ($1)');
  text = text.replace(/::[a-z]+( precision| varying| with(out)? time zone)?(\[\])?/gi, '');
  // One value in a list is an equality.
  text = text.replace(/\bIN \(('(?:[^']|'')*'|\d+)\)/gi, '= $1');
  text = text.replace(/<>/g, '!=').replace(/[()]/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  // `x between a and b` as PostgreSQL writes it back: `x >= a and x <= b`.
  return text.replace(/((?:length )?[\w.]+) between (\S+) and (\S+)/g, '$1 >= $2 and $1 <= $3');
}

/** A column default in one spelling: a literal without its quotes and casts, a boolean as 0 or 1; an expression as written. */
function normalDefault(written: string): string {
  let text = written.trim();
  while (text.startsWith('(') && text.endsWith(')')) text = text.slice(1, -1).trim();
  text = text.replace(/::[a-z ]+(\[\])?$/i, '');
  if (/^'.*'$/s.test(text)) text = text.slice(1, -1).replace(/''/g, "'");
  if (/^true$/i.test(text)) return '1';
  if (/^false$/i.test(text)) return '0';
  return text;
}

/** SQLite's declared types by affinity (its rules, section 3.1 of its datatype page). */
function sqliteFamily(declared: string): TypeFamily {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'integer';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'text';
  if (type === '' || type.includes('BLOB')) return 'blob';
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'real';
  return 'real';
}

/**
 * PostgreSQL's types in the families SQLite stores them as: booleans are 0 and 1 there, timestamps, dates, JSON and
 * search vectors are text.
 */
const PG_FAMILIES: Record<string, TypeFamily> = {
  smallint: 'integer', integer: 'integer', bigint: 'integer', boolean: 'integer',
  real: 'real', 'double precision': 'real', numeric: 'real',
  text: 'text', 'character varying': 'text', character: 'text', 'timestamp with time zone': 'text', 'timestamp without time zone': 'text', date: 'text',
  jsonb: 'text', json: 'text', uuid: 'text', tsvector: 'text',
  bytea: 'blob',
};

const foreignKey = (table: string, from: readonly string[], target: string, to: readonly string[], onDelete: string) =>
  `${table}(${from.join(', ')}) → ${target}(${to.join(', ')}) on delete ${onDelete.toLowerCase()}`;

const index = (table: string, columns: readonly string[], unique: boolean, partial: boolean) =>
  `${table}(${columns.join(', ')})${unique ? ' unique' : ''}${partial ? ' partial' : ''}`;

export async function sqliteShape(db: Kysely<Tables>, leaveOut: (table: string) => boolean): Promise<SchemaShape> {
  const created = (await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db)).rows
    .filter((row) => !leaveOut(row.name));
  const tables = created.map((row) => row.name);
  const shape: SchemaShape = { columns: {}, indexes: [], foreignKeys: [], defaults: {}, checks: [], triggers: [] };
  for (const table of tables) {
    const columns = (await sql<{ name: string; type: string; notnull: number; pk: number }>`SELECT name, type, "notnull", pk FROM pragma_table_info(${table})`.execute(db)).rows;
    const integerKey = columns.filter((column) => column.pk > 0).length === 1 ? columns.find((column) => column.pk > 0 && /^INTEGER$/i.test(column.type))?.name : undefined;
    const written = (await sql<{ name: string; dflt_value: string | null }>`SELECT name, dflt_value FROM pragma_table_info(${table})`.execute(db)).rows;
    const defaults = Object.fromEntries(written.filter((column) => column.dflt_value !== null).map((column) => [column.name, normalDefault(column.dflt_value!)]));
    if (Object.keys(defaults).length > 0) shape.defaults[table] = defaults;
    shape.columns[table] = Object.fromEntries(columns.map((column) => [column.name,
      // An INTEGER PRIMARY KEY is the rowid: never null, though the catalogue does not say so; any primary key column is not null.
      `${sqliteFamily(column.type)}, ${column.notnull || column.pk > 0 ? 'not null' : 'null'}`]));
    const list = (await sql<{ name: string; unique: number; origin: string; partial: number }>`SELECT name, "unique", origin, partial FROM pragma_index_list(${table})`.execute(db)).rows;
    for (const item of list) {
      const covered = (await sql<{ name: string | null }>`SELECT name FROM pragma_index_info(${item.name}) ORDER BY seqno`.execute(db)).rows.map((row) => row.name ?? '<expression>');
      shape.indexes.push(index(table, covered, item.unique === 1, item.partial === 1));
    }
    // The rowid key has no index of its own in the catalogue; PostgreSQL's primary key does.
    if (integerKey) shape.indexes.push(index(table, [integerKey], true, false));
    const keys = (await sql<{ id: number; table: string; from: string; to: string | null; on_delete: string }>`SELECT id, "table", "from", "to", on_delete FROM pragma_foreign_key_list(${table}) ORDER BY id, seq`.execute(db)).rows;
    for (const id of new Set(keys.map((key) => key.id))) {
      const parts = keys.filter((key) => key.id === id);
      // A reference that names no column is to the target's primary key: SQLite leaves `to` empty, PostgreSQL names it.
      shape.foreignKeys.push(foreignKey(table, parts.map((key) => key.from), parts[0]!.table, parts.map((key) => key.to ?? 'id'), parts[0]!.on_delete));
    }
  }
  shape.indexes.sort();
  shape.foreignKeys.sort();
  shape.checks = created.flatMap((row) => checkClauses(row.sql).map((condition) => `${row.name}: ${normalCheck(condition)}`)).sort();
  const triggers = (await sql<{ name: string; tbl_name: string; sql: string }>`SELECT name, tbl_name, sql FROM sqlite_schema WHERE type = 'trigger'`.execute(db)).rows;
  shape.triggers = triggers.filter((row) => !leaveOut(row.tbl_name)).map((row) => {
    const [, timing, event] = /\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b/i.exec(row.sql) ?? [];
    return `${row.tbl_name}: ${row.name} (${(timing ?? '').toLowerCase()} ${(event ?? '').toLowerCase()})`;
  }).sort();
  return shape;
}

export async function postgresShape(db: Kysely<Tables>, leaveOut: (table: string) => boolean): Promise<SchemaShape> {
  const columns = (await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`.execute(db)).rows;
  const shape: SchemaShape = { columns: {}, indexes: [], foreignKeys: [], defaults: {}, checks: [], triggers: [] };
  for (const column of columns) {
    if (leaveOut(column.table_name)) continue;
    const family = PG_FAMILIES[column.data_type];
    if (!family) throw new Error(`No type family for PostgreSQL's ${column.data_type} (${column.table_name}.${column.column_name}).`);
    (shape.columns[column.table_name] ??= {})[column.column_name] = `${family}, ${column.is_nullable === 'YES' ? 'null' : 'not null'}`;
    // An identity or serial key is numbered by the database, as SQLite's rowid is: no default to compare.
    if (column.column_default !== null && column.is_identity !== 'YES' && !column.column_default.startsWith('nextval(')) {
      (shape.defaults[column.table_name] ??= {})[column.column_name] = normalDefault(column.column_default);
    }
  }
  const indexes = (await sql<{ table_name: string; columns: string[]; unique: boolean; partial: boolean }>`
    SELECT t.relname AS table_name, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
      array(SELECT coalesce(a.attname::text, '<expression>') FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
        LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0 ORDER BY k.position)::text[] AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema()`.execute(db)).rows;
  for (const item of indexes) if (!leaveOut(item.table_name)) shape.indexes.push(index(item.table_name, item.columns, item.unique, item.partial));
  shape.indexes.sort();
  const RULES: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
  const keys = (await sql<{ table_name: string; from: string[]; target: string; to: string[]; rule: string }>`
    SELECT t.relname AS table_name, f.relname AS target, c.confdeltype AS rule,
      array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, position) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.position)::text[] AS from,
      array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, position) JOIN pg_attribute a ON a.attrelid = f.oid AND a.attnum = k.attnum ORDER BY k.position)::text[] AS to
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_class f ON f.oid = c.confrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE c.contype = 'f' AND n.nspname = current_schema()`.execute(db)).rows;
  for (const key of keys) if (!leaveOut(key.table_name)) shape.foreignKeys.push(foreignKey(key.table_name, key.from, key.target, key.to, RULES[key.rule] ?? key.rule));
  shape.foreignKeys.sort();
  const checks = (await sql<{ table_name: string; definition: string }>`
    SELECT t.relname AS table_name, pg_get_constraintdef(c.oid) AS definition FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace WHERE c.contype = 'c' AND n.nspname = current_schema()`.execute(db)).rows;
  shape.checks = checks.filter((row) => !leaveOut(row.table_name))
    .map((row) => `${row.table_name}: ${normalCheck(row.definition.replace(/^CHECK\s*/i, '').replace(/ NOT VALID$/, ''))}`).sort();
  const triggers = (await sql<{ table_name: string; name: string; definition: string }>`
    SELECT t.relname AS table_name, g.tgname AS name, pg_get_triggerdef(g.oid) AS definition FROM pg_trigger g JOIN pg_class t ON t.oid = g.tgrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace WHERE NOT g.tgisinternal AND n.nspname = current_schema()`.execute(db)).rows;
  shape.triggers = triggers.filter((row) => !leaveOut(row.table_name)).flatMap((row) => {
    const [, timing, events] = /\b(BEFORE|AFTER|INSTEAD OF)\s+((?:INSERT|UPDATE|DELETE)(?: OR (?:INSERT|UPDATE|DELETE))*)\b/i.exec(row.definition) ?? [];
    // One PostgreSQL trigger may fire on several events; SQLite's fire on one each.
    return (events ?? '').split(/ OR /i).map((event) => `${row.table_name}: ${row.name} (${(timing ?? '').toLowerCase()} ${event.toLowerCase()})`);
  }).sort();
  return shape;
}
