/**
 * Brute-force limits of signing in (ASVS 6.3.1, 6.6.3), after rate-limiter-flexible's login recipe:
 * failures are counted, and once a key has too many the action answers 429 with Retry-After until
 * the block ends, even with the right password or code. A success clears the account+client count.
 *
 * - Per account and client: consecutive wrong passwords (or codes) from one client for one account.
 *   Keyed by the account id when the identifier names an account, else by its skeleton (see
 *   `identifierKey`), so case, spaces and look-alike letters never open a fresh count.
 * - Per client: wrong passwords and codes over a day, whatever the account (password spraying).
 * - Per client: codes sent per hour, whatever the address (so nobody mails a list of strangers).
 * The memory store fits the embedded default (one process); several app servers share Redis/Valkey
 * through rate-limiter-flexible's store of the same interface.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors.ts';
import { TOO_MANY_ATTEMPTS } from '../rate-limits.ts';

export const SIGN_IN_LIMITS = {
  /** Wrong passwords or codes for one account from one client, then blocked for 15 minutes. */
  accountClient: { points: 10, duration: 60 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords or codes from one client over a day. */
  client: { points: 100, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  /**
   * Codes sent at one client's request per hour (each address has its own limits too, see codes.ts).
   * Generous: Malaysian mobile carriers put many subscribers behind one address (carrier-grade NAT).
   */
  codeSends: { points: 100, duration: 60 * 60, blockDuration: 0 },
} as const;

/**
 * The key of an e-mail or phone for counting: Unicode compatibility forms folded (full-width and
 * styled letters become ASCII), accents and marks dropped, case and every space removed, so
 * 'Ａli@Example.com ' and 'ali@example.com' count as one.
 */
export function identifierKey(identifier: string): string {
  return identifier.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

function blocked(res: RateLimiterRes): AppError {
  return new AppError(429, TOO_MANY_ATTEMPTS, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(res.msBeforeNext / 1000))) });
}

type Limit = { points: number; duration: number; blockDuration: number };

export class SignInGuard {
  private readonly accountClient = new RateLimiterMemory({ points: SIGN_IN_LIMITS.accountClient.points, duration: SIGN_IN_LIMITS.accountClient.duration });
  private readonly client = new RateLimiterMemory({ points: SIGN_IN_LIMITS.client.points, duration: SIGN_IN_LIMITS.client.duration });
  private readonly codeSends = new RateLimiterMemory(SIGN_IN_LIMITS.codeSends);

  /** Throws a 429 while the account+client or the client is blocked. `account` is the account id or identifier key. */
  async check(account: string, client: string): Promise<void> {
    for (const [limiter, key, limit] of this.counters(account, client)) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints > limit.points && res.msBeforeNext > 0) throw blocked(res);
    }
  }

  /** Counts a failure; the one that reaches a limit blocks the key for the limit's block duration. */
  async fail(account: string, client: string): Promise<void> {
    for (const [limiter, key, limit] of this.counters(account, client)) {
      const res = await limiter.consume(key).catch((rejected: unknown) => {
        if (rejected instanceof RateLimiterRes) return rejected;
        throw rejected;
      });
      if (res.consumedPoints >= limit.points) await limiter.block(key, limit.blockDuration);
    }
  }

  /** A success: the account's count from this client starts again. */
  async succeed(account: string, client: string): Promise<void> {
    await this.accountClient.delete(`${account}|${client}`);
  }

  /** Counts a code sent at this client's request; 429 past the hourly limit. */
  async countCodeSend(client: string): Promise<void> {
    try {
      await this.codeSends.consume(client);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw blocked(res);
      throw res;
    }
  }

  private counters(account: string, client: string): [RateLimiterMemory, string, Limit][] {
    return [[this.accountClient, `${account}|${client}`, SIGN_IN_LIMITS.accountClient], [this.client, client, SIGN_IN_LIMITS.client]];
  }
}
