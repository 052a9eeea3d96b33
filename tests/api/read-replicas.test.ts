import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseUrl, startReplica, stopServer, testReplica, testServer } from '../../scripts/postgres/server.ts';
import { ensurePostgresClient } from '../../scripts/postgres/client.ts';
import type { AppContext } from '../../src/server/app-context.ts';
import { loadConfig } from '../../src/server/config.ts';
import { withReadScope, type ReadScope } from '../../src/server/db/read-scope.ts';
import { SearchRequestSchema } from '../../src/shared/search.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { copyOfDatabase, databasesFor, testApp } from '../helpers/test-database.ts';
import { until } from '../helpers/until.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Reads over a streaming replica (issue 41), on the PostgreSQL leg: a real hot standby of the tests' server, made with
 * pg_basebackup. Replay is paused by `pg_wal_replay_pause()` to make the replica visibly behind.
 */
const onPostgres = (process.env.TEST_DATABASE ?? 'sqlite') === 'postgres';
const SHARED: ReadScope = { replica: true, afterLsn: null };
const PERSONAL: ReadScope = { replica: false, afterLsn: null };

describe('DATABASE_READ_URLS', () => {
  it('is a comma list of postgres:// URLs beside a PostgreSQL DATABASE_URL; anything else stops the start with one sentence', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/yp', DATABASE_READ_URLS: 'postgres://r1/yp, mysql://r2/yp' })).toThrow('DATABASE_READ_URLS is a comma list of postgres://… URLs of replicas.');
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://r1/yp' })).toThrow('it needs a postgres://… DATABASE_URL');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/yp', DATABASE_READ_URLS: 'postgres://r1:5433/yp,postgres://r2/yp' }).database)
      .toEqual({ kind: 'postgres', url: 'postgres://db/yp', readUrls: ['postgres://r1:5433/yp', 'postgres://r2/yp'], replicaMaxLagMs: 1000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/yp' }).database).toEqual({ kind: 'postgres', url: 'postgres://db/yp' });
  });
});

describe.skipIf(!onPostgres)('reads over a streaming replica', () => {
  let copy: Awaited<ReturnType<typeof copyOfDatabase>>;
  let app: AppContext;
  /** A second process on the primary alone, polling the invalidation log only once a minute. */
  let other: AppContext;
  let replica: pg.Client;
  let primary: ReturnType<ReturnType<typeof databasesFor>['query']>;
  let slug: string;
  const nameOnReplica = () => withReadScope(SHARED, () => app.repos.catalog.findProfileBySlug(slug)).then((row) => row?.store_name);
  const rename = (name: string) => sql`UPDATE profiles SET store_name = ${name} WHERE slug = ${slug}`.execute(primary.query);

  beforeAll(async () => {
    expect(ensurePostgresClient()).toBe(true);
    copy = await copyOfDatabase(inject('templateUrl'), 'replicas');
    startReplica(testServer(projectRoot), testReplica(projectRoot));
    const database = decodeURIComponent(new URL(copy.url).pathname.slice(1));
    const replicaUrl = databaseUrl(testReplica(projectRoot), database);
    // The copy reaches the replica as it replays.
    replica = await until(async () => {
      const client = new pg.Client({ connectionString: replicaUrl });
      client.on('error', () => undefined);
      return client.connect().then(() => client, () => undefined);
    }, Boolean, 30_000) as pg.Client;
    app = await testApp(copy.url, { DATABASE_READ_URLS: replicaUrl, REPLICA_MAX_LAG_MS: '3000' });
    other = await testApp(copy.url, { CACHE_POLL_MS: '60000' });
    primary = databasesFor(copy.url).query(copy.url);
    slug = (await sql<{ slug: string }>`SELECT slug FROM profiles WHERE store_name IS NOT NULL ORDER BY id LIMIT 1`.execute(primary.query)).rows[0]!.slug;
  }, scaled(90_000));

  afterAll(async () => {
    await replica?.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
    await replica?.end().catch(() => undefined);
    await other?.close();
    await app?.close();
    await primary?.close();
    await copy?.remove();
  });

  it('send what every visitor shares to the replica, the rest and a visitor’s own writes to the primary, and hold invalidations until the replica has them', async () => {
    const original = await until(nameOnReplica, Boolean);
    expect(app.replication?.status().replicas).toEqual([expect.objectContaining({ state: 'streaming' })]);

    await replica.query('SELECT pg_wal_replay_pause()');
    await rename('Renamed While Paused');
    await app.repos.cache.invalidate(['test-replica-tag']);
    // The shared read sees the replica's old row; a person's page and reads outside a request see the primary's.
    expect(await nameOnReplica()).toBe(original);
    expect(await withReadScope(PERSONAL, () => app.repos.catalog.findProfileBySlug(slug)).then((row) => row?.store_name)).toBe('Renamed While Paused');
    expect((await app.repos.catalog.findProfileBySlug(slug))?.store_name).toBe('Renamed While Paused');
    // Read-your-writes: past the visitor's write position, a replica that has not replayed it is skipped.
    const written = await app.replication!.writePosition();
    expect(await withReadScope({ replica: true, afterLsn: written }, () => app.repos.catalog.findProfileBySlug(slug)).then((row) => row?.store_name)).toBe('Renamed While Paused');

    // The tag is told only once the replica has replayed it: a page rendered meanwhile would read the old row.
    const told: string[] = [];
    app.invalidations.subscribe((invalidation) => {
      if (!invalidation.all) told.push(...invalidation.tags);
    });
    // The log is read at once (requests never wait for the replica); the telling waits.
    await app.invalidations.catchUp();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(told).not.toContain('test-replica-tag');
    await replica.query('SELECT pg_wal_replay_resume()');
    expect(await until(async () => told, (tags) => tags.includes('test-replica-tag'))).toContain('test-replica-tag');
    expect(await nameOnReplica()).toBe('Renamed While Paused');

    // A replica further behind than REPLICA_MAX_LAG_MS leaves service: shared reads go to the primary.
    await replica.query('SELECT pg_wal_replay_pause()');
    await rename('Renamed While Lagging');
    const lagging = await until(async () => app.replication!.status().replicas[0], (status) => status?.state === 'lagging');
    expect(lagging).toEqual(expect.objectContaining({ state: 'lagging', lag_ms: expect.any(Number) }));
    expect(lagging!.lag_ms).toBeGreaterThan(3000);
    expect(await nameOnReplica()).toBe('Renamed While Lagging');
    await replica.query('SELECT pg_wal_replay_resume()');
    expect((await until(async () => app.replication!.status().replicas[0], (status) => status?.state === 'streaming'))?.state).toBe('streaming');
  }, scaled(60_000));

  it('tell another process of an invalidation by NOTIFY, long before its poll would', async () => {
    const told: string[] = [];
    other.invalidations.subscribe((invalidation) => {
      if (!invalidation.all) told.push(...invalidation.tags);
    });
    await app.repos.cache.invalidate(['test-notify-tag']);
    await until(async () => told, (tags) => tags.includes('test-notify-tag'));
    expect(told).toContain('test-notify-tag');
  });

  it('search on the replica, and go on from the primary when the replica stops', async () => {
    const search = () => withReadScope(SHARED, () => app.search.search(SearchRequestSchema.parse({ type: 'services' }), { cache: false }));
    const total = (await search()).total;
    expect(total).toBeGreaterThan(0);
    stopServer(testReplica(projectRoot));
    expect((await search()).total).toBe(total);
    expect(await nameOnReplica()).toBe('Renamed While Lagging');
    const down = await until(async () => app.replication!.status().replicas[0], (status) => status?.state === 'down');
    expect(down).toEqual(expect.objectContaining({ state: 'down', lag_ms: null }));
  }, scaled(30_000));
});
