/**
 * The shape of a migrated schema, read from the database's own catalogue, in one form for both backends (issue 39's
 * parity test): tables, columns with a type family and nullability, and indexes by the columns they cover, whether
 * they are unique and whether they are partial. Names of indexes are left out: SQLite names a table's UNIQUE
 * constraint `sqlite_autoindex_…`, PostgreSQL `…_key`.
 */
import { sql, type Kysely } from 'kysely';
import type { Tables } from '../../src/server/db/tables.ts';

/** What a column holds, as both backends can agree on it. */
export type TypeFamily = 'integer' | 'real' | 'text' | 'blob';

export interface SchemaShape {
  /** table → column → "family, null|not null". */
  columns: Record<string, Record<string, string>>;
  /** "table(columns) unique? partial?", sorted. */
  indexes: string[];
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

const index = (table: string, columns: readonly string[], unique: boolean, partial: boolean) =>
  `${table}(${columns.join(', ')})${unique ? ' unique' : ''}${partial ? ' partial' : ''}`;

export async function sqliteShape(db: Kysely<Tables>, leaveOut: (table: string) => boolean): Promise<SchemaShape> {
  const tables = (await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db)).rows
    .map((row) => row.name).filter((name) => !leaveOut(name));
  const shape: SchemaShape = { columns: {}, indexes: [] };
  for (const table of tables) {
    const columns = (await sql<{ name: string; type: string; notnull: number; pk: number }>`SELECT name, type, "notnull", pk FROM pragma_table_info(${table})`.execute(db)).rows;
    const integerKey = columns.filter((column) => column.pk > 0).length === 1 ? columns.find((column) => column.pk > 0 && /^INTEGER$/i.test(column.type))?.name : undefined;
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
  }
  shape.indexes.sort();
  return shape;
}

export async function postgresShape(db: Kysely<Tables>, leaveOut: (table: string) => boolean): Promise<SchemaShape> {
  const columns = (await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>`
    SELECT c.table_name, c.column_name, c.data_type, c.is_nullable FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema() ORDER BY c.table_name, c.ordinal_position`.execute(db)).rows;
  const shape: SchemaShape = { columns: {}, indexes: [] };
  for (const column of columns) {
    if (leaveOut(column.table_name)) continue;
    const family = PG_FAMILIES[column.data_type];
    if (!family) throw new Error(`No type family for PostgreSQL's ${column.data_type} (${column.table_name}.${column.column_name}).`);
    (shape.columns[column.table_name] ??= {})[column.column_name] = `${family}, ${column.is_nullable === 'YES' ? 'null' : 'not null'}`;
  }
  const indexes = (await sql<{ table_name: string; columns: string[]; unique: boolean; partial: boolean }>`
    SELECT t.relname AS table_name, i.indisunique AS unique, i.indpred IS NOT NULL AS partial,
      array(SELECT coalesce(a.attname::text, '<expression>') FROM unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
        LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0 ORDER BY k.position)::text[] AS columns
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = current_schema()`.execute(db)).rows;
  for (const item of indexes) if (!leaveOut(item.table_name)) shape.indexes.push(index(item.table_name, item.columns, item.unique, item.partial));
  shape.indexes.sort();
  return shape;
}
