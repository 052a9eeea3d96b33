/**
 * `npm start`: migrate, seed the demo data if the database is empty, build if the sources are
 * newer than the build, then serve on http://localhost:4321 (PORT and HOST override).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { serve } from '../src/server/serve.ts';
import { openScriptDatabase } from './database-args.ts';
import { DEFAULT_SEED, seedDemoData } from './seed/demo.ts';

// Migrations are a step of their own, before serving: the server refuses a database that is not current.
const migrated = spawnSync(process.execPath, [join(projectRoot, 'scripts/migrate.ts')], { stdio: 'inherit' });
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

const config = loadConfig();
const database = await openScriptDatabase(config);
const empty = await database.isEmpty().finally(() => database.close());
if (empty) {
  console.log(`Empty database at ${database.label}: seeding demo data (${DEFAULT_SEED.profiles} profiles, ${DEFAULT_SEED.posts} posts)…`);
  await seedDemoData(config, { ...DEFAULT_SEED, mediaDir: config.mediaDir, log: console.log });
}

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((entry) => newestChange(join(path, entry))));
}

const entry = join(projectRoot, 'dist/server/entry.mjs');
const sources = ['src', 'public', 'astro.config.mjs', 'package.json'].map((path) => join(projectRoot, path));
if (!existsSync(entry) || Math.max(...sources.map(newestChange)) > statSync(entry).mtimeMs) {
  console.log('Building the site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await serve(join(projectRoot, 'dist'));
