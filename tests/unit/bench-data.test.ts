import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { benchDataDir } from '../../scripts/bench-data.ts';
import { parseSearchTypes } from '../../scripts/cluster/layout.ts';
import { projectRoot } from '../../src/server/project-root.ts';

/** Where the 5,000,000-listing benchmark database is kept, and how the cluster's hosts are given their types (issue 41). */
describe('the kept benchmark database', () => {
  const before = process.env.BENCH_DATA_DIR;
  afterEach(() => {
    if (before === undefined) delete process.env.BENCH_DATA_DIR;
    else process.env.BENCH_DATA_DIR = before;
  });

  it('lives in BENCH_DATA_DIR, which must be set and outside the clone', () => {
    delete process.env.BENCH_DATA_DIR;
    expect(() => benchDataDir()).toThrow('Set BENCH_DATA_DIR');
    process.env.BENCH_DATA_DIR = join(projectRoot, 'data/bench');
    expect(() => benchDataDir()).toThrow('is inside the clone');
    process.env.BENCH_DATA_DIR = projectRoot;
    expect(() => benchDataDir()).toThrow('is inside the clone');
    process.env.BENCH_DATA_DIR = join(tmpdir(), 'yp-bench');
    expect(benchDataDir()).toBe(join(tmpdir(), 'yp-bench'));
  });
});

describe('--search-types', () => {
  it("gives each host its types, '/' between hosts, and refuses an unknown type", () => {
    expect(parseSearchTypes('services,hireme/jobs, buysell')).toEqual([['services', 'hireme'], ['jobs', 'buysell']]);
    expect(parseSearchTypes('/jobs')).toEqual([[], ['jobs']]);
    expect(() => parseSearchTypes('services/cars')).toThrow('cars is not one of services, jobs, hireme, buysell');
  });
});
