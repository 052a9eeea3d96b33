import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/sqlite/migrate.ts';
import { sqliteCopyOfTemplate } from '../../helpers/sqlite/template-copy.ts';

/** SQLite's own migrations; the repositories' behaviour is the contract suite's (tests/contract/repositories.ts). */
let copy: Awaited<ReturnType<typeof sqliteCopyOfTemplate>>;

beforeAll(async () => {
  copy = await sqliteCopyOfTemplate();
});
afterAll(() => copy.close());

describe('migrations', () => {
  it('apply once: a second run finds nothing pending', () => {
    expect(migrate(copy.db)).toEqual([]);
    expect(copy.db.prepare('SELECT count(*) AS n FROM schema_migrations').get()?.n).toBeGreaterThan(0);
  });
});
