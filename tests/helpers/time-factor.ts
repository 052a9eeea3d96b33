import { createHash } from 'node:crypto';

/**
 * How much slower this machine runs now than a quiet one (issue 62): the suite's time limits (test and hook timeouts,
 * polls, waits for a server or a message) are written for a quiet 2-core machine and multiplied by this factor. It is
 * measured once per run, in the Vitest process, from a fixed CPU-bound workload (the median of seven), and handed to
 * every worker in YP_TEST_TIME_FACTOR. Never below 1 (a fast machine keeps the written limits), at most 4.
 */
const QUIET_MEDIAN_MS = 46;
const MAX_FACTOR = 4;
const FACTOR_ENV = 'YP_TEST_TIME_FACTOR';

function workload(): number {
  let hash = Buffer.alloc(32);
  for (let index = 0; index < 40_000; index++) hash = createHash('sha256').update(hash).digest();
  let sum = 0;
  for (let index = 0; index < 3_000_000; index++) sum += Math.sqrt(index);
  return sum + hash[0]!;
}

/** The workload's median time in ms, over seven runs. */
function measureWorkload(): number {
  const runs: number[] = [];
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    workload();
    runs.push(performance.now() - started);
  }
  return runs.sort((a, b) => a - b)[3]!;
}

/** This run's factor: measured the first time it is asked for in a run, then read from the environment. */
export function timeFactor(): number {
  const given = Number(process.env[FACTOR_ENV]);
  if (Number.isFinite(given) && given >= 1) return given;
  const factor = Math.min(MAX_FACTOR, Math.max(1, Math.round((measureWorkload() / QUIET_MEDIAN_MS) * 10) / 10));
  process.env[FACTOR_ENV] = String(factor);
  return factor;
}

/** A time limit written for a quiet machine, for this one. */
export function scaled(ms: number): number {
  return Math.round(ms * timeFactor());
}
