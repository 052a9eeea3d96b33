/**
 * Brute-force limits of signing in (ASVS 6.3.1, 6.6.3), after rate-limiter-flexible's login recipe, with the
 * counts in the database (security probe item 11: they survive restarts and crashes, and every process on
 * one database shares them). An attempt takes its point before the password or code is checked, in one
 * atomic statement, so parallel guesses cannot all pass a check made before any of them failed (probe item
 * 3: 60 parallel guesses were all evaluated against a limit of 10); a success gives it back.
 *
 * - Per account and client: 10 wrong passwords (or codes) from one client for one account, then 15 minutes'
 *   block. Keyed by the account id when the identifier names an account, else by its skeleton (see
 *   `identifierKey`), so case, spaces and look-alike letters never open a fresh count.
 * - Per client, whatever the account (password spraying): 100 failures an hour, then a block that grows
 *   with each block that day: 15 minutes, 30, 1 hour, then 2 hours at most. Malaysian mobile carriers put
 *   thousands of subscribers behind one address (carrier-grade NAT), so a day's block for a whole address
 *   (probe item 8) would lock them all out because of one person; a short, growing block still cuts a
 *   sprayer from one address to a few hundred guesses a day, and the per-account limit holds regardless.
 * - Per account, across every client that is not a device the account signed in on (issue 38): 20 wrong passwords an
 *   hour, then each waits for the hour's end (429 with Retry-After). A botnet testing a leaked password list against
 *   one account from thousands of addresses gets 20 guesses an hour. A browser with the account's device cookie
 *   (accounts/devices.ts) has an allowance of its own instead (10, then 15 minutes' block), so the flood never locks
 *   the owner out.
 * - Per client: codes sent per hour, whatever the address (so nobody mails a list of strangers).
 */
import type { CounterRepository } from '../db/repositories.ts';
import type { CounterState } from '../db/rows.ts';
import { AppError, tooMany } from '../errors.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const SIGN_IN_LIMITS = {
  /** Wrong passwords or codes for one account from one client, then blocked for 15 minutes. */
  accountClient: { points: 10, windowMs: HOUR, blockMs: 15 * MINUTE },
  /** Wrong passwords for one account from clients that are not its devices, per hour; past them, a wait until the hour ends. */
  account: { points: 20, windowMs: HOUR },
  /** Wrong passwords from one of the account's devices, then blocked for 15 minutes. */
  device: { points: 10, windowMs: HOUR, blockMs: 15 * MINUTE },
  /** Wrong passwords or codes from one client in an hour, then a block doubling from 15 minutes to 2 hours within a day. */
  client: { points: 100, windowMs: HOUR, blockMs: 15 * MINUTE, maxBlockMs: 2 * HOUR },
  /**
   * Codes sent at one client's request per hour (each address has its own limits too, see codes.ts).
   * Generous: Malaysian mobile carriers put many subscribers behind one address (carrier-grade NAT).
   */
  codeSends: { points: 100, windowMs: HOUR },
} as const;

/** How long the count of a client's blocks lasts: each block within it is twice as long as the one before. */
const CLIENT_BLOCKS_WINDOW_MS = 24 * HOUR;

/**
 * The key of an e-mail or phone for counting: Unicode compatibility forms folded (full-width and
 * styled letters become ASCII), accents and marks dropped, case and every space removed, so
 * 'Ａli@Example.com ' and 'ali@example.com' count as one.
 */
export function identifierKey(identifier: string): string {
  return identifier.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function blocked(ms: number): AppError {
  return tooMany('too_many_attempts', ms / 1000);
}

/** A key that is over its limit or blocked: how long until it may try again, else null. */
function waitOf(state: CounterState, limit: number, now: number): number | null {
  if (state.blockedUntil !== null && state.blockedUntil > now) return state.blockedUntil - now;
  return state.points > limit ? state.resetAt - now : null;
}

/**
 * How a password is checked: from one of the account's devices (its id), from any other client (null). Codes and
 * sign-ups pass no password step: they count per account and client only.
 */
export type PasswordStep = { device: string | null };

/** One budget an attempt draws on: its counter key, its points per window, and its block once spent (if any). */
interface Budget {
  key: string;
  points: number;
  windowMs: number;
  blockMs?: number;
}

export class SignInGuard {
  private readonly counters: CounterRepository;
  private readonly now: () => number;

  constructor(counters: CounterRepository, now: () => number = Date.now) {
    this.counters = counters;
    this.now = now;
  }

  /**
   * The budgets of an attempt besides the client's own: the device's, or the account's from this client plus (for a
   * password) the account's shared by every client that is not its device.
   */
  private budgets(account: string, client: string, password?: PasswordStep): Budget[] {
    if (password?.device) return [{ key: `sign-in-device|${password.device}`, ...SIGN_IN_LIMITS.device }];
    return [
      { key: accountClientKey(account, client), ...SIGN_IN_LIMITS.accountClient },
      ...(password ? [{ key: `sign-in-account|${account}`, ...SIGN_IN_LIMITS.account }] : []),
    ];
  }

  /**
   * Takes this attempt's point from each of its budgets and the client's, before the password or code is checked; a
   * 429 with Retry-After when one is spent or blocked (the right password included). `account` is the account id or
   * the identifier's key; `password` marks a password check (the per-account allowance of unknown clients applies).
   */
  async attempt(account: string, client: string, password?: PasswordStep): Promise<void> {
    const now = this.now();
    let wait = 0;
    for (const budget of this.budgets(account, client, password)) {
      wait = Math.max(wait, waitOf(await this.counters.consume(budget.key, 1, budget.windowMs, now), budget.points, now) ?? 0);
    }
    const byClient = await this.counters.consume(clientKey(client), 1, SIGN_IN_LIMITS.client.windowMs, now);
    wait = Math.max(wait, waitOf(byClient, SIGN_IN_LIMITS.client.points, now) ?? 0);
    if (wait > 0) throw blocked(wait);
  }

  /** The attempt was wrong: a budget it used up blocks its key (the client's block grows with each block that day). */
  async fail(account: string, client: string, password?: PasswordStep): Promise<void> {
    const now = this.now();
    for (const budget of this.budgets(account, client, password)) {
      if (budget.blockMs === undefined) continue;
      const state = await this.counters.find(budget.key, now);
      if (state && state.blockedUntil === null && state.points >= budget.points) await this.counters.block(budget.key, now + budget.blockMs);
    }
    const byClient = await this.counters.find(clientKey(client), now);
    if (byClient && byClient.blockedUntil === null && byClient.points >= SIGN_IN_LIMITS.client.points) {
      const { points: blocks } = await this.counters.consume(`sign-in-blocks|${client}`, 1, CLIENT_BLOCKS_WINDOW_MS, now);
      const { blockMs, maxBlockMs } = SIGN_IN_LIMITS.client;
      await this.counters.block(clientKey(client), now + Math.min(maxBlockMs, blockMs * 2 ** (blocks - 1)));
    }
  }

  /** The password was right (a code follows): the attempt is given back to every budget. */
  async passed(account: string, client: string, password?: PasswordStep): Promise<void> {
    const now = this.now();
    for (const budget of this.budgets(account, client, password)) await this.counters.refund(budget.key, 1, now);
    await this.counters.refund(clientKey(client), 1, now);
  }

  /** A success: the account's count from this client starts again, and the client gets the attempt back. */
  async succeed(account: string, client: string): Promise<void> {
    await this.counters.delete(accountClientKey(account, client));
    await this.counters.refund(clientKey(client), 1, this.now());
  }

  /** Counts a code sent at this client's request; 429 past the hourly limit. */
  async countCodeSend(client: string): Promise<void> {
    const now = this.now();
    const state = await this.counters.consume(`code-sends|${client}`, 1, SIGN_IN_LIMITS.codeSends.windowMs, now);
    const wait = waitOf(state, SIGN_IN_LIMITS.codeSends.points, now);
    if (wait !== null) throw blocked(wait);
  }
}

const accountClientKey = (account: string, client: string) => `sign-in|${account}|${client}`;
const clientKey = (client: string) => `sign-in-client|${client}`;
