import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sqliteKysely } from '../../../src/server/db/sqlite/kysely.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';

/** The node:sqlite adapter of Kysely (decision 0012): a test of the SQLite implementation itself. */
const copy = useSqliteCopy();

describe('Kysely on node:sqlite', () => {
  it('reads, writes with RETURNING, counts changes and iterates like hand-written SQL', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- no table types needed to test the adapter
    const k = sqliteKysely<any>(copy.db);
    const slug = String(copy.db.prepare("SELECT slug FROM posts ORDER BY id LIMIT 1 OFFSET 10").get()!.slug);
    expect(await k.selectFrom('posts').select('id').where('slug', '=', slug).executeTakeFirst())
      .toEqual(copy.db.prepare('SELECT id FROM posts WHERE slug = ?').get(slug));
    const inserted = await k.insertInto('app_secrets').values({ name: 'kysely-test', value: 'v1', created_at: '2026-11-24T00:00:00.000Z' })
      .returning(['name', 'value']).executeTakeFirst();
    expect(inserted).toEqual({ name: 'kysely-test', value: 'v1' });
    const updated = await k.updateTable('app_secrets').set({ value: 'v2' }).where('name', '=', 'kysely-test').executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    const counted = await k.selectFrom('posts').select(sql<number>`count(*)`.as('n')).where('type', '=', 'jobs').executeTakeFirstOrThrow();
    expect(counted.n).toBe(Number(copy.db.prepare("SELECT count(*) AS n FROM posts WHERE type = 'jobs'").get()!.n));
    const streamed: unknown[] = [];
    for await (const row of k.selectFrom('states').select('name').limit(3).stream()) streamed.push(row);
    expect(streamed).toHaveLength(3);
  });
});
