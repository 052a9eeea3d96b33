/** Keys remembered at most; the least recently used fall out first (never a wholesale reset). */
const MAX_KEYS = 100_000;

/** A fixed-window limit per key, in memory (each app server counts on its own). */
export class Throttle {
  private readonly hits = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;

  constructor(limit: number, windowMs: number, maxKeys = MAX_KEYS) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
  }

  /** Counts a try; false when the key is over the limit for this window. */
  allow(key: string, now = Date.now()): boolean {
    let entry = this.hits.get(key);
    this.hits.delete(key);
    if (!entry || now - entry.start >= this.windowMs) entry = { start: now, count: 0 };
    entry.count += 1;
    this.hits.set(key, entry);
    while (this.hits.size > this.maxKeys) this.hits.delete(this.hits.keys().next().value as string);
    return entry.count <= this.limit;
  }
}

/** Public forms (contact, report): 5 sends per client per 10 minutes. */
export function publicFormThrottle(): Throttle {
  return new Throttle(5, 10 * 60 * 1000);
}
