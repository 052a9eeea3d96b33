import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../../src/server/app-context.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { openDatabase } from '../../../src/server/db/sqlite/connection.ts';
import { migrate, migrationFiles, pendingMigrations } from '../../../src/server/db/sqlite/migrate.ts';
import { cachedStatementCount, STATEMENT_CACHE_SIZE } from '../../../src/server/db/sqlite/query.ts';
import { sqliteSearchIndex } from '../../../src/server/db/sqlite/search.ts';
import { runSearch } from '../../../src/server/search/search-service.ts';
import { Writer } from '../../../src/server/db/sqlite/writer.ts';
import { sqliteRepositories } from '../../../src/server/db/sqlite/index.ts';
import { TransactionTimeoutError } from '../../../src/server/db/errors.ts';
import { haversineKm } from '../../../src/server/search/engine/geo.ts';
import { SearchRequestSchema } from '../../../src/shared/search.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';
import { scaled } from '../../helpers/time-factor.ts';

const scratch: string[] = [];
function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'yp-data-'));
  scratch.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function runMigrate(path: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/migrate.ts', '--database', path], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('migrations as a step', () => {
  it('three processes migrating one fresh file at once all succeed, and each migration is applied once', async () => {
    for (let round = 0; round < 3; round++) {
      const path = join(scratchDir(), 'fresh.db');
      const results = await Promise.all([runMigrate(path), runMigrate(path), runMigrate(path)]);
      for (const result of results) expect(result.code, result.output).toBe(0);
      const db = openDatabase(path, { readOnly: true });
      expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').all().map((row) => row.version)).toEqual(migrationFiles());
      db.close();
    }
  }, scaled(60_000));

  it('the server refuses to start on a database that is not migrated, saying what to run', async () => {
    const path = join(scratchDir(), 'unmigrated-serve.db');
    openDatabase(path).close();
    const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['scripts/serve.ts'], { env: { ...process.env, DATABASE_URL: `sqlite:${path}`, PORT: '0', HOST: '127.0.0.1' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => { output += chunk; });
      child.stderr.on('data', (chunk) => { output += chunk; });
      child.on('close', (code) => resolve({ code, output }));
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain('npm run migrate');
  });

  it('the app refuses to start on a database that is not migrated, and never migrates it itself', async () => {
    const path = join(scratchDir(), 'unmigrated.db');
    openDatabase(path).close();
    await expect(createAppContext(loadConfig({ DATABASE_URL: `sqlite:${path}`, SEARCH_WORKERS: '0' }), { timers: false })).rejects.toThrow(/npm run migrate/);
    const db = openDatabase(path);
    expect(pendingMigrations(db)).toEqual(migrationFiles());
    migrate(db);
    expect(pendingMigrations(db)).toEqual([]);
    db.close();
  });
});

describe('the serving connection', () => {
  const copy = useSqliteCopy();

  it('keeps its statement cache bounded under thousands of distinct Near Me searches', async () => {
    const db = openDatabase(copy.path, { readOnly: true });
    for (let index = 0; index < 3000; index++) {
      const lat = 2.9 + (index % 100) * 0.005;
      const lon = 101.5 + Math.floor(index / 100) * 0.01;
      await runSearch(sqliteSearchIndex(db), copy.app, SearchRequestSchema.parse({ type: 'services', location: 'Near Me', user_location: `${lat},${lon}`, sort: 'distance' }));
    }
    const count = cachedStatementCount(db);
    expect(count).toBeGreaterThan(0);
    // Bound values share their statements: far below one per search, and never past the cap.
    expect(count).toBeLessThan(50);
    expect(count).toBeLessThanOrEqual(STATEMENT_CACHE_SIZE);
    db.close();
  }, scaled(60_000));

  it('matches distances to cards by id, even when a result vanished between the page and the cards', async () => {
    const query = SearchRequestSchema.parse({ type: 'services', location: 'Near Me', user_location: '3.139,101.6869', sort: 'distance' });
    const before = await runSearch(sqliteSearchIndex(copy.db), copy.app, query);
    expect(before.results.length).toBeGreaterThan(2);
    // The first post disappears from the catalogue but not (yet) from the search rows.
    copy.db.exec('PRAGMA foreign_keys = OFF');
    copy.db.prepare('DELETE FROM posts WHERE id = ?').run(before.results[0]!.id);
    copy.db.exec('PRAGMA foreign_keys = ON');
    const after = await runSearch(sqliteSearchIndex(copy.db), copy.app, query);
    expect(after.results.length).toBe(before.results.length - 1);
    for (const card of after.results) {
      const own = Math.round(haversineKm({ lat: 3.139, lon: 101.6869 }, card.coordinates[0]!) * 100) / 100;
      expect(card.distance).toBe(own);
    }
  });

  it('waits for another process’s write lock without stalling the event loop, then writes', async () => {
    const db = openDatabase(copy.path, { busyTimeoutMs: 20 });
    const other = openDatabase(copy.path);
    const writer = new Writer(db);
    other.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => { ticks++; }, 10);
    const write = writer.write((handle) => handle.prepare("UPDATE settings SET value = value WHERE key = 'popular_searches'").run().changes);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    other.exec('COMMIT');
    const changes = await write;
    clearInterval(ticker);
    expect(changes).toBe(1);
    // A write blocked inside SQLite for the whole second would have let no 10 ms tick run.
    expect(ticks).toBeGreaterThan(20);
    other.close();
    db.close();
  });

  it('rolls back a transaction that holds the write lock past its limit, refuses its later statements, and lets the next write in', async () => {
    const reader = openDatabase(copy.path, { busyTimeoutMs: 20 });
    const writeDb = openDatabase(copy.path, { busyTimeoutMs: 20 });
    const repos = sqliteRepositories(reader, writeDb, { transactionLimitMs: 100 });
    const email = `slow-${Date.now()}@example.my`;
    const person = (address: string) => ({ name: 'Slow', email: address, phone_number: null, phone_number_country: null, password_hash: null });
    let afterLimit: unknown;
    // What a transaction must never await: something slow that is not the database (here, until the test says).
    let release!: () => void;
    const slowThing = new Promise<void>((resolve) => { release = resolve; });
    const slow = repos.transaction(async (tx) => {
      await tx.users.createUser(person(email));
      await slowThing;
      afterLimit = await tx.users.createUser(person(`late-${email}`)).catch((error: unknown) => error);
    });
    await expect(slow).rejects.toBeInstanceOf(TransactionTimeoutError);
    // The next write does not wait for the slow one to finish awaiting: that is still waiting when the write is done
    // (judged by order, not by the clock, so a busy machine cannot fail it: issue 62).
    await repos.users.createUser(person(`next-${email}`));
    expect(afterLimit).toBeUndefined();
    release();
    await expect.poll(() => afterLimit).toBeInstanceOf(TransactionTimeoutError);
    expect(await repos.users.findCredentials({ email })).toBeUndefined();
    expect(await repos.users.findCredentials({ email: `late-${email}` })).toBeUndefined();
    expect(await repos.users.findCredentials({ email: `next-${email}` })).toBeDefined();
    await repos.close();
  });
});
