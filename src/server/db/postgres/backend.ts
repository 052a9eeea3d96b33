/** PostgreSQL behind the backend factory (../backend.ts, decision 0019): a `pg` pool per process. */
import { spawn } from 'node:child_process';
import type { Clock } from '../../clock.ts';
import { CHANNELS, type Backend, type DatabaseMaintenance } from '../backend-types.ts';
import { NotificationHub } from './notify.ts';
import { closeAll, labelOf, openPool, postgresKysely } from './connection.ts';
import { postgresRepositories } from './index.ts';
import { migrate, migrationNotices, pendingMigrations } from './migrate.ts';
import { createPostgresSearchEngine } from './search-engine.ts';
import { REPLICA_MAX_LAG_MS, ReplicaSet } from './replicas.ts';
import { finishRebuild, postIdBounds, reindexPostRange } from './search-index.ts';
import { REBUILD_BATCH } from './index.ts';

export interface PostgresBackendOptions {
  transactionLimitMs?: number;
  /** Streaming replicas for the reads every visitor shares (DATABASE_READ_URLS), and how far behind one may be. */
  readUrls?: readonly string[];
  replicaMaxLagMs?: number;
  /** The direct URLs of the servers that may be primary, for the notification hub (DATABASE_NOTIFY_URLS); default `url`. */
  notifyUrls?: readonly string[];
}

/** The backend on the primary at `url`, with its replicas' monitor started when there are some (issue 41). */
export async function openPostgresBackend(url: string, clock: Clock, options: PostgresBackendOptions = {}): Promise<Backend> {
  const { readUrls = [], replicaMaxLagMs = REPLICA_MAX_LAG_MS, notifyUrls = [url], ...limits } = options;
  const replicas = readUrls.length > 0 ? new ReplicaSet(url, readUrls, replicaMaxLagMs) : null;
  await replicas?.start();
  // After each write that commits, the newest invalidation log id goes to every process (coalesced, sent only when it grew).
  const hub = new NotificationHub(notifyUrls);
  hub.payloadOf(CHANNELS.invalidations, async (client) => {
    const { rows: [row] } = await client.query<{ id: number | null }>('SELECT max(id) AS id FROM cache_invalidations');
    return row?.id == null ? undefined : String(row.id);
  });
  // Open conversation streams in other processes hear the newest event number (issue 44): ids only, never a message.
  hub.payloadOf(CHANNELS.conversationEvents, async (client) => {
    const { rows: [row] } = await client.query<{ seq: number | null }>('SELECT max(seq) AS seq FROM conversation_events');
    return row?.seq == null ? undefined : String(row.seq);
  });
  await hub.start();
  const onPool = postgresRepositories(openPool(url), {
    clock, ...limits, replicas,
    afterCommit: () => {
      hub.signal(CHANNELS.invalidations);
      hub.signal(CHANNELS.conversationEvents);
    },
  });
  // Closing the repositories closes the hub's connection and the replicas' monitor too: a process that closed its
  // database is left with nothing open.
  const repos = {
    ...onPool,
    async close() {
      await hub.close();
      await onPool.close();
      await replicas?.close();
    },
  };
  return {
    label: labelOf(url),
    repos,
    replication: replicas,
    notifications: hub,
    createSearchEngine: (answers, options) => createPostgresSearchEngine(url, answers, { ...options, replicas }),
    close: () => repos.close(),
  };
}

/** Runs a command; resolves with its output, rejects with its error output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} failed: ${err.trim() || out.trim()}`))));
  });
}

/**
 * The client's `pg_dump` must be the server's major version or newer: a dump by an older client is refused. Checks,
 * and says how to get a matching one.
 */
async function checkDumpVersion(url: string, serverMajor: number): Promise<void> {
  let version: string;
  try {
    version = await run('pg_dump', ['--version']);
  } catch {
    throw new Error(`pg_dump is not installed: install PostgreSQL ${serverMajor}'s client (Debian: apt-get install postgresql-client-${serverMajor}).`);
  }
  const major = Number(/(\d+)\.\d+/.exec(version)?.[1]);
  if (!(major >= serverMajor)) {
    throw new Error(`pg_dump ${major} cannot dump the server at ${labelOf(url)} (PostgreSQL ${serverMajor}): install its client, postgresql-client-${serverMajor} (PGDG's apt repository has every version).`);
  }
}

export function openPostgresMaintenance(url: string): DatabaseMaintenance {
  const pool = openPool(url, { max: 4, applicationName: 'yp-maintenance' });
  const db = postgresKysely(pool);
  const reindex = async (log: (line: string) => void) => {
    const now = () => new Date().toISOString();
    const bounds = await postIdBounds(db);
    const total = Math.max(0, bounds.high - bounds.low + 1);
    for (let from = bounds.low; from <= bounds.high; from += REBUILD_BATCH) {
      await db.transaction().execute((trx) => reindexPostRange(trx, from, from + REBUILD_BATCH, now()));
      log(`search index: ${Math.min(total, from - bounds.low + REBUILD_BATCH)} / ${total} post ids`);
    }
    await db.transaction().execute((trx) => finishRebuild(trx, now()));
    await pool.query('ANALYZE');
    log('search index: summaries and suggestions recounted, statistics refreshed');
  };
  return {
    label: labelOf(url),
    pendingMigrations: () => pendingMigrations(pool),
    migrate: (before) => migrate(pool, before),
    migrationNotices: (versions) => migrationNotices(pool, versions),
    // PostgreSQL's migrations ask for no derived-data jobs: the seed and `npm run reindex` build the search tables.
    runDerivedJobs: async () => [],
    reindex,
    isEmpty: async () => (await pool.query('SELECT NOT EXISTS (SELECT 1 FROM categories) AS empty')).rows[0].empty === true,
    async backup(destination) {
      const serverMajor = Math.floor(Number((await pool.query('SHOW server_version_num')).rows[0].server_version_num) / 10_000);
      await checkDumpVersion(url, serverMajor);
      // The custom format: compressed, and pg_restore checks it while listing it.
      await run('pg_dump', ['--format=custom', `--file=${destination}`, '--no-owner', url]);
      const listing = await run('pg_restore', ['--list', destination]);
      const entries = listing.split('\n').filter((line) => /^\d+;/.test(line)).length;
      return { detail: `${entries} entries (pg_dump custom format)`, integrity: entries > 0 ? 'ok' : 'the dump lists nothing' };
    },
    close: () => closeAll(db, pool),
  };
}
