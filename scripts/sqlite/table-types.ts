/**
 * Writes src/server/db/tables.ts, the tables of the shared schema as Kysely types (decision 0012), from a
 * database migrated in memory: `npm run db:types` after adding a migration. The search index's tables are
 * left out: each backend keeps its own (FTS5 and the facet store here). A unit test fails while the file
 * is out of date.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../src/server/db/sqlite/connection.ts';
import { migrate } from '../../src/server/db/sqlite/migrate.ts';
import { projectRoot } from '../../src/server/project-root.ts';

export const TABLE_TYPES_FILE = join(projectRoot, 'src/server/db/tables.ts');

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** Tables every backend has: not SQLite's own, not the search index's (per backend), not FTS5's shadow tables. */
function sharedTables(db: Db): string[] {
  const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string }[];
  return rows.map((row) => row.name).filter((name) => !name.startsWith('sqlite_') && !name.startsWith('search_'));
}

/** `rowid` is true for the table's only primary-key column when it is an INTEGER (SQLite's rowid alias, assigned on insert). */
function tsType(column: ColumnInfo, rowid: boolean): string {
  const declared = column.type.toUpperCase();
  const base = declared.includes('INT') || declared.includes('REAL') || declared.includes('NUM') ? 'number'
    : declared.includes('BLOB') ? 'Uint8Array' : 'string';
  const nullable = column.notnull === 0 && column.pk === 0;
  const value = nullable ? `${base} | null` : base;
  const generated = rowid || column.dflt_value !== null;
  return generated ? `Generated<${value}>` : value;
}

const pascal = (name: string) => name.replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());

/** The TypeScript text of tables.ts for the schema of `db`. */
export function tableTypesSource(db: Db): string {
  const tables = sharedTables(db);
  const interfaces = tables.map((table) => {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as unknown as ColumnInfo[];
    const keys = columns.filter((column) => column.pk > 0);
    const rowid = keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER' ? keys[0]!.name : undefined;
    return `export interface ${pascal(table)}Table {\n${columns.map((column) => `  ${column.name}: ${tsType(column, column.name === rowid)};`).join('\n')}\n}`;
  });
  return `/**
 * The tables of the shared schema, as the query layer (Kysely, decision 0012) types them: columns as stored,
 * timestamps as ISO 8601 text, booleans as 0/1 integers. Generated from the migrations by
 * \`npm run db:types\` (scripts/sqlite/table-types.ts); do not edit by hand.
 */
import type { Generated } from 'kysely';

${interfaces.join('\n\n')}

export interface Tables {
${tables.map((table) => `  ${table}: ${pascal(table)}Table;`).join('\n')}
}
`;
}

/** The source for the schema the migrations build today. */
export function currentTableTypes(): string {
  const db = openDatabase(':memory:');
  try {
    migrate(db);
    return tableTypesSource(db);
  } finally {
    db.close();
  }
}

if (import.meta.main) {
  writeFileSync(TABLE_TYPES_FILE, currentTableTypes());
  console.log(`Wrote ${TABLE_TYPES_FILE}`);
}
