import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileOffsetClock } from '../../src/server/clock.ts';
import { setServerClock } from '../helpers/server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'yp-clock-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const DAY = 86_400_000;

describe('the clock of a running server in an end-to-end test (TEST_CLOCK_FILE)', () => {
  it('shows a move at the very next call, however soon it follows the last', () => {
    const file = join(scratch, 'clock-offset');
    setServerClock(file, 0);
    const clock = fileOffsetClock(file);
    for (const days of [11, 0, 1, 30, 0]) {
      setServerClock(file, days * DAY);
      const offset = clock.now() - Date.now();
      expect([days, Math.abs(offset - days * DAY) < 60_000]).toEqual([days, true]);
    }
  });

  it('is real time when the file is missing or empty', () => {
    const clock = fileOffsetClock(join(scratch, 'missing'));
    expect(Math.abs(clock.now() - Date.now())).toBeLessThan(60_000);
  });
});
