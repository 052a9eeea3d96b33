import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/server/db/sqlite/connection.ts';
import { sqliteRepositories } from '../../../src/server/db/sqlite/index.ts';
import { rebuildSearchIndex, reindexPosts } from '../../../src/server/db/sqlite/repositories/search-index.ts';
import { sqliteSearchIndex } from '../../../src/server/db/sqlite/search.ts';
import { runSearch } from '../../../src/server/search/search-service.ts';
import { createMediaUrls } from '../../../src/server/media/urls.ts';
import { SearchRequestSchema, type SearchRequest } from '../../../src/shared/search.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';
import { BOXES } from '../../fixtures/search-boxes.ts';
import { scaled } from '../../helpers/time-factor.ts';

const copy = useSqliteCopy();
const KL = '3.139,101.6869';

/** Requests the facet store answers (anything the summary tables cannot), in every sort, over several pages. */
const REQUESTS: SearchRequest[] = [
  { search: 'professional' },
  { type: 'services', search: 'professional' },
  { type: 'services', search: 'aircon serv', location: 'Selangor' },
  { type: 'services', search: 'cleaning', parent_specialization: 'home-services' },
  { type: 'services', location: 'Near Me', user_location: KL },
  { type: 'services', location: 'Near Me', user_location: KL, distance: 25, search: 'services' },
  { type: 'services', price: '500-1000' },
  { type: 'services', location: 'Petaling Jaya' },
  { type: 'jobs', job_type: 'FT,PT', job_level: 'manager' },
  { type: 'jobs', job_qualification: 'degree', search: 'manager' },
  { type: 'hireme', hireme_rate: 'hour,day', hireme_type: 'PT,FL', hireme_expertise: 'expert' },
  { type: 'buysell', buysell_condition: 'used', buysell_method: 'delivery', price: '0-500' },
  // The map's boxes (issue 43): the cells a small one touches, every post for a country-wide one; edges on cell lines.
  ...BOXES,
];
const SORTS = ['recommended', 'rating', 'az', 'za', 'relevance', 'distance'] as const;

/** Every request, sort and the first three pages, with the facet store and with SQL alone, on a reading connection. */
async function expectStoreAgreesWithSql(reader: Db) {
  const catalog = { repos: sqliteRepositories(reader), media: createMediaUrls('/media') };
  let compared = 0;
  for (const request of REQUESTS) {
    for (const sort of SORTS) {
      for (const page of [1, 2, 3]) {
        const query = SearchRequestSchema.parse({ ...request, sort, page });
        const viaStore = await runSearch(sqliteSearchIndex(reader), catalog, query);
        const viaSql = await runSearch(sqliteSearchIndex(reader, { useFacetStore: false }), catalog, query);
        expect(viaStore.total, JSON.stringify({ request, sort, page })).toBe(viaSql.total);
        expect(viaStore.filters).toEqual(viaSql.filters);
        expect(viaStore.results.map((card) => card.id), JSON.stringify({ request, sort, page })).toEqual(viaSql.results.map((card) => card.id));
        if (viaSql.total > 0) compared++;
      }
    }
  }
  expect(compared, 'most requests should match something in the demo data').toBeGreaterThan(REQUESTS.length * SORTS.length);
}

describe('facet store', () => {
  it('gives the same totals, facets and pages as SQL alone', async () => {
    const reader = openDatabase(copy.path, { readOnly: true });
    try {
      await expectStoreAgreesWithSql(reader);
    } finally {
      reader.close();
    }
  }, scaled(15_000));

  it('follows writes from another connection through the change log, and a rebuild that prunes the log', async () => {
    const reader = openDatabase(copy.path, { readOnly: true });
    try {
      await expectStoreAgreesWithSql(reader);
      // Edits the store must see: prices, a category move, removals and a new state.
      const ids = (copy.db.prepare("SELECT id FROM posts WHERE type = 'services' AND status = 'active' ORDER BY id LIMIT 40").all() as { id: number }[]).map((row) => Number(row.id));
      copy.db.exec('BEGIN');
      copy.db.prepare(`UPDATE posts SET price_min_sen = 70000, price_max_sen = NULL WHERE id IN (${ids.slice(0, 20).join(',')})`).run();
      copy.db.prepare(`UPDATE posts SET status = 'removed' WHERE id IN (${ids.slice(20, 30).join(',')})`).run();
      copy.db.prepare(`UPDATE post_categories SET category_id = (SELECT id FROM categories WHERE slug = 'plumbing' AND type = 'services')
        WHERE position = 0 AND post_id IN (${ids.slice(30).join(',')})`).run();
      reindexPosts(copy.db, ids);
      copy.db.exec('COMMIT');
      expect(Number(copy.db.prepare('SELECT count(*) AS n FROM search_changes').get()!.n)).toBeGreaterThan(0);
      await expectStoreAgreesWithSql(reader);

      copy.db.exec('BEGIN');
      rebuildSearchIndex(copy.db);
      copy.db.exec('COMMIT');
      expect(Number(copy.db.prepare('SELECT count(*) AS n FROM search_changes').get()!.n)).toBe(0);
      await expectStoreAgreesWithSql(reader);
    } finally {
      reader.close();
    }
    // Three full comparisons: nearly 2,000 searches.
  }, scaled(15_000));
});
