import { describe, expect, it } from 'vitest';
import { createApi, PUBLIC_API_ROUTES } from '../../src/server/api/app.ts';
import { useAccountsApp } from '../helpers/accounts.ts';

/**
 * Personal answers are never stored by anyone (issue 38; code review E8): every route of the API's route table, called
 * signed in (as an advertiser and an operator, so the private routes answer rather than refuse), says `no-store`,
 * except the routes named for public caching (search, autocomplete, reference data), which say theirs when they
 * succeed. A route added later without thought is caught here: it is walked like every other.
 */
const accounts = useAccountsApp('cache-control');
const { copy, registerByEmail, signIn } = accounts;

/** A value for each path parameter the routes use. */
const PARAMS: Record<string, string> = { type: 'services', id: '1', slug: 'no-such-slug', page: 'about-us', provider: 'billplz', file: 'x', key: 'services-1' };

function pathOf(route: string): string {
  return route.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => PARAMS[name] ?? '1').replace(/\/\*$/, '/x');
}

describe('Cache-Control on every API answer', () => {
  it('is no-store on every route of the route table but the named public ones', async () => {
    const email = 'cache-walker@example.my';
    await registerByEmail(email, 'Cache Walker');
    const id = (await copy.repos.users.findCredentials({ email }))!.id;
    await copy.repos.users.addRole(id, 'advertiser');
    await copy.repos.users.addRole(id, 'operator');
    const client = await signIn(email);
    const routes = [...new Map(createApi(copy.app).routes
      .filter((route) => route.method !== 'ALL' && !route.path.endsWith('*'))
      .map((route) => [`${route.method} ${route.path}`, route])).values()]
      // Signing out last: the walk is signed in throughout.
      .sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    expect(routes.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const route of routes) {
      const path = pathOf(route.path);
      // A stream never ends: its headers are read, then it is let go.
      const streamed = route.path.endsWith('/stream') ? await client.stream(path) : null;
      await streamed?.body?.cancel();
      const answer = streamed ?? (route.method === 'GET' ? await client.getText(path) : await client.call(route.method, path, {}));
      const header = answer.headers.get('Cache-Control') ?? '(none)';
      const shared = PUBLIC_API_ROUTES.get(`${route.method} ${route.path}`);
      const expected = shared && answer.status < 300 ? shared : /no-store/;
      if (typeof expected === 'string' ? header !== expected : !expected.test(header)) wrong.push(`${route.method} ${route.path} (${answer.status}): ${header}`);
    }
    expect(wrong).toEqual([]);
    // Every named public route exists in the table (a renamed route is not silently dropped from the list).
    const table = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect([...PUBLIC_API_ROUTES.keys()].filter((name) => !table.has(name))).toEqual([]);
  });

  it('lets the public routes be kept, and not a person\'s saved searches', async () => {
    const client = await signIn('cache-walker@example.my');
    expect((await client.call('POST', '/api/post/search', { type: 'services' })).headers.get('Cache-Control')).toBe('public, max-age=60');
    expect((await client.getText('/api/states')).headers.get('Cache-Control')).toBe('public, max-age=3600');
    const saved = await client.getText('/api/saved-searches');
    expect([saved.status, saved.headers.get('Cache-Control')]).toEqual([200, 'no-store']);
  });
});
