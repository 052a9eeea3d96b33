import type { createApi } from '../../src/server/api/app.ts';
import { codeAfter, SessionClient } from './session-client.ts';

/**
 * A SessionClient talking to a running server over HTTP (instead of the API in-process), sending the
 * site's own Origin as a browser does.
 */
function httpSession(baseUrl: string): SessionClient {
  const api = {
    request: (path: string, init: RequestInit = {}) => fetch(baseUrl + path, { ...init, headers: { Origin: baseUrl, ...(init.headers as Record<string, string> | undefined) } }),
  };
  return new SessionClient(api as unknown as ReturnType<typeof createApi>, '127.0.0.1');
}

/** Signs a new person up and in over HTTP with e-mail `email`, codes read from the server's outbox; returns the signed-in session. */
export async function signedInOverHttp(baseUrl: string, outboxDir: string, email: string, password?: string): Promise<SessionClient> {
  const visitor = httpSession(baseUrl);
  await signUpAndIn(visitor, outboxDir, email, password);
  return visitor;
}

/** Signs `visitor` (a session with a running server) up and in as a new person, codes read from the server's outbox. */
export async function signUpAndIn(visitor: SessionClient, outboxDir: string, email: string, password = 'teh tarik kurang manis 2026'): Promise<void> {
  const expectOk = (answer: { status: number; body: unknown }, step: string) => {
    if (answer.status >= 300) throw new Error(`${step}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  // Mail leaves the server just after its answer: wait for each new code in the outbox, as a person would.
  const signUpCode = await codeAfter(outboxDir, email, async () => expectOk(await visitor.post('/api/register/verification', { type: 'email', email }), 'register/verification'));
  expectOk(await visitor.post('/api/register', { type: 'email', name: 'Siti Probe', email, code: signUpCode, password, password_confirmation: password }), 'register');
  let login!: Awaited<ReturnType<SessionClient['post']>>;
  const signInCode = await codeAfter(outboxDir, email, async () => {
    login = await visitor.post('/api/auth/login', { email, password });
    expectOk(login, 'auth/login');
  });
  const tempToken = (login.body.data as { temp_token: string }).temp_token;
  expectOk(await visitor.post('/api/auth/2fa', { temp_token: tempToken, code: signInCode }), 'auth/2fa');
}

/**
 * A new advertiser over HTTP speaking `locale` (issue 63): signed up and in, its language saved, then upgraded with a
 * code to a fresh mobile number read from the outbox.
 */
export async function advertiserOverHttp(baseUrl: string, outboxDir: string, email: string, locale: 'en' | 'ms' | 'zh'): Promise<SessionClient> {
  const person = await signedInOverHttp(baseUrl, outboxDir, email);
  const step = (answer: { status: number; body: unknown }, name: string) => {
    if (answer.status >= 300) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  };
  step(await person.patch('/api/account', { locale }), 'account locale');
  const phone = `60197${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const code = await codeAfter(outboxDir, phone, async () => step(await person.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: phone }), 'verification'));
  step(await person.post('/api/account/upgrade', { phone_number_country: '60', phone_number: phone, code }), 'upgrade');
  return person;
}
