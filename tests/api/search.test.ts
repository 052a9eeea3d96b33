import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../src/shared/schemas/catalog.ts';
import { SearchRequestSchema, SearchResponseSchema } from '../../src/shared/search.ts';
import { apiClient } from '../helpers/api.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

/** POST /api/post/search as a client calls it; the search rules themselves are the oracle's (tests/contract/search.ts). */
const copy = useTestDatabase();
let call: ReturnType<typeof apiClient>;

beforeAll(() => {
  call = apiClient(copy.app);
});

const post = (body: unknown) => call('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('POST /api/post/search', () => {
  it('answers what the search service answers for the same request', async () => {
    for (const body of [{ type: 'services', search: 'aircon', sort: 'rating' }, { type: 'jobs', job_type: 'FT', page: 2 }, { location: 'Near Me', user_location: '3.139,101.6869' }]) {
      const { status, body: json } = await post(body);
      expect(status).toBe(200);
      expect(SearchResponseSchema.parse(json)).toEqual(await copy.app.search.search(SearchRequestSchema.parse(body)));
    }
  });

  it('refuses a live_since that is not a day', async () => {
    expect((await post({ live_since: 'yesterday' })).status).toBe(422);
  });
});

describe('POST /api/post/search rejects bad requests with 422 and per-field messages', () => {
  it.each([
    ['a wrong type', { type: 5 }, 'type'],
    ['an unknown type', { type: 'cars' }, 'type'],
    ['an unknown sort', { sort: 'cheapest' }, 'sort'],
    ['a huge page number', { page: 10 ** 12 }, 'page'],
    ['a page of zero', { page: 0 }, 'page'],
    ['a 10 kB search string', { search: 'x'.repeat(10_000) }, 'search'],
    ['non-numeric coordinates', { user_location: 'here,there' }, 'user_location'],
    ['out-of-range coordinates', { user_location: '95,200' }, 'user_location'],
    ['Near Me without a location', { location: 'Near Me' }, 'user_location'],
    ['a distance that is not offered', { distance: 7, user_location: '3.1,101.6' }, 'distance'],
    ['a malformed price', { price: 'cheap' }, 'price'],
    ['an unknown job type', { job_type: 'FT,XX' }, 'job_type'],
    ['a huge limit', { limit: 1000 }, 'limit'],
  ])('%s', async (_label, body, field) => {
    const { status, body: json } = await post(body);
    expect(status).toBe(422);
    const error = ErrorBodySchema.parse(json);
    expect(Object.keys(error.errors ?? {})).toContain(field);
  });

  it('a body that is not JSON', async () => {
    const { status, body } = await call('/api/post/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"type":' });
    expect(status).toBe(422);
    expect(ErrorBodySchema.parse(body).message).toMatch(/JSON/);
  });
});
