/**
 * The one clock of the app (app.clock): services take the time from it, never from Date.now(), so tests walk
 * days in milliseconds instead of sleeping. In-process tests hand createAppContext a clock they move; an
 * end-to-end journey moves a running server's clock through TEST_CLOCK_FILE, which the config accepts only
 * with NODE_ENV=test (a production process refuses to start with it: no back door).
 */
import { readFileSync, statSync } from 'node:fs';

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

/** How often a file clock looks at its file again: a test's move is seen within this. */
const FILE_CLOCK_CHECK_MS = 100;

/**
 * Real time plus the offset in milliseconds written in `file` (a number; a missing or empty file is 0),
 * read again when the file changes. For a running server in an end-to-end test only.
 */
export function fileOffsetClock(file: string): Clock {
  let offset = 0;
  let checkedAt = 0;
  let modified = -1;
  return {
    now() {
      const real = Date.now();
      if (real - checkedAt >= FILE_CLOCK_CHECK_MS) {
        checkedAt = real;
        try {
          const stats = statSync(file);
          if (stats.mtimeMs !== modified) {
            modified = stats.mtimeMs;
            offset = Number(readFileSync(file, 'utf8').trim() || 0) || 0;
          }
        } catch {
          offset = 0;
        }
      }
      return real + offset;
    },
  };
}
