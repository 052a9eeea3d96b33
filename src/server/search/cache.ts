/** A small LRU of search responses, each tagged with the catalogue version it was computed at. */
export class ResponseCache<Value> {
  private readonly entries = new Map<string, { version: number; value: Value }>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get(key: string, version: number): Value | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    // A response from an older catalogue is stale: drop it rather than serve it.
    if (entry.version !== version) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: number, value: Value): void {
    if (this.capacity <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A stable key for a parsed request: keys sorted, undefined fields left out. */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(value).sort().filter((key) => value[key] !== undefined).map((key) => [key, value[key]]));
}
