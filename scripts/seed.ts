/**
 * Fills the database with deterministic demo data.
 *   npm run seed                                  # 2,000 profiles, 10,000 posts into DATABASE_PATH
 *   npm run seed -- --posts 500000 --reset        # benchmark size (profiles default to posts / 5)
 *   npm run seed -- --posts 500 --profiles 100 --database /tmp/x.db
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/sqlite/connection.ts';
import { migrate } from '../src/server/db/sqlite/migrate.ts';
import { DEFAULT_SEED, seedDatabase } from './seed/generate.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string' },
    profiles: { type: 'string' },
    seed: { type: 'string' },
    database: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const ArgsSchema = z.object({
  posts: z.coerce.number().int().positive().max(5_000_000).default(DEFAULT_SEED.posts),
  profiles: z.coerce.number().int().positive().optional(),
  seed: z.coerce.number().int().default(DEFAULT_SEED.seed),
});
const args = ArgsSchema.parse(values);
const config = loadConfig(values.database ? { ...process.env, DATABASE_PATH: values.database } : process.env);
if (values.reset) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(config.databasePath + suffix, { force: true });
}
const profiles = args.profiles ?? (values.posts ? Math.max(50, Math.round(args.posts / 5)) : DEFAULT_SEED.profiles);
const db = openDatabase(config.databasePath);
migrate(db);
console.log(`Seeding ${config.databasePath}: ${profiles} profiles, ${args.posts} posts (seed ${args.seed})`);
await seedDatabase(db, { posts: args.posts, profiles, seed: args.seed, mediaDir: config.mediaDir, log: console.log });
db.close();
