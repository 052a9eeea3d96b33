/**
 * The one clock of the app (app.clock): services take the time from it, never from Date.now(), so tests walk
 * days in milliseconds instead of sleeping. In-process tests hand createAppContext a clock they move; an
 * end-to-end journey moves a running server's clock through TEST_CLOCK_FILE, which the config accepts only
 * with NODE_ENV=test (a production process refuses to start with it: no back door).
 */
import { readFileSync } from 'node:fs';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that tests move by hand: starts at `start` (or now) and goes on with real time unless told otherwise. */
export class TestClock implements Clock {
  private offset = 0;

  constructor(start?: number) {
    if (start !== undefined) this.offset = start - Date.now();
  }

  now(): number {
    return Date.now() + this.offset;
  }

  /** Moves the clock forward by `ms`. */
  advance(ms: number): void {
    this.offset += ms;
  }
}

/**
 * Real time plus the offset in milliseconds written in `file` (a number; a missing or empty file is 0), read at every
 * call: a test that moves the clock and then asks the server sees the move, with no window where the old offset holds.
 * Tests replace the file whole (written beside it, then renamed), so a read never meets it half written. For a running
 * server in an end-to-end test only.
 */
export function fileOffsetClock(file: string): Clock {
  return {
    now() {
      const real = Date.now();
      try {
        return real + (Number(readFileSync(file, 'utf8').trim() || 0) || 0);
      } catch {
        return real;
      }
    },
  };
}
