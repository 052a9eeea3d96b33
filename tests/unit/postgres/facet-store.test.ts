import { sql } from 'kysely';
import type { ListingType } from '../../../src/shared/constants.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPool, postgresKysely } from '../../../src/server/db/postgres/connection.ts';
import { PostgresFacetStore } from '../../../src/server/db/postgres/facet-store.ts';
import type { QueryDb } from '../../../src/server/db/kysely/query.ts';
import { postgresSearchIndex, type Reader } from '../../../src/server/db/postgres/search.ts';
import { openBackend } from '../../../src/server/db/backend.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { createMediaUrls } from '../../../src/server/media/urls.ts';
import { runSearch } from '../../../src/server/search/search-service.ts';
import { SearchRequestSchema } from '../../../src/shared/search.ts';
import { copyOfDatabase } from '../../helpers/test-database.ts';
import { SUITE_ENV } from '../../helpers/suite-env.ts';
import { BOXES } from '../../fixtures/search-boxes.ts';

/**
 * PostgreSQL's facet store loader: writers run side by side, so a change's sequence number can become visible after
 * a higher one. The store must still apply it once its transaction commits.
 */
let copy: Awaited<ReturnType<typeof copyOfDatabase>>;
let pool: ReturnType<typeof openPool>;
let db: QueryDb;
beforeAll(async () => {
  copy = await copyOfDatabase(inject('templateUrl'), 'facets');
  pool = openPool(copy.url, { max: 4 });
  db = postgresKysely(pool);
});
afterAll(async () => {
  await db.destroy();
  await copy.remove();
});

/** The store's count of services posts priced exactly `price`. */
const pricedAt = (facets: PostgresFacetStore, price: number) => facets.store.count({ type: 'services', attributes: [], price: { min: price, max: price } }, []).total;
const refresh = (facets: PostgresFacetStore) => db.transaction().setIsolationLevel('repeatable read').execute((trx) => facets.refresh(trx));

describe('the facet store on PostgreSQL', () => {
  it('applies a change committed after a later one (a gap in the log), and a rebuild marker reloads everything', async () => {
    const facets = new PostgresFacetStore();
    await refresh(facets);
    const [first, second] = (await sql<{ post_id: number }>`SELECT post_id FROM search_posts WHERE type = 'services' ORDER BY post_id LIMIT 2`.execute(db)).rows;
    expect(pricedAt(facets, 123_456.5)).toBe(0);
    // A writer takes a sequence number and holds its transaction open…
    const slow = await pool.connect();
    await slow.query('BEGIN');
    await slow.query('UPDATE search_posts SET price = 123456.5 WHERE post_id = $1', [first!.post_id]);
    // …while another commits a later one.
    await sql`UPDATE search_posts SET price = 123456.5 WHERE post_id = ${second!.post_id}`.execute(db);
    await refresh(facets);
    expect(pricedAt(facets, 123_456.5)).toBe(1);
    await slow.query('COMMIT');
    slow.release();
    await refresh(facets);
    expect(pricedAt(facets, 123_456.5)).toBe(2);

    // A rebuild empties the log and leaves post 0's entry: the store loads everything again.
    await sql`UPDATE search_posts SET price = 654321.5 WHERE post_id = ${first!.post_id}`.execute(db);
    await sql`DELETE FROM search_changes`.execute(db);
    await sql`INSERT INTO search_changes (post_id) VALUES (0)`.execute(db);
    await refresh(facets);
    expect(pricedAt(facets, 654_321.5)).toBe(1);
    expect(pricedAt(facets, 123_456.5)).toBe(1);
  });
});

describe('the word index on PostgreSQL', () => {
  it('finds the same posts as the GIN index, before and after a post\'s words change', async () => {
    const facets = new PostgresFacetStore();
    await refresh(facets);
    expect(Object.keys(facets.words).sort()).toEqual(['buysell', 'hireme', 'jobs', 'services']);
    expect(facets.words.services!.size).toBeGreaterThan(0);
    const gin = async (query: string) => (await sql<{ post_id: number }>`SELECT post_id FROM search_posts
      WHERE words @@ to_tsquery('yp_words', ${query}) ORDER BY post_id`.execute(db)).rows.map((row) => Number(row.post_id));
    // One index per type, keyed by the slots of the store's columns: together their posts are what the one GIN index finds.
    const words = async (lexemes: [string, boolean][]) => Object.entries(facets.words).flatMap(([type, index]) => {
      const slots = index.match(lexemes.map(([lexeme, prefix]) => ({ lexeme, prefix })));
      return [...facets.store.count({ type: type as ListingType, attributes: [] }, [], { slots: { [type]: slots } }).ids];
    }).sort((a, b) => a - b);
    const [post] = (await sql<{ post_id: number; lexeme: string }>`SELECT post_id, (tsvector_to_array(words))[1] AS lexeme
      FROM search_posts ORDER BY post_id LIMIT 1`.execute(db)).rows;
    const common = post!.lexeme;
    expect(await words([[common, false]])).toEqual(await gin(common));
    expect(await words([[common.slice(0, 2), true]])).toEqual(await gin(`${common.slice(0, 2)}:*`));

    await sql`UPDATE search_posts SET words = to_tsvector('yp_words', 'Zyxwv kopitiam') WHERE post_id = ${post!.post_id}`.execute(db);
    await refresh(facets);
    expect(await words([[common, false]])).toEqual(await gin(common));
    expect(await words([['zyxwv', false], ['kopi', true]])).toEqual([Number(post!.post_id)]);
    expect(await gin('zyxwv & kopi:*')).toEqual([Number(post!.post_id)]);

    // Past its limit of (word, listing) pairs there is no word index: words go to the GIN index.
    const small = new PostgresFacetStore({ wordIndexMax: 0 });
    await refresh(small);
    expect(small.words).toEqual({});
  });
});

describe('keyword and box searches on PostgreSQL', () => {
  it('give the same totals, facets and pages from the word index, the GIN index and SQL alone', async () => {
    const backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }));
    try {
      const catalog = { repos: backend.repos, media: createMediaUrls('/media') };
      const read: Reader = (work) => work(db);
      // A host holding only jobs (SEARCH_TYPES) counts the other types, and searches of every type, by SQL alone; one
      // holding none (SEARCH_TYPES=none) counts everything so.
      const engines = [postgresSearchIndex(read), postgresSearchIndex(read, { wordIndexMax: 0 }), postgresSearchIndex(read, { useFacetStore: false }),
        postgresSearchIndex(read, { types: ['jobs'] }), postgresSearchIndex(read, { types: [] })];
      let compared = 0;
      const nearKl = { location: 'Near Me', user_location: '3.139,101.6869' };
      for (const request of [{ search: 'professional' }, { type: 'services', search: 'aircon serv', location: 'Selangor' },
        { type: 'jobs', search: 'manager', job_qualification: 'degree' }, { search: 'Kuala L' }, { type: 'services', search: 'café' },
        { type: 'services', ...nearKl, distance: 25 }, { type: 'jobs', ...nearKl, job_type: 'FT' }, { type: 'buysell', search: 'honda', ...nearKl, distance: 50 },
        ...BOXES]) {
        for (const sort of ['recommended', 'relevance', 'az', ...('location' in request ? ['distance'] : [])]) {
          const query = SearchRequestSchema.parse({ ...request, sort });
          const [viaWords, viaGin, viaSql, viaJobsHost, viaBareHost] = await Promise.all(engines.map((engine) => runSearch(engine, catalog, query)));
          for (const other of [viaGin!, viaSql!, viaJobsHost!, viaBareHost!]) {
            expect(viaWords!.total, JSON.stringify(query)).toBe(other.total);
            expect(viaWords!.filters).toEqual(other.filters);
            expect(viaWords!.results.map((card) => card.id)).toEqual(other.results.map((card) => card.id));
          }
          if (viaSql!.total > 0) compared++;
        }
      }
      expect(compared).toBeGreaterThan(6);
    } finally {
      await backend.close();
    }
  });
});
