/**
 * The 5,000,000-listing benchmark database (issue 41): about 70 minutes and 19 GB to make here, so it is made at most
 * once per machine and kept in `BENCH_DATA_DIR`, outside the clone (refused inside it: a clone is copied and cleaned
 * freely). It is a PostgreSQL server of its own (the project's embedded binaries, port BENCH_POSTGRES_PORT, 54333),
 * measured alone, without replicas. A marker written after a complete build names the generator's version, the seed and
 * the count; while it matches the request, the database is reused, else it is made again. No test needs it.
 *   node scripts/bench-data.ts [--posts 5000000]      # makes (or finds) it and prints its URL
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { projectRoot } from '../src/server/project-root.ts';
import { databaseUrl, ensureDatabase, startServer, stopServer, type PostgresServer } from './postgres/server.ts';
import { DEFAULT_SEED, GENERATOR_VERSION } from './seed/demo.ts';

const MarkerSchema = z.object({ generator_version: z.number(), seed: z.number(), posts: z.number(), made_at: z.string() });
type Marker = z.infer<typeof MarkerSchema>;

/** BENCH_DATA_DIR, checked: set, and not inside the clone. */
export function benchDataDir(): string {
  const dir = process.env.BENCH_DATA_DIR;
  if (!dir) throw new Error('Set BENCH_DATA_DIR to a folder outside the clone with about 25 GB free (the 5,000,000-listing database is kept there).');
  const absolute = resolve(dir);
  const inside = relative(projectRoot, absolute);
  if (!inside.startsWith('..') && !inside.startsWith('/')) throw new Error(`BENCH_DATA_DIR (${absolute}) is inside the clone; choose a folder outside it.`);
  return absolute;
}

/** The benchmark's PostgreSQL server in `dir`. */
export function largeBenchServer(dir: string): PostgresServer {
  return { dataDir: join(dir, 'postgres'), port: Number(process.env.BENCH_POSTGRES_PORT ?? 54333), user: 'yp' };
}

function readMarker(file: string): Marker | undefined {
  try {
    return MarkerSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Starts the benchmark database of `posts` listings, making it first unless its marker matches; returns its URL.
 * Migrations newer than the database run on it (a new search schema needs no new generation).
 */
export async function largeBenchDatabase(posts: number, log: (line: string) => void = console.log): Promise<string> {
  const dir = benchDataDir();
  const server = largeBenchServer(dir);
  const markerFile = join(dir, 'marker.json');
  const wanted = { generator_version: GENERATOR_VERSION, seed: DEFAULT_SEED.seed, posts };
  const marker = readMarker(markerFile);
  const url = databaseUrl(server, 'yp_bench');
  const matches = marker && marker.generator_version === wanted.generator_version && marker.seed === wanted.seed && marker.posts === wanted.posts;
  if (!matches) {
    if (marker) log(`The kept benchmark database (${JSON.stringify(marker)}) is not the one wanted (${JSON.stringify(wanted)}): making it again.`);
    if (existsSync(server.dataDir)) stopServer(server);
    rmSync(markerFile, { force: true });
    rmSync(server.dataDir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  await startServer(server, { durable: false });
  await ensureDatabase(server, 'yp_bench');
  const migrate = spawnSync(process.execPath, ['scripts/migrate.ts', '--database-url', url], { cwd: projectRoot, stdio: 'inherit' });
  if (migrate.status !== 0) throw new Error('Migrating the benchmark database failed.');
  if (!matches) {
    log(`Generating ${posts} listings into ${url} (about 70 minutes and 19 GB at 5,000,000 on 2 cores; the scratch file goes to ${dir})…`);
    const started = performance.now();
    const seed = spawnSync(process.execPath, ['scripts/seed.ts', '--posts', String(posts), '--database-url', url],
      { cwd: projectRoot, stdio: 'inherit', env: { ...process.env, TMPDIR: dir } });
    if (seed.status !== 0) throw new Error('Generating the benchmark database failed.');
    writeFileSync(markerFile, `${JSON.stringify({ ...wanted, made_at: new Date().toISOString() } satisfies Marker, null, 2)}\n`);
    log(`Made in ${((performance.now() - started) / 60_000).toFixed(0)} minutes.`);
  }
  return url;
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { posts: { type: 'string', default: '5000000' }, stop: { type: 'boolean', default: false } } });
  if (values.stop) stopServer(largeBenchServer(benchDataDir()));
  else console.log(await largeBenchDatabase(Number(values.posts)));
}
