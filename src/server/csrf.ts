/**
 * CSRF protection as spec §7 describes it (Laravel Sanctum's model): `GET /api/sanctum/csrf-cookie`
 * sets a readable `XSRF-TOKEN` cookie, and every unsafe API request must send the same value in
 * `X-XSRF-TOKEN` (a no-JS form sends it as `_token`). A cross-site page can make the browser send the
 * cookie but cannot read it, so it cannot send the header. Once sessions exist the token is tied to
 * the session and rotates on login and logout.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The hidden field that carries the token in server-rendered forms. */
export const XSRF_FIELD = '_token';
export const CSRF_MISMATCH = 'CSRF token mismatch.';
/** The cookie outlives a visit; the browser client asks for a new one whenever it is missing. */
const COOKIE_MAX_AGE_SECONDS = 2 * 60 * 60;

/** A new token: 32 random bytes (256 bits), URL-safe. */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The Set-Cookie value for a token: readable by scripts (it is not a session secret), Lax, Secure on https. */
export function csrfCookie(token: string, siteUrl: string): string {
  return `${XSRF_COOKIE}=${token}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${siteUrl.startsWith('https:') ? '; Secure' : ''}`;
}

/** The token cookie of a request's Cookie header, if any. */
export function csrfCookieOf(cookieHeader: string | null | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** True when both are present and equal (compared in constant time). */
export function csrfTokensMatch(cookie: string | undefined, sent: string | null | undefined): boolean {
  if (!cookie || !sent) return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(sent);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when a request's Origin (if it sent one) is this site: the request's own origin or the configured site URL. */
export function sameOrigin(origin: string | null | undefined, requestUrl: string, siteUrl: string): boolean {
  if (!origin) return true;
  return origin === new URL(requestUrl).origin || origin === new URL(siteUrl).origin;
}
