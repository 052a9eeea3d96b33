/**
 * The catalogue's reads that the search index answers (its tables are this backend's own, decision 0012): the best
 * posts of a category, related posts, the busiest categories and the category pages worth a sitemap entry.
 */
import type { ListingType } from '../../../../shared/constants.ts';
import type { HomeCategoryRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, idList, one } from '../query.ts';
import { NAMES_ITS_COMPANY_SQL } from '../../kysely/query.ts';

/** Best posts of a category (a main category includes its children): paying plans first, then rating, then the newest. */
export function findTopPostIdsInCategory(db: Db, categoryId: number, limit: number): number[] {
  const isMain = one<{ main: number }>(db, 'SELECT parent_id IS NULL AS main FROM categories WHERE id = ?', categoryId)?.main === 1;
  return all<{ post_id: number }>(db, `
    SELECT post_id FROM search_posts WHERE ${isMain ? 'parent_id' : 'category_id'} = ?
    ORDER BY plan_weight DESC, rating DESC, published_at DESC, post_id LIMIT ?`, categoryId, limit).map((row) => row.post_id);
}

/** Posts of other profiles in the given categories that name their company, best first: the related posts of a FREE profile. */
export function findRelatedPostIds(db: Db, profileId: number, categoryIds: readonly number[], limit: number): number[] {
  return all<{ post_id: number }>(db, `
    SELECT s.post_id FROM search_posts s JOIN posts p ON p.id = s.post_id
    WHERE s.category_id IN (SELECT value FROM json_each(?)) AND p.profile_id <> ? AND ${NAMES_ITS_COMPANY_SQL}
    ORDER BY s.plan_weight DESC, s.rating DESC, s.published_at DESC, s.post_id LIMIT ?`,
  idList(categoryIds), profileId, limit).map((row) => row.post_id);
}

/** Main categories of a type with how many posts they hold, largest first. */
export function findBusiestMainCategories(db: Db, type: ListingType, limit: number): HomeCategoryRow[] {
  return all<HomeCategoryRow>(db, `
    SELECT c.id, c.type, c.name, c.slug, NULL AS parent_name, NULL AS parent_slug
    FROM categories c JOIN (SELECT parent_id, sum(doc_count) AS n FROM search_summary WHERE type = ? GROUP BY parent_id) t
      ON t.parent_id = c.id
    ORDER BY t.n DESC, c.position LIMIT ?`, type, limit);
}

/** Categories that hold posts, with their parent's slug, for category listing pages. */
export function findCategoryPages(db: Db): { type: ListingType; slug: string; parent_slug: string | null }[] {
  return all(db, `
    SELECT c.type, c.slug, parent.slug AS parent_slug
    FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE EXISTS (SELECT 1 FROM search_summary s WHERE s.category_id = c.id OR s.parent_id = c.id)
    ORDER BY c.type, c.id`);
}

/** True when the catalogue has nothing yet (a fresh database for the demo data). */
export function catalogueIsEmpty(db: Db): boolean {
  return one<{ empty: number }>(db, 'SELECT NOT EXISTS (SELECT 1 FROM categories) AS empty')?.empty === 1;
}
