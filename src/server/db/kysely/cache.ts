/** The invalidation log (migration 0016, decision 0017), written once in the query layer for every backend. */
import { sql, type Kysely } from 'kysely';
import type { CacheRepository } from '../repositories.ts';
import type { Tables } from '../tables.ts';
import { QueryRepository } from './query-access.ts';

type Db = Kysely<Tables>;

async function latestInvalidation(db: Db): Promise<number> {
  const row = await db.selectFrom('cache_invalidations').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

export async function invalidate(db: Db, tags: readonly string[], now: string): Promise<void> {
  if (tags.length === 0) return;
  await db.insertInto('cache_invalidations').values([...new Set(tags)].map((tag) => ({ tag, created_at: now }))).execute();
}

export class KyselyCacheRepository extends QueryRepository implements CacheRepository {
  latestInvalidation(): Promise<number> {
    return this.read((db) => latestInvalidation(db));
  }

  /** The oldest invalidation kept (a process further behind than this missed some, and starts again). */
  oldestInvalidation(): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('cache_invalidations').select((eb) => eb.fn.min('id').as('id')).executeTakeFirst();
      return Number(row?.id ?? 0);
    });
  }

  invalidationsSince(afterId: number, limit: number): Promise<{ id: number; tag: string }[]> {
    return this.read(async (db) => db.selectFrom('cache_invalidations').select(['id', 'tag']).where('id', '>', afterId).orderBy('id').limit(limit).execute());
  }

  invalidate(tags: readonly string[]): Promise<void> {
    return this.write((db) => invalidate(db, tags, this.now));
  }

  /** Keeps the newest `keep` invalidations; returns how many went. */
  pruneInvalidations(keep: number): Promise<number> {
    return this.write(async (db) => {
      const latest = await latestInvalidation(db);
      const result = await db.deleteFrom('cache_invalidations').where('id', '<=', sql<number>`${latest - keep}`).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
