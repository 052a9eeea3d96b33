/** A fixed-window limit per client and action, in memory (each app server counts on its own). */
export class Throttle {
  private readonly hits = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(limit: number, windowMs: number) {
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts a try; false when the client is over the limit for this window. */
  allow(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.hits.set(key, { start: now, count: 1 });
      if (this.hits.size > 100_000) this.hits.clear();
      return true;
    }
    entry.count += 1;
    return entry.count <= this.limit;
  }
}

/** Public forms (contact, report) get a strict limit: 5 sends per client per 10 minutes, shared by the API and the pages. */
export const publicFormThrottle = new Throttle(5, 10 * 60 * 1000);
