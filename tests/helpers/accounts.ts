import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { TestClock } from '../../src/server/clock.ts';
import { useTestDatabase } from './test-database.ts';
import { latestCode, SessionClient } from './session-client.ts';

export const TEST_PASSWORD = 'kopi-o kosong 2026';

/**
 * A test file's own app for account journeys: a copy of the template database (`copy`), an outbox
 * folder, the API (`api()`) and the app's clock (`clock`, moved by hand), with signing up and in as people
 * do, codes read from the outbox. `ageCodes` moves the clock past the send limits (one code a minute).
 */
export function useAccountsApp(name: string, env: Record<string, string> = {}, options: { clockStart?: number } = {}) {
  const outbox = mkdtempSync(join(tmpdir(), `yp-${name}-outbox-`));
  afterAll(() => rmSync(outbox, { recursive: true, force: true }));
  const clock = new TestClock(options.clockStart);
  // `env` is read when the app starts (in the first beforeAll): a test may fill it in a hook registered before this.
  const copy = useTestDatabase(Object.assign(env, { OUTBOX_DIR: outbox }), { clock });
  let app: ReturnType<typeof createApi> | undefined;
  beforeAll(() => {
    app = createApi(copy.app);
  });
  const api = () => app!;
  let clients = 0;
  const browser = (client = `203.0.113.${++clients % 250}`) => new SessionClient(api(), client, () => copy.app.outbox.settled());

  /** Lets the next code go out at once: the clock moves on `minutes` (for every address). */
  function ageCodes(_address: string, minutes = 2) {
    clock.advance(minutes * 60_000);
  }

  async function registerByEmail(email: string, name = 'Nur Aisyah', password = TEST_PASSWORD) {
    const visitor = browser();
    expect((await visitor.post('/api/register/verification', { type: 'email', email })).status).toBe(200);
    const answer = await visitor.post('/api/register', {
      type: 'email', name, email, code: latestCode(outbox, email), password, password_confirmation: password,
    });
    expect(answer.status).toBe(201);
    return visitor;
  }

  /** Logs in through both steps; returns the browser, now holding a session. */
  async function signIn(email: string, password = TEST_PASSWORD, visitor = browser()) {
    ageCodes(email, 61);
    const login = await visitor.post('/api/auth/login', { email, password });
    expect(login.status).toBe(200);
    const tempToken = (login.body.data as { temp_token: string }).temp_token;
    const done = await visitor.post('/api/auth/2fa', { temp_token: tempToken, code: latestCode(outbox, email) });
    expect(done.status).toBe(200);
    return visitor;
  }

  return { outbox, copy, clock, api, browser, ageCodes, registerByEmail, signIn };
}
