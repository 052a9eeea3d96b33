import type { Context, MiddlewareHandler } from 'hono';
import type { SessionRow } from '../db/rows.ts';
import type { Actor } from '../policies.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../errors.ts';
import { sayIn } from '../say-in.ts';
import { readSaid } from '../../shared/said.ts';
import { clientKey } from '../client-ip.ts';
import { localeOfAcceptLanguage, type Locale } from '../../shared/locale.ts';

/** What the Astro route hands to the Hono app with each request. */
interface ApiBindings {
  clientAddress?: string;
}

interface ApiVariables {
  /** The request's live session (null when signed out), read once by the session middleware (api/session.ts). */
  session: SessionRow | null;
  /** True when the request carried a session cookie that no longer works (expired or logged out). */
  staleSession: boolean;
  /** The operator, once the operator console's gate has found one (api/operator.ts). */
  operator?: Actor;
}

export type ApiEnv = { Bindings: ApiBindings; Variables: ApiVariables };

/** Who is asking, for per-client rules (view counting, limits): the connection's address only. */
export function requestClient(c: Context<ApiEnv>): string {
  return clientKey(c.env?.clientAddress);
}


/** The signed-in user's id, or the 401 of spec §8 (the browser signs out and opens the login modal). */
export function requireUserId(c: Context<ApiEnv>): number {
  const session = c.get('session');
  if (!session) throw new AppError(c.get('staleSession') ? 'session_expired' : 'unauthenticated');
  return session.user_id;
}

/** Middleware: the 401 of requireUserId before anything else of the route runs (its limits included). */
export const signedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireUserId(c);
  await next();
};

/**
 * The language of the page that called (issue 42): the browser's API client names it in Accept-Language; without one,
 * English. Only what an API call answers or sends follows it, never a page.
 */
export function requestLocale(c: Context<ApiEnv>): Locale {
  return localeOfAcceptLanguage(c.req.header('Accept-Language')) ?? 'en';
}

/**
 * A JSON answer whose `message` is said (shared/said.ts) and worded here in the caller's language (issue 63); a
 * message that is not said (an operator's words, a person's) goes as it is.
 */
export function answer(c: Context<ApiEnv>, body: object, status?: number, headers?: Record<string, string>): Response {
  const locale = requestLocale(c);
  c.header('Content-Language', locale);
  return c.json(wordAnswer(body, locale), status as ContentfulStatusCode | undefined, headers);
}

/**
 * An answer's said sentences worded in `locale`: its `message`, and the product's own sentences one level down (a
 * claim's, a quote's, a payment's, a hold's). Down there only the API's keys are worded, so a person's words that
 * happen to read like a key ('loading') stay theirs.
 */
export function wordAnswer(body: object, locale: Locale): object {
  if (Array.isArray(body)) return body;
  const message = (body as { message?: unknown }).message;
  const worded: Record<string, unknown> = typeof message === 'string' ? { ...body, message: sayIn(message, locale) } : { ...body };
  for (const part of NESTED_MESSAGES) {
    const value = worded[part] as { message?: unknown } | undefined;
    if (value && typeof value === 'object' && !Array.isArray(value) && typeof value.message === 'string' && readSaid(value.message)?.key.startsWith('api_')) {
      worded[part] = { ...value, message: sayIn(value.message, locale) };
    }
  }
  return worded;
}

/** Where an answer carries a sentence of its own beside its `message`. */
const NESTED_MESSAGES = ['data', 'quote', 'payment_required', 'held'] as const;

/** The caller of an account flow: the client, the session it came with, its cookies and its page's language. */
export function callerOf(c: Context<ApiEnv>) {
  return { client: requestClient(c), session: c.get('session'), cookies: c.req.header('Cookie') ?? null, locale: requestLocale(c) };
}
