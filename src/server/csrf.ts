/**
 * CSRF protection as spec §7 describes it (Laravel Sanctum's model): `GET /api/sanctum/csrf-cookie`
 * sets a readable `XSRF-TOKEN` cookie, and every unsafe API request must send the same value in
 * `X-XSRF-TOKEN` (a no-JS form sends it as `_token`). A cross-site page can make the browser send the
 * cookie but cannot read it, so it cannot send the header. Once sessions exist the token is tied to
 * the session and rotates on login and logout.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TrustProxy } from './client-ip.ts';

const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The hidden field that carries the token in server-rendered forms. */
export const XSRF_FIELD = '_token';
export const CSRF_MISMATCH = 'CSRF token mismatch.';
/** The cookie outlives a visit; the browser client asks for a new one whenever it is missing. */
const COOKIE_MAX_AGE_SECONDS = 2 * 60 * 60;

/** The MAC of an anonymous token's random part under the app's key. */
function tokenMac(nonce: string, key: string): string {
  return createHmac('sha256', key).update(`xsrf:${nonce}`).digest('base64url');
}

/**
 * A new token: 24 random bytes, signed with the app's key, so that only tokens this site issued count for a
 * visitor without a session (double submit): a cookie planted by a sibling host (or a network attacker on
 * http) with a matching form field is refused (security probe item 18). A session keeps its own in its row.
 */
export function newSignedCsrfToken(key: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${tokenMac(nonce, key)}`;
}

/** True when `token` is one this site signed with `key`. */
export function isSignedCsrfToken(token: string | undefined, key: string): boolean {
  const [nonce, mac, ...rest] = (token ?? '').split('.');
  if (!nonce || !mac || rest.length > 0) return false;
  const expected = Buffer.from(tokenMac(nonce, key));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
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

/** What judging a request's origin needs of the config: the public address, and whether proxies' forwarded headers are believed. */
export interface OriginConfig {
  siteUrl: string;
  trustProxy: TrustProxy;
}

/**
 * True when an unsafe request comes from this site. Its Origin (when sent) must be the configured site
 * URL's, the request's own, or, behind a trusted proxy (TRUST_PROXY), the one the proxy saw
 * (X-Forwarded-Proto and X-Forwarded-Host): a TLS-terminating proxy turns https://www.example.my into a
 * plain-HTTP request, whose rebuilt URL alone would never match. Without an Origin (non-browser clients)
 * the CSRF token decides, unless the browser says the request is cross-site (Sec-Fetch-Site).
 */
export function sameOrigin(headers: Headers, requestUrl: string, config: OriginConfig): boolean {
  const origin = headers.get('Origin');
  if (!origin) return headers.get('Sec-Fetch-Site') !== 'cross-site';
  if (origin === new URL(config.siteUrl).origin || origin === new URL(requestUrl).origin) return true;
  if (!config.trustProxy) return false;
  const first = (name: string) => headers.get(name)?.split(',')[0]?.trim();
  const proto = first('X-Forwarded-Proto');
  const host = first('X-Forwarded-Host') ?? headers.get('Host');
  return Boolean(proto && host) && origin === `${proto}://${host}`;
}
