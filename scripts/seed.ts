/**
 * Fills the database with deterministic demo data.
 *   npm run seed                                  # 2,000 profiles, 10,000 posts into DATABASE_URL
 *   npm run seed -- --posts 500000 --reset        # benchmark size (profiles default to posts / 5)
 *   npm run seed -- --posts 500 --profiles 100 --database /tmp/x.db
 * Into the database DATABASE_URL names (or --database-url URL, or --database PATH for a SQLite file).
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { sqlitePath } from '../src/server/config.ts';
import { databaseConfigFromArgs, openScriptDatabase } from './database-args.ts';
import { DEFAULT_SEED, seedDemoData } from './seed/demo.ts';

const { values } = parseArgs({
  options: {
    posts: { type: 'string' },
    profiles: { type: 'string' },
    seed: { type: 'string' },
    database: { type: 'string' },
    'database-url': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const ArgsSchema = z.object({
  posts: z.coerce.number().int().positive().max(5_000_000).default(DEFAULT_SEED.posts),
  profiles: z.coerce.number().int().positive().optional(),
  seed: z.coerce.number().int().default(DEFAULT_SEED.seed),
});
const args = ArgsSchema.parse(values);
const config = databaseConfigFromArgs();
if (values.reset) {
  // Starting over is a new file on the embedded default.
  for (const suffix of ['', '-wal', '-shm']) rmSync(sqlitePath(config) + suffix, { force: true });
}
const profiles = args.profiles ?? (values.posts ? Math.max(50, Math.round(args.posts / 5)) : DEFAULT_SEED.profiles);
const database = await openScriptDatabase(config);
try {
  await database.migrate();
  console.log(`Seeding ${database.label}: ${profiles} profiles, ${args.posts} posts (seed ${args.seed})`);
} finally {
  await database.close();
}
await seedDemoData(config, { posts: args.posts, profiles, seed: args.seed, mediaDir: config.mediaDir, log: console.log });
