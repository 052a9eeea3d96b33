/** What the sitemaps list: live posts, profiles and CMS pages (the category pages are the search index's), for every backend. */
import type { ListingType } from '../../../shared/constants.ts';
import { count, livePost, type QueryDb } from './query.ts';

export async function countPosts(db: QueryDb, type: ListingType, now: string): Promise<number> {
  const row = await db.selectFrom('posts as p').select((eb) => eb.fn.countAll().as('n')).where('p.type', '=', type).where(livePost(now)).executeTakeFirst();
  return count(row?.n);
}

export async function countProfiles(db: QueryDb): Promise<number> {
  // A profile an operator hid is in no sitemap (issue 28).
  return count((await db.selectFrom('profiles').select((eb) => eb.fn.countAll().as('n')).where('hidden_at', 'is', null).executeTakeFirst())?.n);
}

/** Rows a sitemap batch reads at a time: small enough that one batch blocks the event loop for a few ms at most. */
const BATCH = 500;

type UrlRow = { id: number; slug: string; updated_at: string };

/** Reads a page of up to `limit` rows with ids above `afterId` (null: from the start, skipping `offset` rows). */
type UrlPage = (db: QueryDb, afterId: number | null, limit: number, offset: number) => Promise<UrlRow[]>;

/**
 * One chunk of `limit` rows from `offset` in id order, in batches, each its own short read (keyset paging inside
 * the chunk), so nothing holds a read open between batches.
 */
async function* batches(read: <T>(work: (db: QueryDb) => Promise<T>) => Promise<T>, page: UrlPage, limit: number, offset: number) {
  const [first] = await read((db) => page(db, null, 1, offset));
  if (!first) return;
  let afterId = first.id - 1;
  let left = limit;
  while (left > 0) {
    const rows = await read((db) => page(db, afterId, Math.min(BATCH, left), 0));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    afterId = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Slugs and last changes of one chunk of live posts of a type, in id order, in batches. */
export function postUrlBatches(read: <T>(work: (db: QueryDb) => Promise<T>) => Promise<T>, type: ListingType, limit: number, offset: number, now: () => string) {
  return batches(read, async (db, afterId, pageLimit, pageOffset) => {
    let query = db.selectFrom('posts as p').select(['p.id', 'p.slug', 'p.updated_at']).where('p.type', '=', type).where(livePost(now()));
    if (afterId !== null) query = query.where('p.id', '>', afterId);
    return query.orderBy('p.id').limit(pageLimit).offset(pageOffset).execute();
  }, limit, offset);
}

export function profileUrlBatches(read: <T>(work: (db: QueryDb) => Promise<T>) => Promise<T>, limit: number, offset: number) {
  return batches(read, async (db, afterId, pageLimit, pageOffset) => {
    let query = db.selectFrom('profiles').select(['id', 'slug', 'updated_at']).where('hidden_at', 'is', null);
    if (afterId !== null) query = query.where('id', '>', afterId);
    return query.orderBy('id').limit(pageLimit).offset(pageOffset).execute();
  }, limit, offset);
}

export async function findCmsPageNames(db: QueryDb): Promise<{ page: string; updated_at: string }[]> {
  return db.selectFrom('cms_pages').select(['page', 'updated_at']).orderBy('page').execute();
}
