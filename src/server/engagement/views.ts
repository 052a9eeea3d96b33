import { createHash } from 'node:crypto';

/** A visit counts once per client and listing within this window. */
export const VIEW_WINDOW_MS = 30 * 60 * 1000;
const MAX_TRACKED = 200_000;

/**
 * Decides whether a request is a new visit. Remembers (client, listing) pairs in memory for the
 * window; with several app servers each counts on its own, which is fine for a view counter.
 */
export class ViewCounter {
  private readonly seen = new Map<string, number>();
  private readonly windowMs: number;

  constructor(windowMs = VIEW_WINDOW_MS) {
    this.windowMs = windowMs;
  }

  /** True the first time a client is seen for a listing within the window. */
  isNewVisit(listing: string, client: string, now = Date.now()): boolean {
    const key = `${listing}|${createHash('sha1').update(client).digest('base64url')}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < this.windowMs) return false;
    this.seen.delete(key);
    this.seen.set(key, now);
    if (this.seen.size > MAX_TRACKED) this.prune(now);
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.seen) {
      if (now - at < this.windowMs && this.seen.size <= MAX_TRACKED * 0.9) break;
      this.seen.delete(key);
    }
  }
}
