/** SQL of the invalidation log (migration 0016, decision 0017): the tags a change touched, for every process to read. */
import type { Db } from '../connection.ts';
import { NOW_SQL, statement } from '../query.ts';
import { searchRowTags as rowTags } from '../../../cache/tags.ts';

/** Records the tags, in the caller's transaction. */
export function emitTags(db: Db, tags: Iterable<string>): void {
  const list = [...new Set(tags)];
  if (list.length === 0) return;
  statement(db, `INSERT INTO cache_invalidations (tag, created_at) SELECT value, ${NOW_SQL} FROM json_each(?)`).run(JSON.stringify(list));
}

/**
 * The tags of live posts as their search rows place them: the post, its profile, its type's lists and every list,
 * its category and main category, its state and town, its page's path, and its type's sitemap files.
 */
export function searchRowTags(db: Db, idList: string): string[] {
  const rows = statement(db, `SELECT sp.post_id, sp.type, p.profile_id, p.slug, c.slug AS category, parent.slug AS parent,
      lower(st.name) AS state, lower(ci.name) AS city
    FROM search_posts sp JOIN posts p ON p.id = sp.post_id JOIN categories c ON c.id = sp.category_id
    LEFT JOIN categories parent ON parent.id = sp.parent_id
    LEFT JOIN states st ON st.id = sp.state_id LEFT JOIN cities ci ON ci.id = sp.city_id
    WHERE sp.post_id IN (SELECT value FROM json_each(?))`).all(idList) as {
      post_id: number; type: string; profile_id: number; slug: string; category: string; parent: string | null; state: string | null; city: string | null;
    }[];
  return rows.flatMap(rowTags);
}
