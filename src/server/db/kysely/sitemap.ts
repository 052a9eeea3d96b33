/** What the sitemaps list: live posts, profiles and CMS pages (the category pages are the search index's), for every backend. */
import type { ListingType } from '../../../shared/constants.ts';
import type { SitemapRepository } from '../repositories.ts';
import { QueryRepository } from './query-access.ts';
import { count, livePost, type QueryDb } from './query.ts';

/** Rows a sitemap batch reads at a time: small enough that one batch blocks the event loop for a few ms at most. */
const BATCH = 500;

type UrlRow = { id: number; slug: string; updated_at: string };

/** Reads a page of up to `limit` rows with ids above `afterId` (null: from the start, skipping `offset` rows). */
type UrlPage = (db: QueryDb, afterId: number | null, limit: number, offset: number) => Promise<UrlRow[]>;

/** What a backend answers from its own search index. */
export type SitemapFromSearchIndex = 'findCategoryPages';

export abstract class KyselySitemapRepository extends QueryRepository implements Omit<SitemapRepository, SitemapFromSearchIndex> {
  countPosts(type: ListingType): Promise<number> {
    const now = this.now;
    return this.read(async (db) => {
      const row = await db.selectFrom('posts as p').select((eb) => eb.fn.countAll().as('n')).where('p.type', '=', type).where(livePost(now)).executeTakeFirst();
      return count(row?.n);
    });
  }

  countProfiles(): Promise<number> {
    return this.read(async (db) => count((await db.selectFrom('profiles').select((eb) => eb.fn.countAll().as('n')).where('hidden_at', 'is', null).executeTakeFirst())?.n));
  }

  /** Slugs and last changes of one chunk of live posts of a type, in id order, in batches. */
  postUrlBatches(type: ListingType, limit: number, offset: number): AsyncGenerator<UrlRow[]> {
    return this.batches(async (db, afterId, pageLimit, pageOffset) => {
      let query = db.selectFrom('posts as p').select(['p.id', 'p.slug', 'p.updated_at']).where('p.type', '=', type).where(livePost(this.now));
      if (afterId !== null) query = query.where('p.id', '>', afterId);
      return query.orderBy('p.id').limit(pageLimit).offset(pageOffset).execute();
    }, limit, offset);
  }

  profileUrlBatches(limit: number, offset: number): AsyncGenerator<UrlRow[]> {
    return this.batches(async (db, afterId, pageLimit, pageOffset) => {
      let query = db.selectFrom('profiles').select(['id', 'slug', 'updated_at']).where('hidden_at', 'is', null);
      if (afterId !== null) query = query.where('id', '>', afterId);
      return query.orderBy('id').limit(pageLimit).offset(pageOffset).execute();
    }, limit, offset);
  }

  /**
   * One chunk of `limit` rows from `offset` in id order, in batches, each its own short read (keyset paging inside
   * the chunk), so nothing holds a read open between batches.
   */
  private async* batches(page: UrlPage, limit: number, offset: number): AsyncGenerator<UrlRow[]> {
    const [first] = await this.read((db) => page(db, null, 1, offset));
    if (!first) return;
    let afterId = first.id - 1;
    let left = limit;
    while (left > 0) {
      const rows = await this.read((db) => page(db, afterId, Math.min(BATCH, left), 0));
      if (rows.length === 0) return;
      yield rows;
      left -= rows.length;
      afterId = rows[rows.length - 1]!.id;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  findCmsPageNames(): Promise<{ page: string; updated_at: string }[]> {
    return this.read(async (db) => db.selectFrom('cms_pages').select(['page', 'updated_at']).orderBy('page').execute());
  }
}
