import type { ListingType } from '../../../shared/constants.ts';
import type { Db } from '../connection.ts';
import { all, statement } from '../query.ts';

export function countPosts(db: Db, type: ListingType): number {
  return Number(statement(db, 'SELECT count(*) AS n FROM posts WHERE type = ?').get(type)?.n ?? 0);
}

export function countProfiles(db: Db): number {
  return Number(statement(db, 'SELECT count(*) AS n FROM profiles').get()?.n ?? 0);
}

/** Slugs and last changes of one chunk of posts, in id order, read lazily row by row. */
export function iteratePostUrls(db: Db, type: ListingType, limit: number, offset: number): Iterator<{ slug: string; updated_at: string }> {
  return statement(db, 'SELECT slug, updated_at FROM posts WHERE type = ? ORDER BY id LIMIT ? OFFSET ?')
    .iterate(type, limit, offset) as Iterator<{ slug: string; updated_at: string }>;
}

export function iterateProfileUrls(db: Db, limit: number, offset: number): Iterator<{ slug: string; updated_at: string }> {
  return statement(db, 'SELECT slug, updated_at FROM profiles ORDER BY id LIMIT ? OFFSET ?')
    .iterate(limit, offset) as Iterator<{ slug: string; updated_at: string }>;
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
