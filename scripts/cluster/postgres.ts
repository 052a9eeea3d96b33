/**
 * The cluster's PostgreSQL (issue 41): Debian's postgresql-15 under pg_auto_failover 2.0, a monitor and one data node
 * per machine (the first starts as primary, the others are streaming standbys it made with pg_basebackup). Every
 * pg_autoctl runs as the `postgres` user (it refuses root). Replication is synchronous to one standby (the
 * replication quorum). The monitor's timing is tuned so a lost primary is replaced in about 15 s instead of 50
 * (decision 0029).
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { APP_ROLE, DATABASE, monitorUri, type ClusterLayout, type Machine } from './layout.ts';
import { processesOf, runOn, startOn } from './machines.ts';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * The monitor's timing (decision 0029): a node is checked every second, unhealthy after 3 s without an answer, and a
 * primary that cannot be told to demote is given 6 s before its standby is promoted. Each keeper stops its PostgreSQL
 * after 4 s without the monitor or a standby (network_partition_timeout, below the demote timeout): an isolated old
 * primary stops before another is promoted.
 */
export const FAILOVER_TIMING = {
  'pgautofailover.health_check_period': 1_000,
  'pgautofailover.health_check_timeout': 1_000,
  'pgautofailover.health_check_max_retries': 1,
  'pgautofailover.health_check_retry_delay': 500,
  'pgautofailover.node_considered_unhealthy_timeout': 3_000,
  'pgautofailover.primary_demote_timeout': 6_000,
} as const;
export const NETWORK_PARTITION_TIMEOUT_S = 4;

/** Makes `dir` for the `postgres` user. */
export function owned(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, id('-u'), id('-g'));
  return dir;
}

/**
 * pg_autoctl with its configuration and state kept in the cluster's folder (it keeps them in the user's home by
 * default, where a removed cluster's would outlive it and be taken up by the next one).
 */
function autoctl(layout: ClusterLayout, args: string[]): string[] {
  return ['env', `XDG_CONFIG_HOME=${join(pgDir(layout), '.config')}`, `XDG_DATA_HOME=${join(pgDir(layout), '.local')}`, `XDG_RUNTIME_DIR=${join(pgDir(layout), '.run')}`,
    'pg_autoctl', ...args];
}

/** Each data node's port: distinct, so their sockets in the shared /var/run/postgresql never meet. */
export function portOf(layout: ClusterLayout, node: Machine): number {
  return layout.ports.postgres + layout.data.indexOf(node);
}

const logOf = (layout: ClusterLayout, machine: Machine) => join(layout.dir, 'logs', `${machine.name}.log`);
/** PostgreSQL's folder, the `postgres` user's (pg_autoctl writes beside each node's data: backups, its state). */
const pgDir = (layout: ClusterLayout) => join(layout.dir, 'pg');
const pgdataOf = (layout: ClusterLayout, machine: Machine) => join(pgDir(layout), machine.name);

/** Polls `probe` until it answers true, or throws `message` at the deadline. */
export async function waitFor(message: string, probe: () => Promise<boolean> | boolean, timeoutMs = 120_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error(`${message} (waited ${Math.round(timeoutMs / 1000)} s)`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** One query on a server, on a connection of its own. */
export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The nodes as the monitor sees them. */
export interface NodeState {
  name: string;
  host: string;
  port: number;
  reported: string;
  assigned: string;
  health: number;
}

export async function nodeStates(layout: ClusterLayout): Promise<NodeState[]> {
  const rows = await query<{ nodename: string; nodehost: string; nodeport: number; reportedstate: string; goalstate: string; health: number }>(monitorUri(layout),
    'SELECT nodename, nodehost, nodeport, reportedstate::text, goalstate::text, health FROM pgautofailover.node ORDER BY nodeid');
  return rows.map((row) => ({ name: row.nodename, host: row.nodehost, port: row.nodeport, reported: row.reportedstate, assigned: row.goalstate, health: row.health }));
}

const PRIMARY_STATES = new Set(['single', 'primary', 'wait_primary']);

/** The node serving writes now (reported and assigned a primary's state), if any. */
export function primaryOf(states: readonly NodeState[]): NodeState | undefined {
  return states.find((state) => PRIMARY_STATES.has(state.reported) && PRIMARY_STATES.has(state.assigned));
}

/** Starts the monitor (made first if missing) and tunes its failover timing. */
export async function startMonitor(layout: ClusterLayout): Promise<void> {
  const { monitor } = layout;
  const pgdata = pgdataOf(layout, monitor);
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    for (const dir of [pgDir(layout), pgdata, ...['.config', '.local', '.run'].map((name) => join(pgDir(layout), name))]) owned(dir);
    runOn(monitor, autoctl(layout, ['create', 'monitor', '--pgdata', pgdata, '--pgport', String(layout.ports.monitor), '--hostname', monitor.address,
      '--auth', 'trust', '--no-ssl', '--pgctl', `${PG_BIN}/pg_ctl`]), { user: 'postgres' });
  }
  startOn(monitor, autoctl(layout, ['run', '--pgdata', pgdata]), { user: 'postgres', log: logOf(layout, monitor) });
  await waitFor('The pg_auto_failover monitor did not start', async () => (await query(monitorUri(layout), 'SELECT 1')).length === 1);
  psql(monitor, layout.ports.monitor, 'pg_auto_failover', [...Object.entries(FAILOVER_TIMING).map(([name, value]) => `ALTER SYSTEM SET ${name} = ${value}`), 'SELECT pg_reload_conf()']);
}

/** Runs statements as the `postgres` superuser on a machine's own server (trusted on its loopback), each on its own. */
export function psql(machine: Machine, port: number, database: string, statements: string[]): string {
  return runOn(machine, ['psql', '-h', '127.0.0.1', '-p', String(port), '-d', database, '-U', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAt',
    ...statements.flatMap((statement) => ['-c', statement])], { user: 'postgres' });
}

/** Starts a data node: made (and, past the first, cloned from the primary) unless its folder exists, then run. */
export function startDataNode(layout: ClusterLayout, node: Machine): void {
  const pgdata = pgdataOf(layout, node);
  const made = existsSync(join(pgdata, 'PG_VERSION'));
  if (!made) owned(pgdata);
  // A killed machine's pid file names a pid that may still exist (an unreaped process): it is stale once the machine runs nothing.
  else if (processesOf(node).length === 0) rmSync(join(pgDir(layout), '.run', 'pg_autoctl', pgdata), { recursive: true, force: true });
  const command = made ? autoctl(layout, ['run', '--pgdata', pgdata]) : autoctl(layout, [
    'create', 'postgres', '--pgdata', pgdata, '--pgport', String(portOf(layout, node)), '--hostname', node.address, '--name', node.name,
    '--monitor', monitorUri(layout), '--auth', 'trust', '--no-ssl', '--pg-hba-lan', '--dbname', DATABASE, '--pgctl', `${PG_BIN}/pg_ctl`, '--run',
  ]);
  startOn(node, command, { user: 'postgres', log: logOf(layout, node) });
}

/** Sets the keepers' network partition timeout (below the monitor's demote timeout). */
export function tuneKeeper(layout: ClusterLayout, node: Machine): void {
  runOn(node, autoctl(layout, ['config', 'set', '--pgdata', pgdataOf(layout, node), 'timeout.network_partition_timeout', String(NETWORK_PARTITION_TIMEOUT_S)]), { user: 'postgres' });
}

/** The app role's direct URL of a data node (migrations, seeding, the notification hub, tests). */
export function directUrl(layout: ClusterLayout, node: Machine): string {
  return `postgres://${APP_ROLE}:${APP_ROLE}@${node.address}:${portOf(layout, node)}/${DATABASE}`;
}

/** A superuser's URL of a node (the `postgres` role, trusted on the cluster's LAN). */
export function superuserUrl(layout: ClusterLayout, node: Machine): string {
  return `postgres://postgres@${node.address}:${portOf(layout, node)}/${DATABASE}`;
}

/**
 * On the first primary, before any standby is cloned from it: the cluster's LAN may connect to the app's database
 * and replicate (the bridge has no uplink), and the app's role owns the database with its sessions in UTC (PgBouncer
 * refuses the `options` startup parameter that sets it per connection).
 */
export function prepareFirstPrimary(layout: ClusterLayout, primary: Machine): void {
  const lan = `${layout.gateway.replace(/\.1$/, '.0')}/${layout.prefix}`;
  appendFileSync(join(pgdataOf(layout, primary), 'pg_hba.conf'), `host all all ${lan} trust # the cluster's LAN (npm run cluster)\nhost replication all ${lan} trust # the cluster's LAN\n`);
  const port = portOf(layout, primary);
  const exists = psql(primary, port, DATABASE, [`SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}'`]).trim() === '1';
  psql(primary, port, DATABASE, [
    ...(exists ? [] : [`CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_ROLE}'`]),
    `ALTER ROLE ${APP_ROLE} SET timezone = 'UTC'`, `ALTER DATABASE ${DATABASE} OWNER TO ${APP_ROLE}`, `ALTER SCHEMA public OWNER TO ${APP_ROLE}`,
    'SELECT pg_reload_conf()',
  ]);
}

export { pgdataOf, logOf };
