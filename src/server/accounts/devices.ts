/**
 * Device cookies (issue 38; OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to
 * an account carries a signed cookie naming the account and a random device id. Its wrong passwords count against its
 * own allowance, so an attacker guessing the account's password from many addresses (who shares the account's
 * allowance for unknown clients) never locks its owner out. The cookie is sent to the sign-in routes only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const DEVICE_COOKIE = 'yp_device';
/** A device is remembered for a year after its last sign-in. */
const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;

function signature(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url').slice(0, 32);
}

/** The Set-Cookie of a new device cookie for `userId` (after a sign-in), HttpOnly, sent to /api/auth only. */
export function deviceCookie(secret: string, userId: number, siteUrl: string): string {
  const value = `${userId}.${randomBytes(16).toString('base64url')}`;
  const secure = siteUrl.startsWith('https:') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${value}.${signature(secret, value)}; Path=/api/auth; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

/** The device a Cookie header's device cookie names for `userId` (its id), or null when it has none, another account's, or a forged one. */
export function deviceOf(cookieHeader: string | null | undefined, secret: string, userId: number): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== DEVICE_COOKIE) continue;
    // Another cookie of the name (another account's, or the review filter's old one on Path=/) does not hide this one.
    const match = /^([1-9]\d{0,11})\.([\w-]{22})\.([\w-]{32})$/.exec(rest.join('='));
    if (!match || Number(match[1]) !== userId) continue;
    const expected = Buffer.from(signature(secret, `${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return match[2]!;
  }
  return null;
}
