/**
 * The search index on PostgreSQL (search/search-service.ts's `SearchIndex`), as SQLite's is built (decision 0002):
 * the summary tables for plain browsing; for everything else the in-memory facet store (design (a) of issue 24),
 * given the ids the tsvector's GIN index finds for the words; and the page sorted by SQL (places and distance
 * through btree ranges and the unit-vector dot product). SQL alone can count too (a grouped pass; `useFacetStore:
 * false`): the benchmarks measure both. The spec's rules live in the search service above.
 */
import { sql, type RawBuilder } from 'kysely';
import { ATTRIBUTES, bit, facetAttributesFor, type AttributeName } from '../../../shared/search-attributes.ts';
import { countsOfGroups, type FacetCounts, type GroupRow, type PageRow, type SearchFilter, type SearchSort, walkState } from '../../search/engine/filter.ts';
import { facetLookupsOf, positionsOfRows, type FacetLookups, type SearchIndex } from '../../search/engine/search-index.ts';
import { distanceTest, unitVector } from '../../search/engine/geo.ts';
import type { QueryDb } from '../kysely/query.ts';
import type { WordTerm } from '../../search/engine/word-index.ts';
import type { SlotCandidates } from '../../search/engine/facet-store.ts';
import type { CountShare } from '../../search/engine/count-worker.ts';
import type { TallyPart } from '../../search/engine/tally.ts';
import { LISTING_TYPES, type ListingType } from '../../../shared/constants.ts';
import { PostgresFacetStore } from './facet-store.ts';

/** Cosine of the angle between the row's location and the origin: it falls as the great-circle distance grows. */
function dot(lat: number, lon: number): RawBuilder<number> {
  const origin = unitVector(lat, lon);
  return sql<number>`(s.x * ${origin.gx}::float8 + s.y * ${origin.gy}::float8 + s.z * ${origin.gz}::float8)`;
}

/** The words as a tsquery: every word, the last as a prefix (from two letters on). Words are letters and digits only. */
function wordsQuery(words: readonly string[]): string {
  return words.map((word, index) => `${word}${index === words.length - 1 && word.length >= 2 ? ':*' : ''}`).join(' & ');
}

/**
 * The posts of one type (its partition, named: a `type = …` test on the parent keeps the test, so an index of the
 * partition cannot answer alone and every row is read from the heap: 28 ms for the first 2,000 jobs A–Z at 5 million
 * listings, 0.5 ms from the partition), or of every type, as `s`.
 */
const PARTITIONS = Object.fromEntries(LISTING_TYPES.map((type) => [type, sql`${sql.table(`search_posts_${type}`)} s`])) as Record<ListingType, RawBuilder<unknown>>;

function postsOf(type: ListingType | undefined): RawBuilder<unknown> {
  return type ? PARTITIONS[type] : sql`search_posts s`;
}

/** The filter's tests on `postsOf(filter.type)` (the type is the table's). */
function conditions(filter: SearchFilter): RawBuilder<unknown>[] {
  const clauses: RawBuilder<unknown>[] = [];
  if (filter.words) clauses.push(sql`s.words @@ to_tsquery('yp_words', ${wordsQuery(filter.words)})`);
  if (filter.categoryId !== undefined) clauses.push(sql`s.category_id = ${filter.categoryId}`);
  if (filter.parentId !== undefined) clauses.push(sql`s.parent_id = ${filter.parentId}`);
  if (filter.stateId !== undefined) clauses.push(sql`s.state_id = ${filter.stateId}`);
  if (filter.cityId !== undefined) clauses.push(sql`s.city_id = ${filter.cityId}`);
  if (filter.liveSince !== undefined) clauses.push(sql`s.first_live_at > ${filter.liveSince}`);
  if (filter.price) {
    clauses.push(sql`s.price >= ${filter.price.min}::float8`);
    if (filter.price.max !== null) clauses.push(sql`s.price <= ${filter.price.max}::float8`);
  }
  if (filter.geo && filter.geo.km !== null) {
    const { lat, lon, km } = filter.geo;
    // A bounding box the index can range over (slightly generous), then the exact great-circle test.
    const dLat = (km / 110.574) * 1.01;
    const dLon = (km / (111.32 * Math.max(0.01, Math.cos((lat * Math.PI) / 180)))) * 1.01 + 0.001;
    clauses.push(sql`s.lat BETWEEN ${lat - dLat}::float8 AND ${lat + dLat}::float8`, sql`s.lon BETWEEN ${lon - dLon}::float8 AND ${lon + dLon}::float8`);
    clauses.push(sql`${dot(lat, lon)} >= ${distanceTest(lat, lon, km).minDot}::float8`);
  }
  if (filter.box) {
    // The map's box (issue 43), edges included, over the same (lat, lon) index as Near Me.
    const [west, south, east, north] = filter.box;
    clauses.push(sql`s.lat BETWEEN ${south}::float8 AND ${north}::float8`, sql`s.lon BETWEEN ${west}::float8 AND ${east}::float8`);
  }
  for (const { name, keys } of filter.attributes) {
    const attribute = ATTRIBUTES[name];
    const column = sql.ref(`s.${attribute.column}`);
    if (attribute.kind === 'mask') clauses.push(sql`(${column} & ${keys.reduce((mask, key) => mask | bit(attribute, key), 0)}) <> 0`);
    else clauses.push(sql`${column} = ANY(${keys}::text[])`);
  }
  return clauses;
}

const whereOf = (clauses: RawBuilder<unknown>[]) => (clauses.length > 0 ? sql`WHERE ${sql.join(clauses, sql` AND `)}` : sql``);

/** True when the summary tables can answer: only type, category and state narrow the set. */
function summaryCanAnswer(filter: SearchFilter): boolean {
  return filter.words === undefined && filter.geo?.km == null && filter.box === undefined && filter.price === undefined
    && filter.cityId === undefined && filter.attributes.length === 0 && filter.liveSince === undefined;
}

async function summaryCounts(db: QueryDb, filter: SearchFilter, facetNames: readonly AttributeName[]): Promise<FacetCounts> {
  const clauses: RawBuilder<unknown>[] = [];
  if (filter.type) clauses.push(sql`type = ${filter.type}`);
  if (filter.categoryId !== undefined) clauses.push(sql`category_id = ${filter.categoryId}`);
  if (filter.parentId !== undefined) clauses.push(sql`parent_id = ${filter.parentId}`);
  if (filter.stateId !== undefined) clauses.push(sql`state_id = ${filter.stateId}`);
  const where = whereOf(clauses);
  const categories = (await sql<GroupRow>`SELECT category_id, 0 AS state_id, sum(doc_count) AS n, min(min_price) AS min_price,
    max(max_price) AS max_price FROM search_summary ${where} GROUP BY category_id`.execute(db)).rows;
  const states = (await sql<{ state_id: number; n: number }>`SELECT state_id, sum(doc_count) AS n FROM search_summary ${where} GROUP BY state_id`.execute(db)).rows;
  const facets = (await sql<{ facet: string; key: string; n: number }>`SELECT facet, key, sum(doc_count) AS n
    FROM search_facet_counts ${where} GROUP BY facet, key`.execute(db)).rows;
  const attributes = new Map<string, Map<string, number>>();
  for (const row of facets) {
    if (!(facetNames as string[]).includes(row.facet)) continue;
    if (!attributes.has(row.facet)) attributes.set(row.facet, new Map());
    attributes.get(row.facet)!.set(row.key, row.n);
  }
  return { total: categories.reduce((sum, group) => sum + group.n, 0), categories, states: new Map(states.map((row) => [row.state_id, row.n])), attributes };
}

/** One grouped pass over the filtered set: totals per (category, state), prices, and the facet counts. */
async function scanCounts(db: QueryDb, filter: SearchFilter, facetNames: readonly AttributeName[]): Promise<FacetCounts> {
  const facetColumns = facetNames.flatMap((name) => ATTRIBUTES[name].keys.map((key) => {
    const attribute = ATTRIBUTES[name];
    const column = sql.ref(`s.${attribute.column}`);
    const test = attribute.kind === 'mask' ? sql`(${column} & ${bit(attribute, key)}) <> 0` : sql`${column} = ${key}`;
    return sql`count(*) FILTER (WHERE ${test}) AS ${sql.id(`${name}:${key}`)}`;
  }));
  const groups = (await sql<GroupRow>`SELECT s.category_id, s.state_id, count(*) AS n, min(s.price) AS min_price, max(s.price) AS max_price
    ${facetColumns.length > 0 ? sql`, ${sql.join(facetColumns)}` : sql``}
    FROM ${postsOf(filter.type)} ${whereOf(conditions(filter))} GROUP BY s.category_id, s.state_id`.execute(db)).rows;
  return countsOfGroups(groups, facetNames);
}

const tsQuery = (filter: SearchFilter) => sql`to_tsquery('yp_words', ${wordsQuery(filter.words ?? [])})`;

function orderOf(filter: SearchFilter, sort: SearchSort): RawBuilder<unknown> {
  switch (sort) {
    case 'rating': return sql`s.rating DESC, s.rating_count DESC, s.post_id`;
    case 'az': return sql`s.sort_title ASC, s.post_id`;
    case 'za': return sql`s.sort_title DESC, s.post_id DESC`;
    case 'newest': return sql`s.first_live_at DESC, s.post_id DESC`;
    case 'relevance':
      // Listings whose own category's names (weight C) hold the words first; then title words weighing five times the
      // body's, divided by the document's length (2) as SQLite's bm25 does (which weighs a title holding those names 10 to 2).
      return sql`ts_rank('{0, 1, 0, 0}', s.words, ${tsQuery(filter)}) DESC, ts_rank('{0, 0, 0.2, 1}', s.words, ${tsQuery(filter)}, 2) DESC,
        s.plan_weight DESC, s.post_id`;
    case 'distance': return filter.geo ? sql`${dot(filter.geo.lat, filter.geo.lon)} DESC, s.post_id` : sql`s.post_id`;
    default: return sql`s.plan_weight DESC, s.rating DESC, s.published_at DESC, s.post_id`;
  }
}

async function sortedPage(db: QueryDb, filter: SearchFilter, sort: SearchSort, limit: number, offset: number): Promise<PageRow[]> {
  const from = sql`FROM ${postsOf(filter.type)} ${whereOf(conditions(filter))} ORDER BY ${orderOf(filter, sort)} LIMIT ${limit} OFFSET ${offset}`;
  if (sort === 'distance') return (await sql<PageRow>`SELECT s.post_id, s.lat, s.lon ${from}`.execute(db)).rows;
  // The ids alone, then the page's places: the rows an OFFSET skips are then read from the sort's index only, never
  // from the table (page 500 of all services at 500,000 listings: 18 ms with the places, 2.7 ms without).
  const { rows } = await sql<{ post_id: number }>`SELECT s.post_id ${from}`.execute(db);
  return placesOf(db, rows.map((row) => Number(row.post_id)));
}

/**
 * Radii tried, as fractions of the chosen distance, for the nearest posts: the posts within a small circle are the
 * nearest of all when there are enough of them, so a page by distance rarely sorts every post within 10 km.
 */
const NEAREST_LADDER = [1 / 16, 1 / 4, 1];

/** One page of post ids in the requested order, sorted by SQL. */
async function pageRows(db: QueryDb, filter: SearchFilter, sort: SearchSort, limit: number, offset: number): Promise<PageRow[]> {
  const geo = filter.geo;
  if (sort === 'distance' && geo && geo.km !== null) {
    for (const fraction of NEAREST_LADDER) {
      const rows = await sortedPage(db, { ...filter, geo: { ...geo, km: geo.km * fraction } }, sort, limit, offset);
      if (rows.length === limit || fraction === 1) return rows;
    }
  }
  return sortedPage(db, filter, sort, limit, offset);
}

/** A page is walked from its sort's index when it should take no more rows than this; else SQL sorts the matches. */
const WALK_LIMIT = 20_000;

/** The narrowest walk of a sort's index the filter allows (only type, category and state narrow it); undefined for relevance and distance. */
function walkFrom(filter: SearchFilter, sort: SearchSort): RawBuilder<unknown> | undefined {
  if (sort !== 'recommended' && sort !== 'rating' && sort !== 'az' && sort !== 'za') return undefined;
  const clauses: RawBuilder<unknown>[] = [];
  if (sort === 'recommended') {
    if (filter.categoryId !== undefined) clauses.push(sql`s.category_id = ${filter.categoryId}`);
    else if (filter.parentId !== undefined) clauses.push(sql`s.parent_id = ${filter.parentId}`);
    // Each type's table has its state index: every type's walk merges them.
    else if (filter.stateId !== undefined) clauses.push(sql`s.state_id = ${filter.stateId}`);
  } else if (!filter.type) return undefined;
  return sql`SELECT s.post_id FROM ${postsOf(filter.type)} ${whereOf(clauses)} ORDER BY ${orderOf(filter, sort)}`;
}

/** Cleared bitsets kept for the next walks: a new one per search (625 KB at 5 million listings) only fed the collector. */
const spareBitsets: Uint32Array[] = [];

/**
 * The matches as a bitset over post ids: marking is linear, where sorting half a million ids for bisection took 40 ms.
 * Give it back with `releaseBitset` once the walk is done.
 */
function bitsetOf(ids: Uint32Array): Uint32Array {
  let largest = 0;
  for (let index = 0; index < ids.length; index++) if (ids[index]! > largest) largest = ids[index]!;
  const size = (largest >>> 5) + 1;
  const spare = spareBitsets.findIndex((bits) => bits.length >= size);
  const bits = spare >= 0 ? spareBitsets.splice(spare, 1)[0]! : new Uint32Array(Math.ceil(size * 1.25));
  for (let index = 0; index < ids.length; index++) bits[ids[index]! >>> 5]! |= 1 << (ids[index]! & 31);
  return bits;
}

function releaseBitset(bits: Uint32Array): void {
  if (spareBitsets.length >= 4) return;
  bits.fill(0);
  spareBitsets.push(bits);
}

const has = (bits: Uint32Array, id: number) => id >>> 5 < bits.length && (bits[id >>> 5]! & (1 << (id & 31))) !== 0;

/**
 * One page taken by walking the sort's index (`walk`, from walkFrom) in chunks and keeping the posts in `members`
 * (the matches' bitset): for broad sets the page is found after a few hundred index entries instead of sorting every
 * match. `share` is the matches' share of what the walk reads, for sizing its chunks.
 */
async function walkPage(db: QueryDb, walk: RawBuilder<unknown>, members: Uint32Array, share: number, limit: number, offset: number): Promise<PageRow[]> {
  const page: number[] = [];
  let skipped = 0;
  let read = 0;
  const chunk = Math.min(WALK_LIMIT, Math.ceil(((offset + limit) / Math.max(share, 1e-6)) * 1.25) + 64);
  for (;;) {
    const { rows } = await sql<{ post_id: number }>`${walk} LIMIT ${chunk} OFFSET ${read}`.execute(db);
    read += rows.length;
    for (const { post_id: id } of rows) {
      if (!has(members, id)) continue;
      if (skipped < offset) { skipped++; continue; }
      page.push(id);
      if (page.length === limit) break;
    }
    if (page.length === limit || rows.length < chunk) break;
  }
  return placesOf(db, page);
}

/** The page's posts with their places, in the page's order (a post the snapshot cannot read yet is left out). */
async function placesOf(db: QueryDb, page: readonly number[]): Promise<PageRow[]> {
  if (page.length === 0) return [];
  const { rows } = await sql<PageRow>`SELECT post_id, lat, lon FROM search_posts WHERE post_id = ANY(${page}::bigint[])`.execute(db);
  const byId = new Map(rows.map((row) => [Number(row.post_id), row]));
  return page.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Pages by distance up to this deep come from the facet store's nearest matches (SQL reading them scattered over the
 * heap took 250 ms round Kuala Lumpur at 5 million listings); deeper ones from SQL.
 */
const NEAREST_MAX = 1_000;

/** How long a process keeps the facet keys of categories and states. */
const LOOKUPS_TTL_MS = 60_000;
/** Searches' words kept with their lexemes (wordTerms), per process: the text search configuration changes only with a migration. */
const TERMS_KEPT = 2_000;

async function lookups(db: QueryDb): Promise<FacetLookups> {
  return facetLookupsOf(await db.selectFrom('categories').select(['id', 'name', 'slug', 'parent_id']).execute(),
    await db.selectFrom('states').select(['id', 'name']).execute());
}

/**
 * The words as the tsquery normalises them (lower case, unaccented), the last as a prefix from two letters on as
 * in `wordsQuery`; undefined when a word is not exactly one lexeme (the GIN index answers those).
 */
async function wordTerms(db: QueryDb, words: readonly string[]): Promise<WordTerm[] | undefined> {
  const { rows } = await sql<{ query: string }>`SELECT to_tsquery('yp_words', w)::text AS query
    FROM unnest(${words}::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n`.execute(db);
  const terms: WordTerm[] = [];
  for (const [index, { query }] of rows.entries()) {
    const lexeme = /^'([^']+)'$/.exec(query)?.[1];
    if (lexeme === undefined) return undefined;
    terms.push({ lexeme, prefix: index === words.length - 1 && words[index]!.length >= 2 });
  }
  return terms;
}

/** The ids the GIN index finds for the words, of one type or of all. */
async function ginIds(db: QueryDb, words: readonly string[], type: ListingType | undefined): Promise<Uint32Array> {
  const { rows: [row] } = await sql<{ ids: string | null }>`SELECT string_agg(s.post_id::text, ',') AS ids FROM ${postsOf(type)}
    WHERE s.words @@ to_tsquery('yp_words', ${wordsQuery(words)})`.execute(db);
  if (!row?.ids) return new Uint32Array(0);
  const parts = row.ids.split(',');
  const ids = new Uint32Array(parts.length);
  for (let index = 0; index < parts.length; index++) ids[index] = Number(parts[index]);
  return ids;
}

/**
 * The posts of `type` (every type when undefined) having every word, the last as a prefix: the facet store checks the
 * rest. As slots of the store's columns, from each type's in-memory word index when it has one (a common word's ids
 * cost a heap visit per row through GIN), else from that type's partition of the GIN index; as post ids from GIN when
 * a word is not one lexeme (`terms` undefined: wordTerms).
 */
async function candidatesOf(db: QueryDb, words: readonly string[], terms: WordTerm[] | undefined, facets: PostgresFacetStore,
  type: ListingType | undefined): Promise<Uint32Array | SlotCandidates> {
  const types = type ? [type] : LISTING_TYPES;
  const indexes = facets.words;
  if (!terms || !types.some((each) => indexes[each])) return ginIds(db, words, type);
  const parts = await Promise.all(types.map(async (each) => [each, indexes[each]?.match(terms) ?? facets.store.slotsOf(each, await ginIds(db, words, each))] as const));
  return { slots: Object.fromEntries(parts) };
}

/** How a search is counted: the summary tables, the facet store, or SQL alone (tests compare them). */
export interface SearchOptions {
  /** Everything the summaries cannot answer counted by an in-memory facet store over the word index's ids. Default true. */
  useFacetStore?: boolean;
  /** The most (word, listing) pairs one type's word index holds in memory; past it, its words go to the GIN index. */
  wordIndexMax?: number;
  /** The types the facet store holds (SEARCH_TYPES); searches of others are counted by SQL. */
  types?: readonly ListingType[];
  /** Counts half of a large count on another thread (search/engine/count-worker.ts), when given. */
  countHelper?: (share: CountShare) => Promise<TallyPart>;
}

/** Runs a read on the server the request may read (replicas.ts), or on the one database. */
export type Reader = <T>(work: (db: QueryDb) => Promise<T>) => Promise<T>;

/** A category's id by its slug (a main one, or a child), of a type or of any. */
async function findCategoryId(db: QueryDb, type: ListingType | undefined, slug: string, main: boolean): Promise<number | undefined> {
  let query = db.selectFrom('categories').select('id').where('slug', '=', slug).where('parent_id', main ? 'is' : 'is not', null);
  if (type) query = query.where('type', '=', type);
  return (await query.orderBy('id').limit(1).executeTakeFirst())?.id;
}

/** A state or a town by its name ('Petaling Jaya, Selangor', a listing's city_state, is the town in that state). */
async function findPlace(db: QueryDb, name: string): Promise<{ stateId: number } | { cityId: number } | undefined> {
  const lowered = name.toLowerCase();
  const state = await db.selectFrom('states').select('id').where(sql`lower(name)`, '=', lowered).executeTakeFirst();
  if (state) return { stateId: state.id };
  const city = await db.selectFrom('cities').select('id').where(sql`lower(name)`, '=', lowered).orderBy('id').limit(1).executeTakeFirst();
  if (city) return { cityId: city.id };
  const [town, region] = name.split(',').map((part) => part.trim().toLowerCase());
  if (!town || !region) return undefined;
  const match = await db.selectFrom('cities as c').innerJoin('states as s', 's.id', 'c.state_id').select('c.id')
    .where(sql`lower(c.name)`, '=', town).where(sql`lower(s.name)`, '=', region).executeTakeFirst();
  return match && { cityId: match.id };
}

/** What a count on the facet store found for the page: the share of the type it matched, and how the page is read. */
interface StoreMatches {
  share: number;
  nearest?: Uint32Array;
  walk?: { from: RawBuilder<unknown>; members: Uint32Array };
}

/**
 * Counts a search on the facet store, brought up to date in the search's snapshot (the caller holds the store), and
 * decides how its page is read: the nearest ids, a walk of the index over the matches, or SQL.
 */
async function countOnStore(trx: QueryDb, facets: PostgresFacetStore, search: {
  filter: SearchFilter; sort: SearchSort; facetNames: ReturnType<typeof facetAttributesFor>; terms: WordTerm[] | undefined; nearest: number | undefined; end: number;
  helper: SearchOptions['countHelper'];
}): Promise<{ counts: FacetCounts; matches: StoreMatches }> {
  const { filter, sort, facetNames, nearest } = search;
  await facets.refresh(trx);
  const candidates = filter.words ? await candidatesOf(trx, filter.words, search.terms, facets, filter.type) : undefined;
  const counted = search.helper ? await facets.store.countShared(filter, facetNames, candidates, { nearest }, search.helper)
    : facets.store.count(filter, facetNames, candidates, { nearest });
  // Matches all in one state (a map's box) walk that state's index: a box round Johor Bahru holds half of Johor
  // and 2.5 % of Malaysia, so page 20 is some 800 entries of the one, 16,000 of the other.
  const state = walkState(filter, sort, counted.states);
  const share = counted.total / Math.max(1, state === undefined ? facets.store.size(filter.type) : facets.store.sizeIn(filter.type, state));
  // The ids are the store's to reuse: the walk gets them as a bitset, made now and only when it will walk.
  const from = counted.nearest || search.end / Math.max(share, 1e-6) > WALK_LIMIT ? undefined
    : walkFrom(state === undefined ? filter : { ...filter, stateId: state }, sort);
  return { counts: counted, matches: { share, nearest: counted.nearest, walk: from && { from, members: bitsetOf(counted.ids) } } };
}

/**
 * The index on a database. Counts and page are read in one repeatable-read transaction, so they agree while writes
 * land. The facet store is this engine's (one per process); a search brings it up to date and counts on it while
 * holding it, its snapshot begun inside, so the store never runs ahead of the page a search reads (on a replica a little
 * behind another, the store may hold a post the page cannot read yet: it is left out of that page).
 */
export function postgresSearchIndex(read: Reader, options: SearchOptions = {}): SearchIndex & { warm(): Promise<void> } {
  const facets = options.useFacetStore === false || options.types?.length === 0 ? undefined : new PostgresFacetStore({ wordIndexMax: options.wordIndexMax, types: options.types });
  let queue: Promise<unknown> = Promise.resolve();
  const holding = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };
  // Categories and states change only with a migration or the seed, never while a site runs: their facet keys are read
  // once a minute, not in every search (two queries, a millisecond of each search here).
  let lookupsRead: { at: number; lookups: Promise<FacetLookups> } | undefined;
  const facetLookups = (): Promise<FacetLookups> => {
    if (!lookupsRead || performance.now() - lookupsRead.at > LOOKUPS_TTL_MS) {
      const reading = read(lookups);
      lookupsRead = { at: performance.now(), lookups: reading };
      reading.catch(() => { if (lookupsRead?.lookups === reading) lookupsRead = undefined; });
    }
    return lookupsRead.lookups;
  };
  // The words' lexemes, asked of the database once per words (a round trip that a search held the store through).
  const termsKept = new Map<string, WordTerm[] | undefined>();
  const termsOf = async (db: QueryDb, words: readonly string[]): Promise<WordTerm[] | undefined> => {
    const key = words.join(' ');
    if (termsKept.has(key)) return termsKept.get(key);
    const terms = await wordTerms(db, words);
    if (termsKept.size >= TERMS_KEPT) termsKept.delete(termsKept.keys().next().value!);
    termsKept.set(key, terms);
    return terms;
  };
  return {
    findCategoryId: (type, slug, main) => read((db) => findCategoryId(db, type, slug, main)),
    findPlace: (name) => read((db) => findPlace(db, name)),
    facetLookups,
    /** Loads the facet store (a serving process does before it reports ready: tens of seconds at 5 million). */
    async warm() {
      if (facets) await read((db) => db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => holding(() => facets.refresh(trx))));
    },
    countAndPage: (filter, sort, limit, offset) => read((db) => {
      return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
        const facetNames = facetAttributesFor(filter.type);
        let counts: FacetCounts;
        let matches: StoreMatches | undefined;
        const nearest = sort === 'distance' && filter.geo && offset + limit <= NEAREST_MAX ? offset + limit : undefined;
        if (summaryCanAnswer(filter)) counts = await summaryCounts(trx, filter, facetNames);
        // The store holds no times: "new since" is counted by SQL, over the first_live_at index.
        else if (facets && filter.liveSince === undefined && facets.store.holds(filter.type)) {
          const terms = filter.words && await termsOf(trx, filter.words);
          const counted = await holding(() => countOnStore(trx, facets, { filter, sort, facetNames, terms, nearest, end: offset + limit, helper: options.countHelper }));
          counts = counted.counts;
          matches = counted.matches;
        } else counts = await scanCounts(trx, filter, facetNames);
        if (offset >= counts.total) return { counts, rows: [] };
        if (matches?.nearest) return { counts, rows: await placesOf(trx, [...matches.nearest.subarray(offset, offset + limit)]) };
        if (matches?.walk) {
          const { walk: { from, members }, share } = matches;
          return { counts, rows: await walkPage(trx, from, members, share, limit, offset).finally(() => releaseBitset(members)) };
        }
        return { counts, rows: await pageRows(trx, filter, sort, limit, offset) };
      });
    }),
    matchPositions: (filter) => read((db) => {
      return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(async (trx) => {
        if (facets && filter.liveSince === undefined && facets.store.holds(filter.type)) {
          const terms = filter.words && await termsOf(trx, filter.words);
          return holding(async () => {
            await facets.refresh(trx);
            const candidates = filter.words ? await candidatesOf(trx, filter.words, terms, facets, filter.type) : undefined;
            // The store's ids are its scratch, reused by the next count: copied.
            const ids = facets.store.count(filter, [], candidates).ids.slice();
            return { ids, ...facets.store.positions(ids) };
          });
        }
        const { rows } = await sql<PageRow>`SELECT s.post_id, s.lat, s.lon FROM ${postsOf(filter.type)} ${whereOf(conditions(filter))}`.execute(trx);
        return positionsOfRows(rows);
      });
    }),
  };
}
