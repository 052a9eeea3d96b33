import { scaled } from './time-factor.ts';

/**
 * Polls until `probe` gives what `done` accepts (a probe that throws is not there yet), and answers that value; at the
 * deadline, the last value seen, for the test's assertion to show.
 */
export async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, deadlineMs = scaled(10_000)): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    let value: T | undefined;
    try {
      value = await probe();
      if (done(value)) return value;
    } catch { /* not yet */ }
    if (Date.now() > deadline) return value as T;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
