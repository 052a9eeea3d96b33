/**
 * Keeps the search tables (migration 0002) in step with the catalogue. Every write path that
 * changes a post calls `reindexPosts`; the seed and the rebuild job (jobs.ts) call `rebuildSearchIndex`.
 * Only live posts (active, not past their expiry) are indexed.
 */
import { conditionWordsSql } from '../../../search/engine/condition-words.ts';
import { ATTRIBUTES, FACET_ATTRIBUTES } from '../../../../shared/search-attributes.ts';
import { countSql, maskSql } from './search-sql.ts';
import type { Db } from '../connection.ts';
import { idList, LIVE_POST_SQL, PLAN_WEIGHT_SQL, statement } from '../query.ts';
import { emitTags, searchRowTags } from './cache-tags.ts';
import { cacheTags } from '../../../cache/tags.ts';

const IDS = 'SELECT value FROM json_each(?)';

/**
 * Changes kept in search_changes for the search workers' facet stores to catch up from; a worker
 * further behind reloads everything. After a full rebuild nothing is kept.
 */
const KEPT_CHANGES = 50_000;

function pruneChanges(db: Db, keep: number): void {
  statement(db, 'DELETE FROM search_changes WHERE seq <= (SELECT max(seq) FROM search_changes) - ?').run(keep);
}

/**
 * Where a post is placed for Near Me and distances: its first location, or for a confidential job or hireme post the
 * centre of its town (issue 38), as lat, lon and the unit vector x, y, z.
 */
const POINT_SQL = ['latitude', 'longitude'].map((axis) => `CASE WHEN coalesce(j.company_confidential, h.company_confidential, 0) = 1 THEN town.${axis} ELSE l.${axis} END`)
  .reduce((lat, lon) => `${lat}, ${lon}, cos(radians(${lat})) * cos(radians(${lon})), cos(radians(${lat})) * sin(radians(${lon})), sin(radians(${lat}))`);

const ROW_SELECT = `
  SELECT p.id, p.type, ${PLAN_WEIGHT_SQL.replace(/plan/g, 'p.plan')}, p.rating, p.rating_count, p.published_at,
    lower(p.title), coalesce(p.price_min_sen, p.price_max_sen) / 100.0,
    c.id, coalesce(c.parent_id, c.id), l.state_id, l.city_id, ${POINT_SQL},
    ${maskSql(ATTRIBUTES.job_type, 'p.id')}, ${maskSql(ATTRIBUTES.job_qualification, 'p.id')}, j.level,
    ${maskSql(ATTRIBUTES.hireme_type, 'p.id')}, h.rate, h.expertise,
    b.deal_type, b.condition, ${maskSql(ATTRIBUTES.buysell_method, 'p.id')}, coalesce(p.first_live_at, p.published_at)
  FROM posts p
  JOIN post_categories pc ON pc.post_id = p.id AND pc.position = 0
  JOIN categories c ON c.id = pc.category_id
  JOIN post_locations pl ON pl.post_id = p.id AND pl.position = 0
  JOIN locations l ON l.id = pl.location_id
  JOIN cities town ON town.id = l.city_id
  LEFT JOIN job_details j ON j.post_id = p.id
  LEFT JOIN hireme_details h ON h.post_id = p.id
  LEFT JOIN buysell_details b ON b.post_id = p.id
  WHERE ${LIVE_POST_SQL}`;

const INSERT_ROWS = `INSERT INTO search_posts (post_id, type, plan_weight, rating, rating_count, published_at, sort_title, price,
  category_id, parent_id, state_id, city_id, lat, lon, x, y, z, job_type, job_qualification, job_level, hireme_type, hireme_rate,
  hireme_expertise, buysell_type, buysell_condition, buysell_method, first_live_at) ${ROW_SELECT}`;

/**
 * What the keyword search reads beside the title: summary, category names and a buy & sell post's condition (in every
 * language, issue 42) and, unless confidential, the company.
 */
const BODY = `p.summary || ' ' || c.name || ' ' || coalesce(parent.name, '') || ' ' ||
    coalesce((SELECT group_concat(n.name, ' ') FROM category_names n WHERE n.category_id IN (c.id, c.parent_id)), '') || ' ' || ${conditionWordsSql('b')} ||
    CASE WHEN coalesce(j.company_confidential, h.company_confidential, 0) = 1 THEN '' ELSE ' ' || pr.name END`;

/** A post's own category's names in every language (issue 63), which weigh as its title does. */
const OWN_NAMES = `c.name || ' ' || coalesce((SELECT group_concat(n.name, ' ') FROM category_names n WHERE n.category_id = c.id), '')`;

/**
 * The full-text row of each live post: its type, its title with its own category's names (search_title), and the
 * text its body is searched by, each with the words the application adds (search_body, search/engine/tokens.ts: Han
 * pairs, Malay stems and synonyms).
 */
export const FTS_SELECT = `
  SELECT p.id, 'type' || p.type, search_title(p.title, ${OWN_NAMES}), search_body(p.title, ${BODY})
  FROM posts p
  JOIN profiles pr ON pr.id = p.profile_id
  JOIN post_categories pc ON pc.post_id = p.id AND pc.position = 0
  JOIN categories c ON c.id = pc.category_id
  LEFT JOIN categories parent ON parent.id = c.parent_id
  LEFT JOIN job_details j ON j.post_id = p.id
  LEFT JOIN hireme_details h ON h.post_id = p.id
  LEFT JOIN buysell_details b ON b.post_id = p.id
  WHERE ${LIVE_POST_SQL}`;

/** Recomputes summary and facet-count rows for the matching keys (all keys when `scope` is empty). */
function refreshSummary(db: Db, scope: string, params: (string | number)[]): void {
  db.prepare(`DELETE FROM search_summary WHERE 1 ${scope}`).run(...params);
  db.prepare(`DELETE FROM search_facet_counts WHERE 1 ${scope}`).run(...params);
  db.prepare(`INSERT INTO search_summary (type, category_id, parent_id, state_id, doc_count, min_price, max_price)
    SELECT type, category_id, parent_id, state_id, count(*), min(price), max(price) FROM search_posts WHERE 1 ${scope}
    GROUP BY type, category_id, state_id`).run(...params);
  for (const name of FACET_ATTRIBUTES) {
    const attribute = ATTRIBUTES[name];
    for (const key of attribute.keys) {
      db.prepare(`INSERT INTO search_facet_counts (type, category_id, parent_id, state_id, facet, key, doc_count)
        SELECT type, category_id, parent_id, state_id, '${name}', '${key}', ${countSql(attribute, key, 'search_posts')} AS n
        FROM search_posts WHERE type = '${attribute.type}' ${scope}
        GROUP BY type, category_id, state_id HAVING n > 0`).run(...params);
    }
  }
}

function rebuildSuggestions(db: Db): void {
  db.exec(`
    DELETE FROM search_suggestions;
    INSERT INTO search_suggestions (kind, type, label, weight)
      SELECT 'category', c.type, c.name, coalesce((SELECT sum(doc_count) FROM search_summary s
        WHERE s.category_id = c.id OR (c.parent_id IS NULL AND s.parent_id = c.id)), 0)
      FROM categories c WHERE true
      ON CONFLICT DO UPDATE SET weight = weight + excluded.weight;
    INSERT INTO search_suggestions (kind, type, label, weight)
      SELECT 'business', 'services', pr.name, (${PLAN_WEIGHT_SQL.replace(/plan/g, 'pr.plan')}) * 1000 + pr.rating_count
      FROM profiles pr WHERE pr.kind = 'business'
      ON CONFLICT DO UPDATE SET weight = max(weight, excluded.weight);
    INSERT INTO search_suggestions (kind, type, label, weight)
      SELECT 'title', type, title, count(*) + max(${PLAN_WEIGHT_SQL}) FROM posts WHERE true GROUP BY type, title
      ON CONFLICT DO NOTHING;
    INSERT INTO search_suggestions_fts (search_suggestions_fts) VALUES ('rebuild');`);
}

/** Rebuilds every search table from the catalogue in one go (the seed's path: one transaction, nobody waiting). */
export function rebuildSearchIndex(db: Db): void {
  db.exec('DELETE FROM search_posts');
  db.exec('DELETE FROM search_fts');
  db.exec(INSERT_ROWS);
  db.exec(`INSERT INTO search_fts (rowid, kind, title, body) ${FTS_SELECT}`);
  refreshSummary(db, '', []);
  rebuildSuggestions(db);
  pruneChanges(db, 0);
}

/** Rows of posts in [fromId, toId): replaced in place, so searches keep finding them while a rebuild runs. */
export function reindexPostRange(db: Db, fromId: number, toId: number): void {
  statement(db, 'DELETE FROM search_posts WHERE post_id >= ? AND post_id < ?').run(fromId, toId);
  statement(db, 'DELETE FROM search_fts WHERE rowid >= ? AND rowid < ?').run(fromId, toId);
  statement(db, `${INSERT_ROWS} AND p.id >= ? AND p.id < ?`).run(fromId, toId);
  statement(db, `INSERT INTO search_fts (rowid, kind, title, body) ${FTS_SELECT} AND p.id >= ? AND p.id < ?`).run(fromId, toId);
}

/** Drops rows of posts that no longer exist, then recounts the summaries and suggestions: the last step of a rebuild. */
export function finishRebuild(db: Db): void {
  // Everything may have moved: every cache starts again.
  emitTags(db, [cacheTags.everything]);
  db.exec(`DELETE FROM search_fts WHERE rowid IN (SELECT post_id FROM search_posts WHERE post_id NOT IN (SELECT id FROM posts))`);
  db.exec('DELETE FROM search_posts WHERE post_id NOT IN (SELECT id FROM posts)');
  refreshSummary(db, '', []);
  rebuildSuggestions(db);
  pruneChanges(db, 0);
}

/**
 * Brings the search tables up to date for the given posts after they were inserted, edited or
 * deleted: rows, full text, and the summary keys they left and joined.
 */
export function reindexPosts(db: Db, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const list = idList(ids);
  const keyOf = 'SELECT DISTINCT type, category_id, state_id FROM search_posts WHERE post_id IN (' + IDS + ')';
  const keys = new Map<string, [string, number, number]>();
  const collect = () => {
    for (const row of statement(db, keyOf).all(list)) {
      keys.set(`${row.type}/${row.category_id}/${row.state_id}`, [String(row.type), Number(row.category_id), Number(row.state_id)]);
    }
  };
  collect();
  // What the cached pages, searches and lists showing these posts carry (decision 0017): before and after.
  const tags = new Set(searchRowTags(db, list));
  statement(db, `DELETE FROM search_posts WHERE post_id IN (${IDS})`).run(list);
  statement(db, `DELETE FROM search_fts WHERE rowid IN (${IDS})`).run(list);
  statement(db, `${INSERT_ROWS} AND p.id IN (${IDS})`).run(list);
  statement(db, `INSERT INTO search_fts (rowid, kind, title, body) ${FTS_SELECT} AND p.id IN (${IDS})`).run(list);
  collect();
  for (const tag of searchRowTags(db, list)) tags.add(tag);
  for (const id of ids) tags.add(cacheTags.post(id));
  emitTags(db, tags);
  for (const [type, categoryId, stateId] of keys.values()) {
    refreshSummary(db, 'AND type = ? AND category_id = ? AND state_id = ?', [type, categoryId, stateId]);
  }
  const insertSuggestion = statement(db, `INSERT INTO search_suggestions (kind, type, label, weight) SELECT 'title', type, title, 1
    FROM posts WHERE id IN (${IDS}) ON CONFLICT DO NOTHING RETURNING id, label`);
  const insertFts = statement(db, 'INSERT INTO search_suggestions_fts (rowid, label) VALUES (?, ?)');
  for (const row of insertSuggestion.all(list)) insertFts.run(Number(row.id), String(row.label));
  pruneChanges(db, KEPT_CHANGES);
}
