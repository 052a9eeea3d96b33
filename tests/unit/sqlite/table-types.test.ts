import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentTableTypes, TABLE_TYPES_FILE } from '../../../scripts/sqlite/table-types.ts';

describe('the query layer’s table types (src/server/db/tables.ts)', () => {
  it('match the schema the migrations build: run `npm run db:types` after adding a migration', () => {
    expect(readFileSync(TABLE_TYPES_FILE, 'utf8')).toBe(currentTableTypes());
  });
});
