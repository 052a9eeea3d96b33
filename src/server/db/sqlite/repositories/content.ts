import type { ListingType } from '../../../../shared/constants.ts';
import type { BannerRow, CategoryTreeRow, HomeCategoryRow, PlaceRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, flag, LIVE_POST_SQL, one } from '../query.ts';

export function findBanners(db: Db, placement: string): BannerRow[] {
  return all<BannerRow>(db, `
    SELECT b.slot, b.title, b.subtitle, b.hyperlink, m.thumbnail, m.full, m.thumbnail_webp, m.full_webp
    FROM banners b JOIN media m ON m.id = b.media_id
    WHERE b.placement = ? ORDER BY b.slot, b.position`, placement);
}

/** Featured posts of a placement that are still live, in their order. */
export function findFeaturedPostIds(db: Db, placement: string): number[] {
  return all<{ post_id: number }>(db, `SELECT f.post_id FROM featured_posts f JOIN posts p ON p.id = f.post_id
    WHERE f.placement = ? AND ${LIVE_POST_SQL} ORDER BY f.position`, placement)
    .map((row) => row.post_id);
}

export function findHomeCategories(db: Db): HomeCategoryRow[] {
  return all<HomeCategoryRow>(db, `
    SELECT c.id, c.type, c.name, c.slug, parent.name AS parent_name, parent.slug AS parent_slug
    FROM home_categories h
    JOIN categories c ON c.id = h.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id
    ORDER BY h.position`);
}

/** Every category, parents before children, in display order. */
export function findCategoryTree(db: Db): CategoryTreeRow[] {
  return all<CategoryTreeRow & { education: unknown }>(db, `
    SELECT id, type, name, slug, parent_id, education FROM categories
    ORDER BY type, parent_id IS NOT NULL, position`).map((row) => ({ ...row, education: flag(row.education) }));
}

/** True when the catalogue has nothing yet (a fresh database for the demo data). */
export function catalogueIsEmpty(db: Db): boolean {
  return one<{ empty: number }>(db, 'SELECT NOT EXISTS (SELECT 1 FROM categories) AS empty')?.empty === 1;
}

export function findSetting(db: Db, key: string): string | undefined {
  return one<{ value: string }>(db, 'SELECT value FROM settings WHERE key = ?', key)?.value;
}

export function findCmsPage(db: Db, page: string): { article_title: string; article_content: string } | undefined {
  return one(db, 'SELECT article_title, article_content FROM cms_pages WHERE page = ?', page);
}

export function findCountries(db: Db): { id: number; name: string; calling_code: string }[] {
  return all(db, 'SELECT id, name, calling_code FROM countries ORDER BY id');
}

export function findStates(db: Db): { id: number; name: string }[] {
  return all(db, 'SELECT id, name FROM states ORDER BY name');
}

/** States and towns whose name, or a word of it, starts with `prefix`; states first, then the shortest names. */
export function findPlacesByPrefix(db: Db, prefix: string, limit: number): PlaceRow[] {
  const pattern = `% ${prefix.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return all<PlaceRow>(db, `
    SELECT * FROM (
      SELECT 'state' AS kind, s.id, s.name, s.name AS state_name,
        (SELECT avg(c.latitude) FROM cities c WHERE c.state_id = s.id) AS latitude,
        (SELECT avg(c.longitude) FROM cities c WHERE c.state_id = s.id) AS longitude
      FROM states s WHERE ' ' || lower(s.name) LIKE ? ESCAPE '\\'
      UNION ALL
      SELECT 'city', c.id, c.name, s.name, c.latitude, c.longitude
      FROM cities c JOIN states s ON s.id = c.state_id WHERE ' ' || lower(c.name) LIKE ? ESCAPE '\\'
    ) ORDER BY kind = 'state' DESC, length(name), name LIMIT ?`, pattern, pattern, limit);
}

/** Main categories of a type with how many posts they hold, largest first. */
export function findBusiestMainCategories(db: Db, type: ListingType, limit: number): HomeCategoryRow[] {
  return all<HomeCategoryRow>(db, `
    SELECT c.id, c.type, c.name, c.slug, NULL AS parent_name, NULL AS parent_slug
    FROM categories c JOIN (SELECT parent_id, sum(doc_count) AS n FROM search_summary WHERE type = ? GROUP BY parent_id) t
      ON t.parent_id = c.id
    ORDER BY t.n DESC, c.position LIMIT ?`, type, limit);
}
