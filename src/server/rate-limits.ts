/**
 * Every rate limit of the site, in one place, counted by hono-rate-limiter stores: the memory store
 * in one process (the embedded default); a shared store (Redis/Valkey through the same Store
 * interface) replaces it when several app servers run. API routes use `limitRoute`; services and
 * pages outside Hono call `RateLimits.hit`. Keys are a client (see client-ip.ts) and, once signed in,
 * an account.
 */
import type { Context, Env, MiddlewareHandler } from 'hono';
import { MemoryStore, rateLimiter, type Store } from 'hono-rate-limiter';
import { AppError } from './errors.ts';

export const RATE_LIMITS = {
  /** Public forms (contact, report): 5 sends per client per 10 minutes. */
  publicForm: { limit: 5, windowMs: 10 * 60_000 },
  /**
   * The search API per client: generous per minute, and at most a burst per 10 seconds, so one client's
   * flood of distinct uncached searches cannot fill the search worker's queue ahead of everyone else.
   */
  search: { limit: 300, windowMs: 60_000 },
  searchBurst: { limit: 30, windowMs: 10_000 },
  /**
   * Uncached renders of non-indexable search pages (keyword, several filters, Near Me…) per client per
   * minute (security probe item 9); SEARCH_PAGE_LIMIT overrides the count, 0 turns it off. Indexable and
   * detail pages are never limited: crawlers fetch them in bulk, and cached pages cost nothing.
   */
  searchPage: { limit: 60, windowMs: 60_000 },
  /** Autocomplete per client: a keystroke (debounced) asks for suggestions, for what and for where. */
  autocomplete: { limit: 240, windowMs: 60_000 },
  /** Follow and unfollow taps per account per 10 minutes. */
  follow: { limit: 120, windowMs: 10 * 60_000 },
  /** Reviews written or edited per account per 10 minutes. */
  review: { limit: 10, windowMs: 10 * 60_000 },
  /** Enquiries, applications and offers per account per hour, and per client (several people may share one address). */
  enquiry: { limit: 20, windowMs: 60 * 60_000 },
  enquiryClient: { limit: 40, windowMs: 60 * 60_000 },
  /** Click-analytics batches per client per minute (a batch goes 5 s after the last click, or on leaving a page). */
  analytics: { limit: 30, windowMs: 60_000 },
  /** Uploads: files per client per 10 minutes. */
  upload: { limit: 60, windowMs: 10 * 60_000 },
} as const;

export type RateLimitRule = keyof typeof RATE_LIMITS;

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** A 429 with the spec's body and the seconds until the rule's window resets (the whole window when the store cannot say). */
function tooManyAttempts(rule: RateLimitRule, resetTime: Date | undefined): AppError {
  const seconds = resetTime ? Math.ceil((resetTime.getTime() - Date.now()) / 1000) : RATE_LIMITS[rule].windowMs / 1000;
  return new AppError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(Math.max(1, seconds)) });
}

export class RateLimits {
  private readonly stores = new Map<RateLimitRule, Store>();

  constructor(createStore: (rule: RateLimitRule) => Store = () => new MemoryStore()) {
    for (const rule of Object.keys(RATE_LIMITS) as RateLimitRule[]) {
      const store = createStore(rule);
      store.init?.({ windowMs: RATE_LIMITS[rule].windowMs } as Parameters<NonNullable<Store['init']>>[0]);
      this.stores.set(rule, store);
    }
  }

  store(rule: RateLimitRule): Store {
    return this.stores.get(rule)!;
  }

  /** Counts one attempt of `key` under `rule` (at most `limit` a window, the rule's own by default); throws a 429 (with Retry-After) once over. */
  async hit(rule: RateLimitRule, key: string, limit: number = RATE_LIMITS[rule].limit): Promise<void> {
    const { totalHits, resetTime } = await this.store(rule).increment(`${rule}|${key}`);
    if (totalHits > limit) {
      throw tooManyAttempts(rule, resetTime);
    }
  }

  async close(): Promise<void> {
    for (const store of this.stores.values()) await store.shutdown?.();
  }
}

/** Hono middleware limiting a route under `rule`, keyed by `key(c)` (the client, later also the account). */
export function limitRoute<E extends Env>(limits: RateLimits, rule: RateLimitRule, key: (c: Context<E>) => string): MiddlewareHandler<E> {
  return rateLimiter<E>({
    windowMs: RATE_LIMITS[rule].windowMs,
    limit: RATE_LIMITS[rule].limit,
    store: limits.store(rule) as unknown as Store<E>,
    keyGenerator: (c) => `${rule}|${key(c)}`,
    standardHeaders: false,
    handler: (c) => {
      throw tooManyAttempts(rule, (c.get('rateLimit' as never) as { resetTime?: Date } | undefined)?.resetTime);
    },
  });
}
