/** SQL of the search engine over the tables of migration 0002. */
import type { SQLInputValue } from 'node:sqlite';
import type { ListingType } from '../../../../shared/constants.ts';
import type { GroupRow, PageRow, SearchFilter as DomainFilter, SearchSort } from '../../../search/engine/filter.ts';
import { ATTRIBUTES, bit, type AttributeName } from '../../../../shared/search-attributes.ts';
import { countSql } from './search-sql.ts';
import type { SuggestionRow } from '../../rows.ts';
import { distanceTest, unitVector } from '../../../search/engine/geo.ts';
import type { Db } from '../connection.ts';
import { all, one, statement } from '../query.ts';
import { FTS_SELECT } from './search-index.ts';

export type { GroupRow, PageRow, SearchSort } from '../../../search/engine/filter.ts';

/** The service's filter as SQLite runs it: with the words as FTS5 expressions. */
export interface SearchFilter extends DomainFilter {
  /** An FTS5 expression, narrowed to the type inside the index (for SQL that joins the rest of the row). */
  match?: string;
  /** The same words for any type: cheaper when the type is checked elsewhere (the facet store). */
  matchAnyType?: string;
}

/**
 * Cosine of the angle between the row's location and the origin, both as unit vectors: it falls as
 * the great-circle distance grows (distance = R·acos(dot)), so it filters and orders exactly.
 */
const DOT = '(s.x * :gx + s.y * :gy + s.z * :gz)';

export function findCategoryId(db: Db, type: ListingType | undefined, slug: string, parent: boolean): number | undefined {
  return one<{ id: number }>(db, `SELECT id FROM categories WHERE slug = ? AND (? IS NULL OR type = ?)
    AND (parent_id IS NULL) = ? ORDER BY id LIMIT 1`, slug, type ?? null, type ?? null, parent ? 1 : 0)?.id;
}

/** A state or town by name, case-insensitively; a state wins over a town of the same name. */
export function findPlace(db: Db, name: string): { stateId: number } | { cityId: number } | undefined {
  const state = one<{ id: number }>(db, 'SELECT id FROM states WHERE name = ? COLLATE NOCASE', name);
  if (state) return { stateId: state.id };
  const city = one<{ id: number }>(db, 'SELECT id FROM cities WHERE name = ? COLLATE NOCASE ORDER BY id LIMIT 1', name);
  if (city) return { cityId: city.id };
  // 'Petaling Jaya, Selangor' (a listing's city_state): the town in that state.
  const [town, region] = name.split(',').map((part) => part.trim());
  if (!town || !region) return undefined;
  const match = one<{ id: number }>(db, `SELECT c.id FROM cities c JOIN states s ON s.id = c.state_id
    WHERE c.name = ? COLLATE NOCASE AND s.name = ? COLLATE NOCASE`, town, region);
  return match && { cityId: match.id };
}

interface Where {
  from: string;
  clauses: string[];
  params: Record<string, SQLInputValue>;
}

function where(filter: SearchFilter, withScore: boolean): Where {
  const clauses: string[] = [];
  const params: Record<string, SQLInputValue> = {};
  // "New since" (a saved search's alert) is a short stretch of one type's newest index: read from it, whatever else
  // narrows the search, and a keyword's matches checked against it, not joined from the whole full-text index.
  // Without this the planner reads a whole category, state or keyword and keeps the few new ones (30 ms, not 2).
  const newest = filter.liveSince !== undefined && filter.type !== undefined && !withScore;
  let from = newest ? 'search_posts s INDEXED BY search_posts_newest' : 'search_posts s';
  if (filter.match !== undefined && newest) {
    clauses.push('s.post_id IN (SELECT rowid FROM search_fts WHERE search_fts MATCH :match)');
    params.match = filter.match;
  } else if (filter.match !== undefined) {
    from = `(SELECT rowid AS id${withScore ? ', bm25(search_fts, 0, 10, 2) AS score' : ''} FROM search_fts WHERE search_fts MATCH :match) f
      JOIN search_posts s ON s.post_id = f.id`;
    params.match = filter.match;
  }
  // The type is one of four validated words, written literally so the per-type partial indexes apply.
  if (filter.type) clauses.push(`s.type = '${filter.type}'`);
  if (filter.categoryId !== undefined) { clauses.push('s.category_id = :category'); params.category = filter.categoryId; }
  if (filter.parentId !== undefined) { clauses.push('s.parent_id = :parent'); params.parent = filter.parentId; }
  if (filter.stateId !== undefined) { clauses.push('s.state_id = :state'); params.state = filter.stateId; }
  if (filter.cityId !== undefined) { clauses.push('s.city_id = :city'); params.city = filter.cityId; }
  if (filter.liveSince !== undefined) { clauses.push('s.first_live_at > :liveSince'); params.liveSince = filter.liveSince; }
  if (filter.price) {
    clauses.push('s.price >= :priceMin');
    params.priceMin = filter.price.min;
    if (filter.price.max !== null) { clauses.push('s.price <= :priceMax'); params.priceMax = filter.price.max; }
  }
  if (filter.geo) {
    if (filter.geo.km !== null) {
      Object.assign(params, unitVector(filter.geo.lat, filter.geo.lon));
      // A bounding box the index can range over (slightly generous), then the exact great-circle test.
      const dLat = (filter.geo.km / 110.574) * 1.01;
      const dLon = (filter.geo.km / (111.32 * Math.max(0.01, Math.cos((filter.geo.lat * Math.PI) / 180)))) * 1.01 + 0.001;
      // Bound, never written into the SQL text: every distinct text would be another cached statement.
      clauses.push('s.lat BETWEEN :latMin AND :latMax', 's.lon BETWEEN :lonMin AND :lonMax');
      Object.assign(params, {
        latMin: filter.geo.lat - dLat, latMax: filter.geo.lat + dLat, lonMin: filter.geo.lon - dLon, lonMax: filter.geo.lon + dLon,
      });
      clauses.push(`${DOT} >= :minDot`);
      params.minDot = distanceTest(filter.geo.lat, filter.geo.lon, filter.geo.km).minDot;
    }
  }
  if (filter.box) {
    // The map's box (issue 43), edges included, over the same (type, lat, lon) index as Near Me.
    clauses.push('s.lat BETWEEN :boxSouth AND :boxNorth', 's.lon BETWEEN :boxWest AND :boxEast');
    const [boxWest, boxSouth, boxEast, boxNorth] = filter.box;
    Object.assign(params, { boxWest, boxSouth, boxEast, boxNorth });
  }
  for (const { name, keys } of filter.attributes) {
    const attribute = ATTRIBUTES[name];
    if (attribute.kind === 'mask') {
      clauses.push(`(s.${attribute.column} & ${keys.reduce((mask, key) => mask | bit(attribute, key), 0)}) != 0`);
    } else {
      clauses.push(`s.${attribute.column} IN (${keys.map((key) => `'${key}'`).join(', ')})`);
    }
  }
  return { from, clauses, params };
}

function whereSql(clauses: string[]): string {
  return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
}

/** True when the precomputed summary can answer: only type, category and state narrow the set. */
export function summaryCanAnswer(filter: SearchFilter): boolean {
  return filter.match === undefined && filter.geo?.km == null && filter.box === undefined && filter.price === undefined
    && filter.cityId === undefined && filter.attributes.length === 0 && filter.liveSince === undefined;
}

/** Totals per category and per state, the price range and facet counts, from the summary tables. */
export function summaryGroups(db: Db, filter: SearchFilter): {
  categories: GroupRow[];
  states: { state_id: number; n: number }[];
  facets: { facet: string; key: string; n: number }[];
} {
  const clauses: string[] = [];
  const params: SQLInputValue[] = [];
  if (filter.type) { clauses.push('type = ?'); params.push(filter.type); }
  if (filter.categoryId !== undefined) { clauses.push('category_id = ?'); params.push(filter.categoryId); }
  if (filter.parentId !== undefined) { clauses.push('parent_id = ?'); params.push(filter.parentId); }
  if (filter.stateId !== undefined) { clauses.push('state_id = ?'); params.push(filter.stateId); }
  const categories = all<GroupRow>(db, `SELECT category_id, 0 AS state_id, sum(doc_count) AS n, min(min_price) AS min_price,
    max(max_price) AS max_price FROM search_summary ${whereSql(clauses)} GROUP BY category_id`, ...params);
  const states = all<{ state_id: number; n: number }>(db, `SELECT state_id, sum(doc_count) AS n
    FROM search_summary ${whereSql(clauses)} GROUP BY state_id`, ...params);
  const facets = all<{ facet: string; key: string; n: number }>(db, `SELECT facet, key, sum(doc_count) AS n
    FROM search_facet_counts ${whereSql(clauses)} GROUP BY facet, key`, ...params);
  return { categories, states, facets };
}

/** One grouped pass over the filtered set: totals per (category, state) plus the given facet counts. */
export function scanGroups(db: Db, filter: SearchFilter, facetAttributes: readonly AttributeName[]): GroupRow[] {
  const { from, clauses, params } = where(filter, false);
  const counts = facetAttributes.flatMap((name) =>
    ATTRIBUTES[name].keys.map((key) => `${countSql(ATTRIBUTES[name], key)} AS "${name}:${key}"`));
  return statement(db, `SELECT s.category_id, s.state_id, count(*) AS n, min(s.price) AS min_price, max(s.price) AS max_price
    ${counts.map((sql) => `, ${sql}`).join('')}
    FROM ${from} ${whereSql(clauses)} GROUP BY s.category_id, s.state_id`).all(params) as GroupRow[];
}

/** Every match with its place, in no set order (issue 43: the map's clusters, when the facet store cannot count). */
export function matchRows(db: Db, filter: SearchFilter): PageRow[] {
  const { from, clauses, params } = where(filter, false);
  return statement(db, `SELECT s.post_id, s.lat, s.lon FROM ${from} ${whereSql(clauses)}`).all(params) as unknown as PageRow[];
}

const ORDER: Record<SearchSort, string> = {
  recommended: 's.plan_weight DESC, s.rating DESC, s.published_at DESC, s.post_id',
  rating: 's.rating DESC, s.rating_count DESC, s.post_id',
  az: 's.sort_title ASC, s.post_id',
  za: 's.sort_title DESC, s.post_id DESC',
  relevance: 'f.score, s.plan_weight DESC, s.post_id',
  distance: `${DOT} DESC, s.post_id`,
  newest: 's.first_live_at DESC, s.post_id DESC',
};

/**
 * Radii tried, as fractions of the chosen distance, for the nearest posts: the posts within a small
 * circle are the nearest of all when there are enough of them, so a page by distance rarely has to
 * sort every post within 10 km (a 60,000-row sort around Kuala Lumpur).
 */
const NEAREST_LADDER = [1 / 16, 1 / 4, 1];

/** One page of post ids in the requested order. */
export function pageRows(db: Db, filter: SearchFilter, sort: SearchSort, limit: number, offset: number): PageRow[] {
  const geo = filter.geo;
  if (sort === 'distance' && geo && geo.km !== null) {
    for (const fraction of NEAREST_LADDER) {
      const rows = sortedPage(db, { ...filter, geo: { ...geo, km: geo.km * fraction } }, sort, limit, offset);
      if (rows.length === limit || fraction === 1) return rows;
    }
  }
  return sortedPage(db, filter, sort, limit, offset);
}

function sortedPage(db: Db, filter: SearchFilter, sort: SearchSort, limit: number, offset: number): PageRow[] {
  const { from, clauses, params } = where(filter, sort === 'relevance');
  if (sort === 'distance' && filter.geo) Object.assign(params, unitVector(filter.geo.lat, filter.geo.lon));
  return statement(db, `SELECT s.post_id, s.lat, s.lon FROM ${from} ${whereSql(clauses)}
    ORDER BY ${ORDER[sort]} LIMIT :limit OFFSET :offset`).all({ ...params, limit, offset }) as unknown as PageRow[];
}

function parseIds(list: unknown): Uint32Array {
  if (typeof list !== 'string' || list === '') return new Uint32Array(0);
  const parts = list.split(',');
  const ids = new Uint32Array(parts.length);
  for (let index = 0; index < parts.length; index++) ids[index] = Number(parts[index]);
  return ids;
}

/**
 * A type's newest listings from a time on, newest first, kept per search connection for alert runs: ten thousand
 * saved searches ask for the same few days of one type, so it is read once and kept up to date from the change log
 * (search_changes, as the facet store is), with a temporary full-text index of just those listings for keywords.
 */
interface Stretch {
  since: string;
  /** The change-log position it is up to date with. */
  seq: number;
  ids: number[];
  /** first_live_at of each id, in the same order (newest first). */
  times: string[];
  /** True once its temporary full-text table holds its listings. */
  indexed: boolean;
}

const stretches = new WeakMap<Db, Map<string, Stretch>>();
/**
 * Listings a stretch holds at most (about ten days of a type at 500,000 listings): a search further back is left to
 * SQL, so one old "new since" never makes a worker hold, or index for keywords, months of listings.
 */
const MAX_STRETCH = 20_000;
/** More changes than this since a stretch was read (an index rebuild): it is read again rather than patched. */
const MAX_PATCH = 2_000;

/** The temporary FTS5 table of a type's stretch: the text search_fts holds, with its tokenizer, for those listings only. */
const stretchTable = (type: string) => `search_stretch_${type}`;

function indexStretch(db: Db, type: string, ids: readonly number[]): void {
  if (ids.length > 0) statement(db, `INSERT INTO temp.${stretchTable(type)} (rowid, kind, title, body) ${FTS_SELECT} AND p.id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
}

function readStretch(db: Db, type: string, since: string, ids?: readonly number[]): { post_id: number; first_live_at: string }[] {
  const only = ids ? ' AND post_id IN (SELECT value FROM json_each(?))' : '';
  return statement(db, `SELECT post_id, first_live_at FROM search_posts INDEXED BY search_posts_newest WHERE type = ? AND first_live_at > ?${only}
    ORDER BY first_live_at DESC, post_id DESC`).all(type, since, ...(ids ? [JSON.stringify(ids)] : [])) as { post_id: number; first_live_at: string }[];
}

/**
 * The stretch of `type` from `since` at change-log position `seq`: read again when it starts later (or too much
 * changed), else brought up to date; undefined when it would hold more than MAX_STRETCH listings.
 */
function stretchOf(db: Db, type: string, since: string, seq: number): Stretch | undefined {
  let byType = stretches.get(db);
  if (!byType) stretches.set(db, byType = new Map());
  const kept = byType.get(type);
  const log = kept && kept.seq !== seq ? one<{ first: number | null }>(db, 'SELECT min(seq) AS first FROM search_changes') : undefined;
  const first = log?.first ?? null;
  if (!kept || since < kept.since || (first !== null && first > kept.seq + 1) || (kept.seq !== seq && seq - kept.seq > MAX_PATCH)) {
    const size = one<{ n: number }>(db, 'SELECT count(*) AS n FROM search_posts INDEXED BY search_posts_newest WHERE type = ? AND first_live_at > ?', type, since)?.n ?? 0;
    if (size > MAX_STRETCH) return undefined;
    const rows = readStretch(db, type, since);
    db.exec(`DROP TABLE IF EXISTS temp.${stretchTable(type)}`);
    const stretch: Stretch = { since, seq, ids: rows.map((row) => row.post_id), times: rows.map((row) => row.first_live_at), indexed: false };
    byType.set(type, stretch);
    return stretch;
  }
  if (kept.seq !== seq) {
    const changed = (statement(db, 'SELECT DISTINCT post_id FROM search_changes WHERE seq > ? AND seq <= ?').all(kept.seq, seq) as { post_id: number }[]).map((row) => row.post_id);
    const gone = new Set(changed);
    const rows = [...kept.ids.map((id, index) => ({ post_id: id, first_live_at: kept.times[index]! })).filter((row) => !gone.has(row.post_id)),
      ...readStretch(db, type, kept.since, changed)];
    rows.sort((a, b) => (a.first_live_at < b.first_live_at ? 1 : a.first_live_at > b.first_live_at ? -1 : b.post_id - a.post_id));
    if (kept.indexed && changed.length > 0) {
      statement(db, `DELETE FROM temp.${stretchTable(type)} WHERE rowid IN (SELECT value FROM json_each(?))`).run(JSON.stringify(changed));
      indexStretch(db, type, rows.filter((row) => gone.has(row.post_id)).map((row) => row.post_id));
    }
    kept.ids = rows.map((row) => row.post_id);
    kept.times = rows.map((row) => row.first_live_at);
    kept.seq = seq;
  }
  return kept;
}

/**
 * Ids of one type's posts that first went live after `liveSince`, newest first; with a keyword, only those it
 * matches. A saved search's alert reads this instead of a whole category or keyword (a common word's doclist in
 * search_fts is 80,000 posts long). `seq` is the change-log position the facet store was just brought to. Undefined
 * when the stretch would be too long: SQL answers instead.
 */
export function newestSince(db: Db, filter: SearchFilter, seq: number): Uint32Array | undefined {
  const type = filter.type ?? '';
  const since = filter.liveSince ?? '';
  const stretch = stretchOf(db, type, since, seq);
  if (!stretch) return undefined;
  // The stretch is newest first: the listings after `since` are a prefix of it.
  let end = 0;
  for (let high = stretch.times.length; end < high;) {
    const middle = (end + high) >>> 1;
    if (stretch.times[middle]! > since) end = middle + 1;
    else high = middle;
  }
  const ids = stretch.ids.slice(0, end);
  if (filter.match === undefined || ids.length === 0) return Uint32Array.from(ids);
  if (!stretch.indexed) {
    db.exec(`DROP TABLE IF EXISTS temp.${stretchTable(type)}; CREATE VIRTUAL TABLE temp.${stretchTable(type)}
      USING fts5(kind, title, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2')`);
    indexStretch(db, type, stretch.ids);
    stretch.indexed = true;
  }
  const table = stretchTable(type);
  const matched = new Set((statement(db, `SELECT rowid AS id FROM temp.${table} WHERE ${table} MATCH ?`).all(filter.match) as { id: number }[]).map((row) => row.id));
  return Uint32Array.from(ids.filter((id) => matched.has(id)));
}

/** The page rows of these posts, in this order (their places, for distances). */
export function placesOf(db: Db, ids: ArrayLike<number>): PageRow[] {
  if (ids.length === 0) return [];
  const list = Array.from(ids);
  const byId = new Map((statement(db, `SELECT post_id, lat, lon FROM search_posts WHERE post_id IN (${list.map(() => '?').join(',')})`)
    .all(...list) as unknown as PageRow[]).map((row) => [row.post_id, row]));
  return list.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Ids of the posts the keyword matches, straight from the full-text index (no join to the rest of
 * the row: the facet store checks the other filters), or undefined without a keyword.
 */
export function candidateIds(db: Db, filter: SearchFilter): Uint32Array | undefined {
  if (filter.match === undefined) return undefined;
  return parseIds(statement(db, 'SELECT group_concat(rowid) AS ids FROM search_fts WHERE search_fts MATCH ?').get(filter.matchAnyType ?? filter.match)?.ids);
}

/**
 * The sort orders a page can be taken from by walking an index in order and keeping the matching
 * posts: the narrowest index the filter allows. Undefined for relevance and distance.
 */
function walkSql(filter: SearchFilter, sort: SearchSort, withPlace: boolean): { sql: string; params: SQLInputValue[] } | undefined {
  const columns = `s.post_id${withPlace ? ', s.lat, s.lon' : ', 0 AS lat, 0 AS lon'}`;
  const type = filter.type ? `s.type = '${filter.type}'` : undefined;
  if (sort === 'recommended') {
    const order = `ORDER BY ${ORDER.recommended}`;
    const from = (index: string) => `SELECT ${columns} FROM search_posts s INDEXED BY ${index}`;
    if (filter.categoryId !== undefined) return { sql: `${from('search_posts_category')} WHERE s.category_id = ? ${order}`, params: [filter.categoryId] };
    if (filter.parentId !== undefined) return { sql: `${from('search_posts_parent')} WHERE s.parent_id = ? ${order}`, params: [filter.parentId] };
    if (type && filter.stateId !== undefined) return { sql: `${from('search_posts_state')} WHERE ${type} AND s.state_id = ? ${order}`, params: [filter.stateId] };
    if (type) return { sql: `${from('search_posts_recommended')} WHERE ${type} ${order}`, params: [] };
    return { sql: `SELECT ${columns} FROM search_posts s INDEXED BY search_posts_recommended_all ${order}`, params: [] };
  }
  if (!type || (sort !== 'rating' && sort !== 'az' && sort !== 'za')) return undefined;
  return { sql: `SELECT ${columns} FROM search_posts s INDEXED BY ${sort === 'rating' ? 'search_posts_rating' : 'search_posts_title'}
    WHERE ${type} ORDER BY ${ORDER[sort]}`, params: [] };
}

/**
 * One page in the requested order, taken by walking the sort's index and keeping the posts marked in
 * `members` (the filtered set): for broad sets the page is found after a few dozen rows instead of
 * sorting every match. Undefined when the sort has no index to walk.
 */
export function walkPage(db: Db, filter: SearchFilter, sort: SearchSort, members: Uint8Array, limit: number, offset: number): PageRow[] | undefined {
  const walk = walkSql(filter, sort, filter.geo !== undefined);
  if (!walk) return undefined;
  const page: PageRow[] = [];
  let skipped = 0;
  for (const row of statement(db, walk.sql).iterate(...walk.params) as IterableIterator<PageRow>) {
    if (members[row.post_id] !== 1) continue;
    if (skipped < offset) { skipped++; continue; }
    page.push({ post_id: row.post_id, lat: row.lat, lon: row.lon });
    if (page.length === limit) break;
  }
  return page;
}

export interface CategoryMeta {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
}

export function findCategoryMeta(db: Db): CategoryMeta[] {
  return all<CategoryMeta>(db, 'SELECT id, name, slug, parent_id FROM categories');
}

/** The labels of a type's search suggestions, the most used first. */
export function findVocabulary(db: Db, type: ListingType, limit: number): string[] {
  return (statement(db, 'SELECT label FROM search_suggestions WHERE type = ? ORDER BY weight DESC, label LIMIT ?').all(type, limit) as { label: string }[])
    .map((row) => row.label);
}

/** Autocomplete: labels having every word (the last as a prefix), those starting with the typed text first, then categories, businesses, titles. */
export function findSuggestions(db: Db, words: readonly string[], typed: string, type: ListingType | undefined, limit: number): SuggestionRow[] {
  const match = words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' AND ');
  return statement(db, `
    SELECT s.label, s.kind, s.type FROM search_suggestions_fts f JOIN search_suggestions s ON s.id = f.rowid
    WHERE search_suggestions_fts MATCH :match AND (:type IS NULL OR s.type = :type)
    ORDER BY substr(lower(s.label), 1, length(:typed)) = :typed DESC,
      CASE s.kind WHEN 'category' THEN 0 WHEN 'business' THEN 1 ELSE 2 END, s.weight DESC, s.label
    LIMIT :limit`).all({ match, typed: typed.toLowerCase(), type: type ?? null, limit }) as unknown as SuggestionRow[];
}
