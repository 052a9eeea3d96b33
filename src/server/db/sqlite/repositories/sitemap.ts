import type { ListingType } from '../../../../shared/constants.ts';
import type { Db } from '../connection.ts';
import { all, LIVE_POST_SQL, statement } from '../query.ts';

export function countPosts(db: Db, type: ListingType): number {
  return Number(statement(db, `SELECT count(*) AS n FROM posts p WHERE type = ? AND ${LIVE_POST_SQL}`).get(type)?.n ?? 0);
}

export function countProfiles(db: Db): number {
  return Number(statement(db, 'SELECT count(*) AS n FROM profiles').get()?.n ?? 0);
}

/** Rows a sitemap batch reads at a time: small enough that one batch blocks the event loop for a few ms at most. */
const BATCH = 500;

async function* batches(db: Db, sql: string, params: (string | number)[], limit: number, offset: number) {
  // Keyset paging inside the chunk: each batch is its own short query, so nothing holds a read open between batches.
  let left = limit;
  const first = statement(db, `SELECT id FROM (${sql} LIMIT 1 OFFSET ?)`).get(...params, offset);
  if (!first) return;
  let afterId = Number(first.id) - 1;
  while (left > 0) {
    const rows = statement(db, `SELECT id, slug, updated_at FROM (${sql}) WHERE id > ? LIMIT ?`)
      .all(...params, afterId, Math.min(BATCH, left)) as { id: number; slug: string; updated_at: string }[];
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    afterId = rows[rows.length - 1]!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Slugs and last changes of one chunk of live posts of a type, in id order, in batches. */
export function postUrlBatches(db: Db, type: ListingType, limit: number, offset: number) {
  return batches(db, `SELECT id, slug, updated_at FROM posts p WHERE type = ? AND ${LIVE_POST_SQL} ORDER BY id`, [type], limit, offset);
}

export function profileUrlBatches(db: Db, limit: number, offset: number) {
  return batches(db, 'SELECT id, slug, updated_at FROM profiles ORDER BY id', [], limit, offset);
}

/** Categories that hold posts, with their parent's slug, for category listing pages. */
export function findCategoryPages(db: Db): { type: ListingType; slug: string; parent_slug: string | null }[] {
  return all(db, `
    SELECT c.type, c.slug, parent.slug AS parent_slug
    FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE EXISTS (SELECT 1 FROM search_summary s WHERE s.category_id = c.id OR s.parent_id = c.id)
    ORDER BY c.type, c.id`);
}

export function findCmsPageNames(db: Db): { page: string; updated_at: string }[] {
  return all(db, 'SELECT page, updated_at FROM cms_pages ORDER BY page');
}
