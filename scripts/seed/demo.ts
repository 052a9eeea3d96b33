/**
 * Demo data, whatever the backend: deterministic Malaysian businesses, people, posts of the four types,
 * reviews and content. Each backend writes them its own fast way (scripts/seed/sqlite/ for the embedded
 * default; scripts/seed/postgres/ copies what the SQLite path generated); this module holds what they share and picks the one the config names.
 */
import type { Config } from '../../src/server/config.ts';

export interface SeedOptions {
  posts: number;
  profiles: number;
  seed: number;
  mediaDir: string;
  log?: (line: string) => void;
  /** The SQLite file is scratch for another backend's copy: it needs no search index of its own. */
  scratch?: boolean;
}

export interface SeedSummary {
  profiles: number;
  posts: number;
  reviews: number;
  seconds: number;
}

/** The default size: what `npm start` seeds on an empty database. */
export const DEFAULT_SEED: Pick<SeedOptions, 'posts' | 'profiles' | 'seed'> = { posts: 10_000, profiles: 2_000, seed: 20260101 };

/** The generator's version: raised whenever the rows a seed writes change, so a kept benchmark database is made again. */
export const GENERATOR_VERSION = 3;

/**
 * Demo timestamps count back from the start of the day the seed runs (UTC), so a fresh seed shows a
 * live catalogue, and every run on one day writes the same rows.
 */
export function seedNow(now = new Date()): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** Fills the empty, migrated database the config names with demo data, through its backend's fast path. */
export async function seedDemoData(config: Pick<Config, 'database'>, options: SeedOptions): Promise<SeedSummary> {
  if (config.database.kind === 'postgres') {
    const { seedPostgres } = await import('./postgres/copy.ts');
    return seedPostgres(config.database.url, options);
  }
  const { seedSqliteFile } = await import('./sqlite/generate.ts');
  return seedSqliteFile(config.database.path, options);
}
