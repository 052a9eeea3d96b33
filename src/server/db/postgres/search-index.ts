/**
 * PostgreSQL's search tables (migration 0001, decision 0019), kept in step with the catalogue as SQLite's are
 * (db/sqlite/repositories/search-index.ts): every change to posts reindexes them in its own transaction; the seed
 * and the rebuild job rebuild them in batches. Only live posts are indexed. Words are a tsvector of the title and
 * body in the `yp_words` configuration (simple + unaccent). SQL text here is PostgreSQL's, with closed-set
 * literals only; values are bound.
 */
import { documentTerms } from '../../search/engine/tokens.ts';
import { conditionWordsSql } from '../../search/engine/condition-words.ts';
import { sql, type RawBuilder } from 'kysely';
import type { ListingType } from '../../../shared/constants.ts';
import { ATTRIBUTES, FACET_ATTRIBUTES, bit, type SearchAttribute } from '../../../shared/search-attributes.ts';
import { invalidate } from '../kysely/cache.ts';
import { namesItsCompany, type QueryDb } from '../kysely/query.ts';
import type { HomeCategoryRow, SuggestionRow } from '../rows.ts';
import { cacheTags, searchRowTags as rowTags } from '../../cache/tags.ts';

/** The advisory lock class of summary keys (any number the app uses for nothing else). */
const SUMMARY_LOCK = 2_402;

/** Changes kept in search_changes for the facet stores to catch up from (as on SQLite). */
const KEPT_CHANGES = 50_000;

const PLAN_WEIGHT = (column: string) => `CASE ${column} WHEN 'GOLD' THEN 3 WHEN 'SILVER' THEN 2 WHEN 'BRONZE' THEN 1 ELSE 0 END`;

/** The bitmask of a post's attribute rows. */
function mask(attribute: SearchAttribute): string {
  const cases = attribute.keys.map((key) => `WHEN '${key}' THEN ${bit(attribute, key)}`).join(' ');
  return `(SELECT coalesce(sum(CASE value ${cases} ELSE 0 END), 0) FROM post_attributes WHERE post_id = p.id AND name = '${attribute.attribute}')`;
}

/** Within a group, the rows having `key` of `attribute`. */
function countOf(attribute: SearchAttribute, key: string): string {
  return attribute.kind === 'mask'
    ? `count(*) FILTER (WHERE (${attribute.column} & ${bit(attribute, key)}) <> 0)`
    : `count(*) FILTER (WHERE ${attribute.column} = '${key}')`;
}

const LIVE = (now: string) => sql`(p.status = 'active' AND (p.expires_at IS NULL OR p.expires_at > ${now}))`;

/** A post's category names in Malay and Chinese (issue 42), for its search document. */
const OTHER_NAMES = `coalesce((SELECT string_agg(n.name, ' ') FROM category_names n WHERE n.category_id IN (c.id, c.parent_id)), '')`;

/**
 * What the keyword search reads beside the title: summary, category names and a buy & sell post's condition in every
 * language, and the company unless confidential.
 */
const BODY = `p.summary || ' ' || c.name || ' ' || coalesce(parent.name, '') || ' ' || ${OTHER_NAMES} || ' ' || ${conditionWordsSql('b')} ||
  CASE WHEN coalesce(j.company_confidential, h.company_confidential, false) THEN '' ELSE ' ' || pr.name END`;

/** A post's own category's names in every language (issue 63): weight C, which relevance reads first (search.ts). */
const OWN_NAMES = `c.name || ' ' || coalesce((SELECT string_agg(n.name, ' ') FROM category_names n WHERE n.category_id = c.id), '')`;

const WORDS = `setweight(to_tsvector('yp_words', p.title), 'A') || setweight(to_tsvector('yp_words', ${OWN_NAMES}), 'C')
  || setweight(to_tsvector('yp_words', ${BODY}), 'B')`;

/**
 * Where a post is placed for Near Me and distances: its first location, or for a confidential job or hireme post the
 * centre of its town (issue 38), as lat, lon and the unit vector x, y, z.
 */
const POINT = ['latitude', 'longitude'].map((axis) => `CASE WHEN coalesce(j.company_confidential, h.company_confidential, false) THEN town.${axis} ELSE l.${axis} END`)
  .reduce((lat, lon) => `${lat}, ${lon}, cos(radians(${lat})) * cos(radians(${lon})), cos(radians(${lat})) * sin(radians(${lon})), sin(radians(${lat}))`);

/** The search rows of the live posts `where` picks. */
function insertRows(now: string, where: RawBuilder<unknown>) {
  return sql`INSERT INTO search_posts (post_id, type, plan_weight, rating, rating_count, published_at, sort_title, price,
      category_id, parent_id, state_id, city_id, lat, lon, x, y, z, job_type, job_qualification, job_level, hireme_type, hireme_rate,
      hireme_expertise, buysell_type, buysell_condition, buysell_method, first_live_at, words)
    SELECT p.id, p.type, ${sql.raw(PLAN_WEIGHT('p.plan'))}, p.rating, p.rating_count, p.published_at, lower(p.title),
      coalesce(p.price_min_sen, p.price_max_sen) / 100.0,
      c.id, coalesce(c.parent_id, c.id), l.state_id, l.city_id, ${sql.raw(POINT)},
      ${sql.raw(mask(ATTRIBUTES.job_type))}, ${sql.raw(mask(ATTRIBUTES.job_qualification))}, j.level,
      ${sql.raw(mask(ATTRIBUTES.hireme_type))}, h.rate, h.expertise,
      b.deal_type, b.condition, ${sql.raw(mask(ATTRIBUTES.buysell_method))}, coalesce(p.first_live_at, p.published_at), ${sql.raw(WORDS)}
    FROM posts p
    JOIN profiles pr ON pr.id = p.profile_id
    JOIN post_categories pc ON pc.post_id = p.id AND pc.position = 0
    JOIN categories c ON c.id = pc.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id
    JOIN post_locations pl ON pl.post_id = p.id AND pl.position = 0
    JOIN locations l ON l.id = pl.location_id
    JOIN cities town ON town.id = l.city_id
    LEFT JOIN job_details j ON j.post_id = p.id
    LEFT JOIN hireme_details h ON h.post_id = p.id
    LEFT JOIN buysell_details b ON b.post_id = p.id
    WHERE ${LIVE(now)} AND ${where}`;
}

/**
 * Adds to the search rows of the posts `where` picks the words the application makes (search/engine/tokens.ts: Han pairs,
 * Malay stems and synonyms), which PostgreSQL's parser cannot: read back, worked out here, written in one statement;
 * those of its own category's names have their weight (C).
 */
async function addTerms(db: QueryDb, where: RawBuilder<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; names: string; text: string }>`SELECT p.id, ${sql.raw(OWN_NAMES)} AS names,
      p.title || ' ' || ${sql.raw(BODY)} AS text
    FROM search_posts s
    JOIN posts p ON p.id = s.post_id
    JOIN profiles pr ON pr.id = p.profile_id
    JOIN post_categories pc ON pc.post_id = p.id AND pc.position = 0
    JOIN categories c ON c.id = pc.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id
    LEFT JOIN job_details j ON j.post_id = p.id
    LEFT JOIN hireme_details h ON h.post_id = p.id
    LEFT JOIN buysell_details b ON b.post_id = p.id
    WHERE ${where}`.execute(db);
  const ids: number[] = [];
  const nameTerms: string[] = [];
  const terms: string[] = [];
  for (const row of rows) {
    const names = documentTerms(row.names);
    const added = documentTerms(row.text);
    if (names === '' && added === '') continue;
    ids.push(row.id);
    nameTerms.push(names);
    terms.push(added);
  }
  if (ids.length === 0) return;
  await sql`UPDATE search_posts s SET words = s.words || setweight(to_tsvector('yp_words', t.names), 'C') || setweight(to_tsvector('yp_words', t.terms), 'B')
    FROM unnest(${ids}::bigint[], ${nameTerms}::text[], ${terms}::text[]) AS t(id, names, terms) WHERE s.post_id = t.id`.execute(db);
}

/**
 * Recomputes summary and facet-count rows for one (type, category, state) key, or all of them. The caller holds the
 * key's lock (lockSummaryKeys), or the tables' for all of them: two writers recounting one key would both delete
 * what they saw, and the second's insert would meet the first's rows.
 */
async function refreshSummary(db: QueryDb, key?: { type: string; categoryId: number; stateId: number }): Promise<void> {
  if (!key) await sql`LOCK TABLE search_summary, search_facet_counts IN EXCLUSIVE MODE`.execute(db);
  const scope = key ? sql`type = ${key.type} AND category_id = ${key.categoryId} AND state_id = ${key.stateId}` : sql`true`;
  await sql`DELETE FROM search_summary WHERE ${scope}`.execute(db);
  await sql`DELETE FROM search_facet_counts WHERE ${scope}`.execute(db);
  await sql`INSERT INTO search_summary (type, category_id, parent_id, state_id, doc_count, min_price, max_price)
    SELECT type, category_id, min(parent_id), state_id, count(*), min(price), max(price) FROM search_posts WHERE ${scope}
    GROUP BY type, category_id, state_id`.execute(db);
  for (const name of FACET_ATTRIBUTES) {
    const attribute = ATTRIBUTES[name];
    for (const facetKey of attribute.keys) {
      const counted = sql.raw(countOf(attribute, facetKey));
      await sql`INSERT INTO search_facet_counts (type, category_id, parent_id, state_id, facet, key, doc_count)
        SELECT type, category_id, min(parent_id), state_id, ${name}, ${facetKey}, ${counted}
        FROM search_posts WHERE type = ${attribute.type} AND ${scope}
        GROUP BY type, category_id, state_id HAVING ${counted} > 0`.execute(db);
    }
  }
}

async function rebuildSuggestions(db: QueryDb): Promise<void> {
  await sql`DELETE FROM search_suggestions`.execute(db);
  await sql`INSERT INTO search_suggestions (kind, type, label, weight, words)
    SELECT 'category', c.type, c.name, sum(coalesce((SELECT sum(doc_count) FROM search_summary s
      WHERE s.category_id = c.id OR (c.parent_id IS NULL AND s.parent_id = c.id)), 0)), to_tsvector('yp_words', c.name)
    FROM categories c GROUP BY c.type, c.name`.execute(db);
  await sql`INSERT INTO search_suggestions (kind, type, label, weight, words)
    SELECT 'business', 'services', pr.name, max((${sql.raw(PLAN_WEIGHT('pr.plan'))}) * 1000 + pr.rating_count), to_tsvector('yp_words', pr.name)
    FROM profiles pr WHERE pr.kind = 'business' GROUP BY pr.name
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO search_suggestions (kind, type, label, weight, words)
    SELECT 'title', type, title, count(*) + max(${sql.raw(PLAN_WEIGHT('plan'))}), to_tsvector('yp_words', title) FROM posts GROUP BY type, title
    ON CONFLICT DO NOTHING`.execute(db);
}

async function pruneChanges(db: QueryDb, keep: number): Promise<void> {
  await sql`DELETE FROM search_changes WHERE seq <= (SELECT max(seq) FROM search_changes) - ${keep}`.execute(db);
}

/** The cache tags of live posts as their search rows place them (decision 0017; the same as SQLite's). */
async function searchRowTags(db: QueryDb, ids: readonly number[]): Promise<string[]> {
  const { rows } = await sql<{
    post_id: number; type: string; profile_id: number; slug: string; category: string; parent: string | null; state: string | null; city: string | null;
  }>`SELECT sp.post_id, sp.type, p.profile_id, p.slug, c.slug AS category, parent.slug AS parent, lower(st.name) AS state, lower(ci.name) AS city
    FROM search_posts sp JOIN posts p ON p.id = sp.post_id JOIN categories c ON c.id = sp.category_id
    LEFT JOIN categories parent ON parent.id = sp.parent_id
    LEFT JOIN states st ON st.id = sp.state_id LEFT JOIN cities ci ON ci.id = sp.city_id
    WHERE sp.post_id = ANY(${[...ids]}::bigint[])`.execute(db);
  return rows.flatMap(rowTags);
}

/**
 * Brings the search tables up to date for the given posts after they were inserted, edited or deleted: rows, words,
 * the summary keys they left and joined, their titles as suggestions, and the cache tags of before and after.
 */
export async function reindexPosts(db: QueryDb, ids: readonly number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  const list = [...ids];
  const keys = new Map<string, { type: string; categoryId: number; stateId: number }>();
  const collect = async () => {
    const { rows } = await sql<{ type: string; category_id: number; state_id: number }>`SELECT DISTINCT type, category_id, state_id
      FROM search_posts WHERE post_id = ANY(${list}::bigint[])`.execute(db);
    for (const row of rows) keys.set(`${row.type}/${row.category_id}/${row.state_id}`, { type: row.type, categoryId: row.category_id, stateId: row.state_id });
  };
  await collect();
  const tags = new Set(await searchRowTags(db, list));
  await sql`DELETE FROM search_posts WHERE post_id = ANY(${list}::bigint[])`.execute(db);
  await insertRows(now, sql`p.id = ANY(${list}::bigint[])`).execute(db);
  await addTerms(db, sql`p.id = ANY(${list}::bigint[])`);
  await collect();
  for (const tag of await searchRowTags(db, list)) tags.add(tag);
  for (const id of ids) tags.add(cacheTags.post(id));
  await invalidate(db, [...tags], now);
  // The keys' locks, in one order (no two writers wait on each other), held to the commit.
  const ordered = [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
  for (const key of ordered) await sql`SELECT pg_advisory_xact_lock(${SUMMARY_LOCK}, hashtext(${`${key.type}/${key.categoryId}/${key.stateId}`}))`.execute(db);
  for (const key of ordered) await refreshSummary(db, key);
  await sql`INSERT INTO search_suggestions (kind, type, label, weight, words)
    SELECT DISTINCT 'title', type, title, 1, to_tsvector('yp_words', title) FROM posts WHERE id = ANY(${list}::bigint[])
    ON CONFLICT DO NOTHING`.execute(db);
  await pruneChanges(db, KEPT_CHANGES);
}

/** Rows of posts in [fromId, toId): replaced in place, so searches keep finding them while a rebuild runs. */
export async function reindexPostRange(db: QueryDb, fromId: number, toId: number, now: string): Promise<void> {
  await sql`DELETE FROM search_posts WHERE post_id >= ${fromId} AND post_id < ${toId}`.execute(db);
  await insertRows(now, sql`p.id >= ${fromId} AND p.id < ${toId}`).execute(db);
  await addTerms(db, sql`p.id >= ${fromId} AND p.id < ${toId}`);
}

/** Drops rows of posts that no longer exist, then recounts the summaries and suggestions: the last step of a rebuild. */
export async function finishRebuild(db: QueryDb, now: string): Promise<void> {
  await invalidate(db, [cacheTags.everything], now);
  await sql`DELETE FROM search_posts WHERE NOT EXISTS (SELECT 1 FROM posts WHERE posts.id = search_posts.post_id)`.execute(db);
  await refreshSummary(db);
  await rebuildSuggestions(db);
  // Every row may have changed: the log restarts with one entry for post 0, which tells the facet stores to reload.
  await pruneChanges(db, 0);
  await sql`INSERT INTO search_changes (post_id) VALUES (0)`.execute(db);
}

/** The post ids a rebuild walks, lowest and highest. */
export async function postIdBounds(db: QueryDb): Promise<{ low: number; high: number }> {
  const { rows } = await sql<{ low: number; high: number }>`SELECT coalesce(min(id), 0) AS low, coalesce(max(id), -1) AS high FROM posts`.execute(db);
  return rows[0]!;
}

/** Best posts of a category (a main category includes its children): paying plans first, then rating, then the newest. */
export async function findTopPostIdsInCategory(db: QueryDb, categoryId: number, limit: number): Promise<number[]> {
  const category = await db.selectFrom('categories').select('parent_id').where('id', '=', categoryId).executeTakeFirst();
  const column = sql.raw(category?.parent_id === null ? 'parent_id' : 'category_id');
  const { rows } = await sql<{ post_id: number }>`SELECT post_id FROM search_posts WHERE ${column} = ${categoryId}
    ORDER BY plan_weight DESC, rating DESC, published_at DESC, post_id LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.post_id);
}

/** Posts of other profiles in the given categories that name their company, best first: the related posts of a FREE profile. */
export async function findRelatedPostIds(db: QueryDb, profileId: number, categoryIds: readonly number[], limit: number): Promise<number[]> {
  const { rows } = await sql<{ post_id: number }>`SELECT s.post_id FROM search_posts s JOIN posts p ON p.id = s.post_id
    WHERE s.category_id = ANY(${[...categoryIds]}::bigint[]) AND p.profile_id <> ${profileId} AND ${namesItsCompany}
    ORDER BY s.plan_weight DESC, s.rating DESC, s.published_at DESC, s.post_id LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.post_id);
}

/** Main categories of a type with how many posts they hold, largest first. */
export async function findBusiestMainCategories(db: QueryDb, type: ListingType, limit: number): Promise<HomeCategoryRow[]> {
  const { rows } = await sql<HomeCategoryRow>`SELECT c.id, c.type, c.name, c.slug, NULL AS parent_name, NULL AS parent_slug
    FROM categories c JOIN (SELECT parent_id, sum(doc_count) AS n FROM search_summary WHERE type = ${type} GROUP BY parent_id) t
      ON t.parent_id = c.id
    ORDER BY t.n DESC, c.position LIMIT ${limit}`.execute(db);
  return rows;
}

/** Categories that hold posts, with their parent's slug, for category listing pages. */
export async function findCategoryPages(db: QueryDb): Promise<{ type: ListingType; slug: string; parent_slug: string | null }[]> {
  const { rows } = await sql<{ type: ListingType; slug: string; parent_slug: string | null }>`SELECT c.type, c.slug, parent.slug AS parent_slug
    FROM categories c LEFT JOIN categories parent ON parent.id = c.parent_id
    WHERE EXISTS (SELECT 1 FROM search_summary s WHERE s.category_id = c.id OR s.parent_id = c.id)
    ORDER BY c.type, c.id`.execute(db);
  return rows;
}

/** The labels of a type's search suggestions, the most used first. */
export async function findVocabulary(db: QueryDb, type: ListingType, limit: number): Promise<string[]> {
  const { rows } = await sql<{ label: string }>`SELECT label FROM search_suggestions WHERE type = ${type} ORDER BY weight DESC, label LIMIT ${limit}`.execute(db);
  return rows.map((row) => row.label);
}

/**
 * Autocomplete: labels having every word (the last as a prefix), those starting with the typed text first, then
 * categories, businesses, titles.
 */
export async function findSuggestions(db: QueryDb, words: readonly string[], typed: string, type: ListingType | undefined, limit: number): Promise<SuggestionRow[]> {
  // Words are letters and digits only (search/autocomplete.ts), so they are safe inside a tsquery.
  const query = words.map((word, index) => `${word}${index === words.length - 1 ? ':*' : ''}`).join(' & ');
  const lowered = typed.toLowerCase();
  const { rows } = await sql<SuggestionRow>`SELECT label, kind, type FROM search_suggestions
    WHERE words @@ to_tsquery('yp_words', ${query}) AND (${type ?? null}::text IS NULL OR type = ${type ?? null})
    ORDER BY left(lower(label), length(${lowered})) = ${lowered} DESC,
      CASE kind WHEN 'category' THEN 0 WHEN 'business' THEN 1 ELSE 2 END, weight DESC, label
    LIMIT ${limit}`.execute(db);
  return rows;
}
