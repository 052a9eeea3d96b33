/** What the benchmark scripts share: warm runs of a piece of work, and their median and p95. */

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` `warmup` times, then `runs` timed times; the median and p95 in ms, and what the last warm-up answered. */
export async function timeRuns(work: () => Promise<unknown>, runs: number, warmup: number): Promise<{ median: number; p95: number; detail: unknown }> {
  let detail: unknown;
  for (let index = 0; index < warmup; index++) detail = await work();
  const samples: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p95: percentile(samples, 95), detail };
}
