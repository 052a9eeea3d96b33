/**
 * Links that prove themselves: `{id}.{signature}`, the id of what they act on signed with a key of the site and the
 * link's purpose, so a link of one purpose never works for another. One spelling (security probe item 8): no leading
 * zero. Used by the one-click unsubscribe of alerts and the confirmation of an appeal.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([1-9]\d{0,11})\.([A-Za-z0-9_-]{32})$/;

function signature(key: string, purpose: string, id: number): string {
  return createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url').slice(0, 32);
}

/** The token of `id` for `purpose`. */
export function signedToken(key: string, purpose: string, id: number): string {
  return `${id}.${signature(key, purpose, id)}`;
}

/** The id a token names for `purpose`, or null when it is malformed or forged. */
export function signedId(key: string, purpose: string, token: string | null | undefined): number | null {
  const match = TOKEN.exec(token ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  const expected = Buffer.from(signature(key, purpose, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
