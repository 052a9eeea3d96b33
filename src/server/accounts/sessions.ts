/**
 * Server-side sessions (decision 0005). The browser holds a random 256-bit token in an HttpOnly,
 * SameSite=Lax cookie (Secure, with the __Host- prefix, on https); the database holds its SHA-256 as
 * the session id, the user, and the session's XSRF token. Signing in always makes a new session and
 * deletes the one it replaces (no fixation); logging out deletes the row. A session ends after 14
 * days without use or 90 days after sign-in, whichever comes first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionRow } from '../db/rows.ts';
import type { AppContext } from '../app-types.ts';
import { csrfCookie, newSignedCsrfToken } from '../csrf.ts';

export const SESSION_RULES = {
  idleMs: 14 * 24 * 60 * 60_000,
  absoluteMs: 90 * 24 * 60 * 60_000,
  /** last_seen_at is written at most this often (a read per request, a write per hour of use). */
  touchEveryMs: 60 * 60_000,
} as const;

/** The cookie's name: __Host- (Secure, host-only, path /) on https, where browsers enforce it. */
export function sessionCookieName(siteUrl: string): string {
  return siteUrl.startsWith('https:') ? '__Host-yp_session' : 'yp_session';
}

export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The session token in a request's Cookie header, if any. */
export function sessionTokenOf(cookieHeader: string | null | undefined, siteUrl: string): string | undefined {
  const name = sessionCookieName(siteUrl);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || undefined;
  }
  return undefined;
}

function sessionCookie(token: string, siteUrl: string): string {
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${sessionCookieName(siteUrl)}=${token}; Path=/; Max-Age=${SESSION_RULES.absoluteMs / 1000}; HttpOnly; SameSite=Lax${secure}`;
}

/** Set-Cookie values that drop the session cookie and give the browser a fresh anonymous XSRF token. */
export function signedOutCookies(app: Pick<AppContext, 'config' | 'secrets'>): string[] {
  const { siteUrl } = app.config;
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  return [`${sessionCookieName(siteUrl)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`, csrfCookie(newSignedCsrfToken(app.secrets.csrf), siteUrl)];
}

/**
 * Starts a session for the user, deleting the one it replaces, and returns the Set-Cookie values: the
 * session cookie and the XSRF-TOKEN cookie of the new session (the token rotates with the session).
 */
export async function startSession(app: AppContext, userId: number, client: string, replacing: SessionRow | null): Promise<string[]> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date(app.clock.now());
  // Signed like an anonymous token: once the session ends (a 401 says so), the cookie still passes as one the site issued.
  const csrfToken = newSignedCsrfToken(app.secrets.csrf);
  await app.repos.auth.createSession({
    id: sha256(token), user_id: userId, csrf_token: csrfToken, client,
    created_at: now.toISOString(), last_seen_at: now.toISOString(), expires_at: new Date(now.getTime() + SESSION_RULES.absoluteMs).toISOString(),
  }, replacing?.id);
  return [sessionCookie(token, app.config.siteUrl), csrfCookie(csrfToken, app.config.siteUrl)];
}

/** The live session a page request's cookie carries (a page reads it as the API's session middleware does). */
export function findPageSession(app: AppContext, request: Request): Promise<SessionRow | undefined> {
  return findLiveSession(app, sessionTokenOf(request.headers.get('cookie') ?? undefined, app.config.siteUrl));
}

/** The live session of a token (one read by primary key), marking it used at most once an hour; undefined when none or ended. */
export async function findLiveSession(app: AppContext, token: string | undefined): Promise<SessionRow | undefined> {
  if (!token || token.length > 100) return undefined;
  const session = await app.repos.auth.findSession(sha256(token));
  if (!session) return undefined;
  const now = app.clock.now();
  const lastSeen = Date.parse(session.last_seen_at);
  if (Date.parse(session.expires_at) <= now || lastSeen + SESSION_RULES.idleMs <= now) {
    await app.repos.auth.deleteSession(session.id);
    return undefined;
  }
  if (now - lastSeen >= SESSION_RULES.touchEveryMs) {
    // Awaited (once an hour per session, a few ms): the next request must see it, even one that comes at once.
    await app.repos.auth.touchSession(session.id, new Date(now).toISOString()).catch((error: unknown) => console.error('Touching a session failed', error));
  }
  return session;
}
