import { isInvalidated, type Invalidation } from '../cache/invalidations.ts';

/**
 * A small LRU of search responses kept as JSON text (compact, and measured in bytes), each with the tags of the
 * lists it reads (decision 0017). Bounded by entries and by bytes, whichever comes first.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { tags: string[]; text: string }>();
  private readonly capacity: number;
  private readonly maxBytes: number;
  private bytes = 0;

  constructor(capacity: number, maxBytes = Number.POSITIVE_INFINITY) {
    this.capacity = capacity;
    this.maxBytes = maxBytes;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key, entry);
    this.entries.set(key, entry);
    this.bytes += entry.text.length;
    return entry.text;
  }

  set(key: string, tags: string[], text: string): void {
    if (this.capacity <= 0 || text.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, { tags, text });
    this.bytes += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.capacity && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  /** Drops the responses an invalidation names. */
  invalidate(invalidation: Invalidation): void {
    for (const [key, entry] of this.entries) if (isInvalidated(invalidation, entry.tags)) this.remove(key, entry);
  }

  private remove(key: string, entry: { text: string }): void {
    this.entries.delete(key);
    this.bytes -= entry.text.length;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Characters of JSON held (about its bytes: responses are mostly ASCII). */
  get byteSize(): number {
    return this.bytes;
  }
}

/** A stable key for a parsed request: keys sorted, undefined fields left out. */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
}
