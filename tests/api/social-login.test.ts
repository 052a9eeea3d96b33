import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { safeReturnPath } from '../../src/server/accounts/social.ts';
import type { AppContext } from '../../src/server/app-context.ts';
import { copyOfDatabase, rowCount, testApp, testDatabases, type TestDatabaseBackend } from '../helpers/test-database.ts';
import { startOAuthProvider } from '../helpers/oauth-provider.ts';
import { SessionClient } from '../helpers/session-client.ts';
import { inject } from 'vitest';

let provider: Awaited<ReturnType<typeof startOAuthProvider>>;
let database: Awaited<ReturnType<typeof copyOfDatabase>>;
let app: AppContext;
let layer: ReturnType<TestDatabaseBackend['query']>;
let api: ReturnType<typeof createApi>;
let clients = 0;

beforeAll(async () => {
  provider = await startOAuthProvider();
  database = await copyOfDatabase(inject('templateUrl'));
  app = await testApp(database.url, provider.env);
  layer = testDatabases().query(database.url);
  api = createApi(app);
});
afterAll(async () => {
  await app.close();
  await layer.close();
  await database.remove();
  await provider.stop();
});

/** Runs the whole round trip as a browser would: the site, the provider, back to the site. */
async function socialLogin(which: 'google' | 'facebook', from = '/services/l?what=plumber', visitor = new SessionClient(api, `192.0.2.${++clients}`)) {
  const start = await visitor.get(`/api/auth/${which}?redirect=${encodeURIComponent(from)}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('Location')!);
  expect(authorize.origin).toBe(provider.url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(start.cookies[0]).toMatch(/HttpOnly/);
  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('Location')!);
  const done = await visitor.get(`${callback.pathname}${callback.search}`);
  return { visitor, done, callback };
}

const userCount = () => rowCount(layer.query, 'users');

describe('social login against a local provider (spec §4, §7)', () => {
  it('creates an account from a verified e-mail, starts a session and returns to the page with ?login=social', async () => {
    provider.state.person = { sub: 'google-uid-1', email: 'Mei.Ling@Example.my', email_verified: true, name: 'Mei Ling' };
    const { visitor, done, callback } = await socialLogin('google');
    expect(callback.pathname).toBe('/api/auth/google/callback');
    expect(done.status).toBe(302);
    expect(done.headers.get('Location')).toBe('/services/l?what=plumber&login=social');
    expect(done.cookies.some((cookie) => cookie.startsWith('yp_session='))).toBe(true);
    const account = await visitor.get('/api/account');
    expect(account.body.data).toMatchObject({ name: 'Mei Ling', email: 'mei.ling@example.my' });
    expect(await app.repos.users.findIdentity('google', 'google-uid-1')).toBeGreaterThan(0);
  });

  it('signs the same person in again by (provider, subject), even when the provider e-mail changed', async () => {
    const before = await userCount();
    provider.state.person = { sub: 'google-uid-1', email: 'new-address@example.my', email_verified: true, name: 'Mei Ling' };
    const { visitor } = await socialLogin('google');
    expect((await visitor.get('/api/user')).body).toMatchObject({ email: 'mei.ling@example.my' });
    expect(await userCount()).toBe(before);
  });

  it('links another provider to an existing account only through a verified e-mail', async () => {
    provider.state.person = { sub: 'google-uid-2', email: 'mei.ling@example.my', email_verified: false, name: 'Impostor' };
    const refused = await socialLogin('google', '/');
    expect(refused.done.headers.get('Location')).toBe('/?login=social_error');
    expect(refused.done.cookies.some((cookie) => cookie.startsWith('yp_session=') && !cookie.includes('Max-Age=0'))).toBe(false);

    provider.state.person = { id: 'fb-77', email: 'mei.ling@example.my', name: 'Mei Ling' };
    const linked = await socialLogin('facebook', '/jobs');
    expect(linked.done.headers.get('Location')).toBe('/jobs?login=social');
    expect((await linked.visitor.get('/api/user')).body).toMatchObject({ email: 'mei.ling@example.my' });
  });

  it('refuses a wrong state, a missing flow cookie and a refused code, and never redirects off the site', async () => {
    provider.state.person = { sub: 'google-uid-3', email: 'kumar@example.my', email_verified: true, name: 'Kumar' };
    const visitor = new SessionClient(api, '192.0.2.200');
    const start = await visitor.get('/api/auth/google?redirect=//evil.example/steal');
    const back = await fetch(new URL(start.headers.get('Location')!), { redirect: 'manual' });
    const callback = new URL(back.headers.get('Location')!);
    callback.searchParams.set('state', 'x'.repeat(43));
    const wrongState = await visitor.get(`${callback.pathname}${callback.search}`);
    expect(wrongState.headers.get('Location')).toBe('/?login=social_error');

    const stranger = new SessionClient(api, '192.0.2.201');
    const noCookie = await stranger.get(`/api/auth/google/callback?code=abc&state=${'y'.repeat(43)}`);
    expect(noCookie.headers.get('Location')).toBe('/?login=social_error');

    provider.state.failToken = true;
    try {
      const refused = await socialLogin('google', '/hireme');
      expect(refused.done.headers.get('Location')).toBe('/hireme?login=social_error');
    } finally {
      provider.state.failToken = false;
    }
    expect(await app.repos.users.findCredentials({ email: 'kumar@example.my' })).toBeUndefined();
  });

  it('keeps return paths on the site', () => {
    expect(safeReturnPath('/buysell/l?what=bike')).toBe('/buysell/l?what=bike');
    expect(safeReturnPath('/jobs?login=social')).toBe('/jobs');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/api/user', '', undefined]) {
      expect(safeReturnPath(bad)).toBe('/');
    }
  });

  it('refuses a suspended account without a session, and says so apart from a failure (?login=social_suspended)', async () => {
    const userId = (await app.repos.users.findIdentity('google', 'google-uid-1'))!;
    expect(await app.repos.listings.suspendAccount(userId, { until: null, reason: 'Repeated scam reports' })).toBe(true);
    try {
      provider.state.person = { sub: 'google-uid-1', email: 'mei.ling@example.my', email_verified: true, name: 'Mei Ling' };
      const { done } = await socialLogin('google', '/jobs');
      expect(done.headers.get('Location')).toBe('/jobs?login=social_suspended');
      expect(done.cookies.some((cookie) => cookie.startsWith('yp_session=') && !cookie.includes('Max-Age=0'))).toBe(false);
    } finally {
      await app.repos.listings.restoreAccount(userId);
    }
  });

  it('answers 404 for a provider that is not configured', async () => {
    const bare = await testApp(database.url);
    try {
      const response = await createApi(bare).request('/api/auth/google');
      expect(response.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
