/**
 * Every rate limit of the site, in one place, counted by hono-rate-limiter stores. The limits that protect writes
 * (forms, follows, reviews, enquiries, uploads) count in the database's counters (CounterStore), so every app
 * process on one database shares them; the sign-in and code limits count there too (accounts/). The limits of
 * reads (search, autocomplete, analytics) count in each process's memory: they only spread load. API routes use
 * `limitRoute`; services and pages outside Hono call `RateLimits.hit`. Keys are a client (see client-ip.ts) and,
 * once signed in, an account.
 */
import type { Context, Env, MiddlewareHandler } from 'hono';
import { MemoryStore, rateLimiter, type Store } from 'hono-rate-limiter';
import type { Clock } from './clock.ts';
import type { CounterRepository } from './db/repositories.ts';
import { AppError, tooMany } from './errors.ts';
import { say } from '../shared/said.ts';

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
  /** "Confirm your appeal" mails per address a day, whoever sends the appeals (probe finding 14). */
  appealMail: { limit: 3, windowMs: 24 * 60 * 60_000 },
  /** Checks of a bank account, number or link before paying (issue 64: /pages/check, GET /api/safety/check) per client an hour. */
  safetyCheck: { limit: 30, windowMs: 60 * 60_000 },
  /** Uploads: files per client per 10 minutes. */
  upload: { limit: 60, windowMs: 10 * 60_000 },
} as const;

export type RateLimitRule = keyof typeof RATE_LIMITS;

/** The limits every process shares (counted in the database): those that protect writes. */
export const SHARED_RULES: ReadonlySet<RateLimitRule> = new Set(['publicForm', 'appealMail', 'follow', 'review', 'enquiry', 'enquiryClient', 'upload', 'safetyCheck']);

/**
 * A hono-rate-limiter store on the database's counters (decision 0019): one atomic statement per hit, so several
 * processes on one database count together. Chosen over rate-limiter-flexible's PostgreSQL store because the
 * counters already exist on both backends, behind the data seam, and need no second driver or table.
 */
export class CounterStore implements Store {
  private windowMs = 60_000;
  private readonly counters: CounterRepository;
  private readonly clock: Clock;

  constructor(counters: CounterRepository, clock: Clock) {
    this.counters = counters;
    this.clock = clock;
  }

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string) {
    const state = await this.counters.find(`limit:${key}`, this.clock.now());
    return state && { totalHits: state.points, resetTime: new Date(state.resetAt) };
  }

  async increment(key: string) {
    const state = await this.counters.consume(`limit:${key}`, 1, this.windowMs, this.clock.now());
    return { totalHits: state.points, resetTime: new Date(state.resetAt) };
  }

  async decrement(key: string): Promise<void> {
    await this.counters.refund(`limit:${key}`, 1, this.clock.now());
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.delete(`limit:${key}`);
  }
}

export const TOO_MANY_ATTEMPTS = say('api_too_many_attempts');

/** A 429 with the spec's body and the seconds until the rule's window resets (the whole window when the store cannot say). */
function tooManyAttempts(rule: RateLimitRule, resetTime: Date | undefined): AppError {
  const seconds = resetTime ? Math.ceil((resetTime.getTime() - Date.now()) / 1000) : RATE_LIMITS[rule].windowMs / 1000;
  return tooMany('too_many_attempts', seconds);
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
