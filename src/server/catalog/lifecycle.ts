import type { Repositories } from '../db/repositories.ts';

/** How often active posts past their expiry are swept out of search. */
export const EXPIRY_SWEEP_MS = 60_000;

export interface ExpiryJob {
  /** Runs one sweep now; resolves to how many posts expired. */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * Expires listings: posts whose expires_at has passed become 'expired' and leave search, rows and
 * sitemaps (their page stays, marked expired). Runs at start and every minute when `timers` is on.
 */
export function createExpiryJob(repos: Repositories, timers: boolean): ExpiryJob {
  const sweep = () => repos.maintenance.expirePosts();
  const run = () => void sweep().catch((error: unknown) => console.error('Expiring listings failed', error));
  const timer = timers ? setInterval(run, EXPIRY_SWEEP_MS) : undefined;
  timer?.unref();
  if (timers) run();
  return { sweep, stop: () => clearInterval(timer) };
}
