import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/server/api/app.ts';
import { reindexPosts } from '../../../src/server/db/sqlite/repositories/search-index.ts';
import { createSqliteSearchEngine } from '../../../src/server/db/sqlite/search-engine.ts';
import { searchAnswers } from '../../../src/server/search/answers.ts';
import { withResponseCache } from '../../../src/server/search/cache.ts';
import { SearchRequestSchema, SearchResponseSchema } from '../../../src/shared/search.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';

/** The SQLite search engine itself: its index kept up to date by reindexPosts, and its worker threads. */
const copy = useSqliteCopy();

describe('the index under the response cache', () => {
  it('serves a repeat from the cache with the same results, and refreshes when a listing changes', async () => {
    const engine = withResponseCache(createSqliteSearchEngine(searchAnswers(copy.app), { workers: 0, databasePath: copy.path, mediaBaseUrl: '/media' }), copy.app.invalidations, 10);
    const api = createApi({ ...copy.app, search: engine });
    const search = async (body: object) => SearchResponseSchema.parse(await (await api.request('/api/post/search', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    })).json());
    const first = await search({ search: 'zanzibar' });
    expect(first.total).toBe(0);
    expect(await search({ search: 'zanzibar', page: 1, sort: 'recommended' })).toEqual(first);

    copy.db.prepare("UPDATE posts SET title = 'Zanzibar Spice Catering' WHERE id = 7").run();
    reindexPosts(copy.db, [7]);
    const after = await search({ search: 'zanzibar' });
    expect(after.total).toBe(1);
    expect(after.results[0]).toMatchObject({ id: 7, title: 'Zanzibar Spice Catering' });
    await engine.close();
  });
});

describe('search worker threads', () => {
  it('give the same answers as searching on the calling thread', async () => {
    const engine = createSqliteSearchEngine(searchAnswers(copy.app), { workers: 1, databasePath: copy.path, mediaBaseUrl: '/media' });
    try {
      for (const body of [{ type: 'services', search: 'aircon' }, { type: 'jobs', job_type: 'FT' }, { type: 'services', location: 'Near Me', user_location: '3.139,101.6869' }]) {
        const query = SearchRequestSchema.parse(body);
        const inline = createSqliteSearchEngine(searchAnswers(copy.app), { workers: 0, databasePath: copy.path, mediaBaseUrl: '/media' });
        expect(await engine.search(query)).toEqual(await inline.search(query));
        await inline.close();
      }
    } finally {
      await engine.close();
    }
  });

  it('answer a burst first come, first served (no search waits behind later ones)', async () => {
    const engine = createSqliteSearchEngine(searchAnswers(copy.app), { workers: 1, databasePath: copy.path, mediaBaseUrl: '/media' });
    try {
      await engine.search(SearchRequestSchema.parse({ type: 'services' }));
      const finished: number[] = [];
      await Promise.all(Array.from({ length: 40 }, (_, index) =>
        engine.search(SearchRequestSchema.parse({ type: 'services', search: ['plumbing', 'aircon', 'tuition', 'catering'][index % 4], page: 1 + index }))
          .then(() => finished.push(index))));
      expect(finished).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await engine.close();
    }
  });
});
