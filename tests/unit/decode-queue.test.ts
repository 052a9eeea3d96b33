import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.ts';
import { DecodeQueue } from '../../src/server/uploads/decode-queue.ts';

/** A decode that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

describe('the image decode queue (security probe item 7)', () => {
  it('runs at most `concurrency` decodes at once; the others wait their turn', async () => {
    const queue = new DecodeQueue(2, 10);
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 6 }, gate);
    const done = gates.map((g) => queue.run(async () => {
      running += 1;
      most = Math.max(most, running);
      await g.opened;
      running -= 1;
    }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([queue.active, queue.waiting]).toEqual([2, 4]);
    for (const g of gates) g.open();
    await Promise.all(done);
    expect(most).toBe(2);
  });

  it('answers 503 with Retry-After once the waiting line is full, and takes work again when it empties', async () => {
    const queue = new DecodeQueue(1, 1);
    const first = gate();
    const running = queue.run(() => first.opened);
    const waiting = queue.run(async () => 'second');
    const refused = await queue.run(async () => 'third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect(Number((refused as AppError).headers['Retry-After'])).toBeGreaterThan(0);
    first.open();
    await running;
    expect(await waiting).toBe('second');
    expect(await queue.run(async () => 'later')).toBe('later');
  });
});
