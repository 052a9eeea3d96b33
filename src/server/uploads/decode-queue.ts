/**
 * Image decodes, bounded (security probe item 7): a large image takes a core and tens of MB while sharp
 * decodes it, so at most `concurrency` run at once (one per core by default) and a few more wait; past
 * that, an upload answers 503 with Retry-After instead of piling work up until the process stalls.
 * sharp itself runs each decode on one thread (`sharp.concurrency(1)`), so the queue's size is the number
 * of cores image work can take, and the rest stay with pages and the API.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import sharp from 'sharp';
import { AppError } from '../errors.ts';

/** Seconds a client is asked to wait before sending an image again when the queue is full. */
const DECODE_RETRY_AFTER_S = 5;

// One libvips thread per decode; sharp's operation cache holds decoded images the pipeline never reuses.
sharp.concurrency(1);
sharp.cache(false);

export class DecodeQueue {
  private readonly limit: LimitFunction;
  readonly concurrency: number;
  readonly maxWaiting: number;

  constructor(concurrency: number, maxWaiting: number) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
    this.limit = pLimit(concurrency);
  }

  /** Decodes running now. */
  get active(): number {
    return this.limit.activeCount;
  }

  /** Decodes waiting for a turn. */
  get waiting(): number {
    return this.limit.pendingCount;
  }

  /** Runs `decode` when a slot is free; a 503 with Retry-After at once when `maxWaiting` already wait. */
  run<T>(decode: () => Promise<T>): Promise<T> {
    if (this.limit.activeCount >= this.concurrency && this.limit.pendingCount >= this.maxWaiting) {
      return Promise.reject(new AppError('decodes_busy', undefined, { headers: { 'Retry-After': String(DECODE_RETRY_AFTER_S) } }));
    }
    return this.limit(decode);
  }
}
