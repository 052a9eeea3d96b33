import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Bodies that are not objects (probe finding 12): every route of the API's route table that writes is sent `null`, an
 * array, a string and a number as JSON. None answers 5xx; every route that reads a JSON body (it refuses JSON that does
 * not parse with the 422 that says so) refuses each with 422 in the spec's shape. POST analytics keeps its array.
 */
const accounts = useAccountsApp('json-bodies');
const { advertiser, claimBusiness } = advertiserHelpers(accounts);

/** A path of the route table with each parameter filled: ids by `id`, alternatives by the first. */
const filled = (path: string, id: number) => path
  .replace(/:(\w+)\{([^}]+)\}/g, (_, __, pattern: string) => (pattern === '[0-9]+' ? String(id) : pattern.split('|')[0]!))
  .replace(/:type\b/, 'services').replace(/:provider\b/, 'billplz').replace(/:\w+/g, String(id));

const NOT_OBJECTS: [string, unknown][] = [['null', null], ['an array', [1]], ['a string', 'text'], ['a number', 42]];

describe('JSON bodies that are not objects', () => {
  it('are refused with 422 by every route that reads fields, and answer no route with 5xx', async () => {
    const owner = await advertiser('Json Owner');
    const business = await claimBusiness(owner, new Set());
    const routes = new Map<string, { method: string; path: string }>();
    const api = createApi(accounts.copy.app);
    await owner.call('GET', '/api/sanctum/csrf-cookie');
    for (const route of api.routes) {
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) routes.set(`${route.method} ${route.path}`, route);
    }
    let readers = 0;
    for (const { method, path: pattern } of routes.values()) {
      const path = filled(pattern, business.id);
      const token = decodeURIComponent(owner.jar.get('XSRF-TOKEN')!);
      const broken = await api.request(path, { method, body: '{', headers: { 'Content-Type': 'application/json', Cookie: owner.cookieHeader(), 'X-XSRF-TOKEN': token } }, { clientAddress: owner.client });
      expect(broken.status, `${method} ${path} {`).toBeLessThan(500);
      const readsFields = broken.status === 422 && (await broken.json() as { message: string }).message === 'Send the fields as JSON.' && path !== '/api/analytics';
      if (readsFields) readers += 1;
      for (const [what, body] of NOT_OBJECTS) {
        const answer = await owner.call(method, path, body);
        expect(answer.status, `${method} ${path} with ${what}`).toBeLessThan(500);
        if (readsFields) {
          expect(answer.status, `${method} ${path} with ${what}: ${JSON.stringify(answer.body)}`).toBe(422);
          expect(answer.body.errors).toBeDefined();
        }
      }
    }
    // The table holds the conversation routes the probe found, and most writes read fields.
    expect(routes.has('POST /api/conversations')).toBe(true);
    expect(readers).toBeGreaterThan(40);
    const analytics = await owner.call('POST', '/api/analytics', [{ type: 'services', id: 1, action: 'call' }]);
    expect(analytics.status).toBeLessThan(300);
  }, scaled(60_000));
});
