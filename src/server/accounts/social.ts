/**
 * Social login (spec §4, §7: auth/google, auth/facebook) as an OAuth 2.0 client with state and PKCE,
 * through arctic's generic client with the provider's endpoints from configuration (so tests run
 * against a local provider). The state, the verifier and the page to return to live in short-lived
 * HttpOnly cookies; the callback identifies the person by (provider, subject), links to an existing
 * account only by an e-mail the provider verified, or creates one; then starts a session and returns
 * to the page with ?login=social.
 */
import { timingSafeEqual } from 'node:crypto';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import { isSuspended } from './suspension.ts';
import type { SessionRow, SocialProvider } from '../db/rows.ts';
import type { SocialProviderConfig } from '../config.ts';
import { startSession } from './sessions.ts';

const FLOW_COOKIE = 'yp_oauth';
const FLOW_MAX_AGE_SECONDS = 10 * 60;

/** A path on this site to come back to: never another host (no open redirect, ASVS 3.7.2), never the API. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 1000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001F\\]/.test(value) || value.startsWith('/api/')) return '/';
  const url = new URL(value, 'http://site.invalid');
  if (url.origin !== 'http://site.invalid') return '/';
  url.searchParams.delete('login');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page with ?login=… added (social; social_error when the round trip failed; social_suspended). */
export function returnUrl(path: string, outcome: 'social' | SocialLoginError['outcome']): string {
  const url = new URL(path, 'http://site.invalid');
  url.searchParams.set('login', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

function client(app: AppContext, provider: SocialProvider, config: SocialProviderConfig): OAuth2Client {
  return new OAuth2Client(config.clientId, config.clientSecret, `${app.config.siteUrl}/api/auth/${provider}/callback`);
}

function flowCookie(app: AppContext, value: string, maxAge: number): string {
  const secure = app.config.siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${FLOW_COOKIE}=${value}; Path=/api/auth; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

const FlowSchema = z.object({ provider: z.enum(['google', 'facebook']), state: z.string().min(20), verifier: z.string().min(43), returnTo: z.string() });

/** The provider's authorization URL and the cookie holding this browser's state, verifier and return path. */
export function startSocialLogin(app: AppContext, provider: SocialProvider, returnTo: string | undefined): { location: string; cookie: string } {
  const config = app.config.social[provider]!;
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client(app, provider, config).createAuthorizationURLWithPKCE(config.authUrl, state, CodeChallengeMethod.S256, verifier, config.scopes);
  const flow = Buffer.from(JSON.stringify({ provider, state, verifier, returnTo: safeReturnPath(returnTo) })).toString('base64url');
  return { location: url.href, cookie: flowCookie(app, flow, FLOW_MAX_AGE_SECONDS) };
}

/** The cookie that ends the flow (it is used once). */
export function endFlowCookie(app: AppContext): string {
  return flowCookie(app, '', 0);
}

export function readFlow(cookieHeader: string | null | undefined): z.infer<typeof FlowSchema> | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== FLOW_COOKIE) continue;
    try {
      return FlowSchema.parse(JSON.parse(Buffer.from(value.join('='), 'base64url').toString('utf8')));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const ProfileSchema = z.object({
  sub: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  email: z.string().optional().nullable(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional().nullable(),
});

/** Why a social sign-in failed (logged), and what the page it returns to says: a failure, or a suspended account. */
export class SocialLoginError extends Error {
  readonly outcome: 'social_error' | 'social_suspended';
  constructor(message: string, outcome: 'social_error' | 'social_suspended' = 'social_error') {
    super(message);
    this.outcome = outcome;
  }
}

/**
 * Finishes the round trip: checks the state against this browser's cookie, trades the code (with the
 * verifier) for a token, reads the person, finds or creates the account and starts a session.
 * Returns the Set-Cookie values and the page to return to; throws SocialLoginError when anything is off.
 */
export async function finishSocialLogin(app: AppContext, provider: SocialProvider, query: { code?: string; state?: string },
  cookieHeader: string | null | undefined, caller: { client: string; session: SessionRow | null }): Promise<{ cookies: string[]; returnTo: string; userId: number }> {
  const config = app.config.social[provider];
  const flow = readFlow(cookieHeader);
  if (!config || !flow || flow.provider !== provider || !query.code || !query.state) throw new SocialLoginError('The sign-in request is missing or expired.');
  const [expected, sent] = [Buffer.from(flow.state), Buffer.from(query.state)];
  if (expected.length !== sent.length || !timingSafeEqual(expected, sent)) throw new SocialLoginError('The sign-in state does not match.');

  const tokens = await client(app, provider, config).validateAuthorizationCode(config.tokenUrl, query.code, flow.verifier)
    .catch((error: unknown) => { throw new SocialLoginError(`The provider refused the code: ${error instanceof Error ? error.message : String(error)}`); });
  const response = await fetch(config.userinfoUrl, { headers: { Authorization: `Bearer ${tokens.accessToken()}`, Accept: 'application/json' } });
  if (!response.ok) throw new SocialLoginError(`The provider's profile answered ${response.status}.`);
  const profile = ProfileSchema.safeParse(await response.json());
  const subject = profile.success ? String(profile.data.sub ?? profile.data.id ?? '') : '';
  if (!profile.success || subject === '') throw new SocialLoginError('The provider did not say who signed in.');
  const email = profile.data.email ? profile.data.email.normalize('NFKC').trim().toLowerCase() : null;
  // Google says whether it verified the address; Facebook returns only an address its user confirmed.
  const verified = email !== null && (provider === 'facebook' || profile.data.email_verified === true || profile.data.email_verified === 'true');

  let userId = await app.repos.users.findIdentity(provider, subject);
  if (userId === undefined && email) {
    const existing = await app.repos.users.findCredentials({ email });
    if (existing && !verified) throw new SocialLoginError('An account uses this e-mail, and the provider has not verified it.');
    if (existing) {
      await app.repos.users.linkIdentity(existing.id, { provider, subject, email });
      userId = existing.id;
    }
  }
  if (userId === undefined) {
    if (!email || !verified) throw new SocialLoginError('The provider gave no verified e-mail address.');
    const name = profile.data.name?.trim() || email.split('@')[0]!;
    userId = await app.repos.users.createUser({
      name: name.slice(0, 100), email, phone_number: null, phone_number_country: null, password_hash: null, identity: { provider, subject, email },
    });
  }
  if (await isSuspended(app, userId)) throw new SocialLoginError(`account ${userId} is suspended`, 'social_suspended');
  await app.repos.auth.logAttempt({ action: 'social', identifier: `${provider}:${subject}`, userId, client: caller.client, outcome: 'success' });
  const cookies = await startSession(app, userId, caller.client, caller.session);
  return { cookies: [...cookies, endFlowCookie(app)], returnTo: flow.returnTo, userId };
}
