/**
 * `npm run cluster -- start | stop | status` (issue 41): a PostgreSQL primary with 1–2 streaming standbys under a
 * pg_auto_failover monitor, 2–3 app hosts each with its PgBouncer, HAProxy in front and a follower that repoints the
 * PgBouncers after a failover; every machine a network namespace with a CPU quota. Root only, on Debian (missing
 * packages are installed as `npm test` installs Chromium). Data in data/cluster/; `stop` ends every process by its
 * cgroup and removes the namespaces, links and cgroups.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackage } from '../debian-package.ts';
import { clusterLayout, siteUrl, type ClusterLayout, type LayoutOptions, type Machine } from './layout.ts';
import { balancerStates, haproxyPidFile, startBalancer, startHost, type Routing } from './hosts.ts';
import { createMachines, killMachine, leftovers, processesOf, quotaLabel, removeMachines, setQuota } from './machines.ts';
import {
  directUrl, superuserUrl, nodeStates, prepareFirstPrimary, primaryOf, psql, portOf, query, startDataNode, startMonitor, tuneKeeper, waitFor, type NodeState,
} from './postgres.ts';

export interface ClusterOptions extends LayoutOptions {
  /** Listings seeded into a new cluster. */
  posts: number;
  /** Remove what data/cluster holds first. */
  fresh: boolean;
  /** More settings for the app hosts (CACHE_POLL_MS for a test). */
  hostEnv?: Record<string, string>;
  log?: (line: string) => void;
}

interface ClusterState extends LayoutOptions {
  followerPid: number;
}

const stateFile = (root: string) => join(root, 'data/cluster/state.json');

/** The layout of the cluster that runs (or last ran) under `root`. */
export function runningLayout(root: string): ClusterLayout | undefined {
  if (!existsSync(stateFile(root))) return undefined;
  const state = JSON.parse(readFileSync(stateFile(root), 'utf8')) as ClusterState;
  return clusterLayout(root, state);
}

const PACKAGES: [string, string][] = [
  ['/usr/lib/postgresql/15/bin/postgres', 'postgresql-15'], ['/usr/bin/pg_autoctl', 'pg-auto-failover-cli'],
  ['/usr/lib/postgresql/15/lib/pgautofailover.so', 'postgresql-15-auto-failover'], ['/usr/sbin/pgbouncer', 'pgbouncer'], ['/usr/sbin/haproxy', 'haproxy'],
];

/** Why the cluster cannot run here, or null: it needs root and Debian's packages (installed when missing, as root). */
export function clusterUnavailable(log: (line: string) => void = console.log): string | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'the cluster needs root on Linux (network namespaces and cgroups): run it as root, on Debian.';
  for (const [file, name] of PACKAGES) {
    if (!ensureDebianPackage(() => existsSync(file), name, 'the local cluster', log)) return `Debian's ${name} is missing: apt-get install -y ${name}.`;
  }
  if (spawnSync('ip', ['netns', 'list']).status !== 0) return 'network namespaces are not available (ip netns list failed).';
  return null;
}

/** Sets the cluster up and waits until HAProxy has every host in service. Returns its layout. */
export async function startCluster(root: string, options: ClusterOptions): Promise<ClusterLayout> {
  const log = options.log ?? console.log;
  const why = clusterUnavailable(log);
  if (why) throw new Error(why);
  if (runningLayout(root) && leftovers().length > 0) throw new Error('A cluster runs already: `npm run cluster -- stop` first.');
  const layout = clusterLayout(root, options);
  if (options.fresh) rmSync(layout.dir, { recursive: true, force: true });
  const made = existsSync(join(layout.dir, 'pg', layout.data[0]!.name, 'PG_VERSION'));
  if (!existsSync(join(root, 'dist/server/entry.mjs'))) {
    log('Building the site (npx astro build)…');
    if (spawnSync('npx', ['astro', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('The build failed.');
  }
  mkdirSync(join(layout.dir, 'logs'), { recursive: true });
  createMachines(layout);
  const state: ClusterState = { replicas: options.replicas, hosts: options.hosts, searchTypes: options.searchTypes, followerPid: 0 };
  writeFileSync(stateFile(root), JSON.stringify(state));
  const began = Date.now();
  const step = (line: string) => log(`[${((Date.now() - began) / 1000).toFixed(1)} s] ${line}`);

  await startMonitor(layout);
  step(`monitor up at ${layout.monitor.address}`);
  const [first, ...rest] = layout.data;
  startDataNode(layout, first!);
  if (made) for (const node of rest) startDataNode(layout, node);
  await waitFor('No primary came up', async () => primaryOf(await nodeStates(layout)) !== undefined);
  const primary = routingOf(layout, await nodeStates(layout)).primary;
  step(`primary ${primary.name} at ${primary.address}:${portOf(layout, primary)}`);
  if (!made) prepareFirstPrimary(layout, primary);
  runScript(root, 'scripts/migrate.ts', [], { DATABASE_URL: directUrl(layout, primary) }, log);
  if (!made) {
    // Loading is setup, not a figure: the primary's machine seeds without its quota (500,000 listings took 640 s at 0.4 core).
    setQuota(primary, null);
    try {
      runScript(root, 'scripts/seed.ts', ['--posts', String(options.posts)], { DATABASE_URL: directUrl(layout, primary), MEDIA_DIR: join(layout.dir, 'media') }, log);
    } finally {
      setQuota(primary, primary.cpu);
    }
    step(`seeded ${options.posts} listings`);
    for (const node of rest) startDataNode(layout, node);
  }
  // A standby's base backup waits for a checkpoint, spread over minutes unless one is asked for at once.
  await waitFor('The standbys did not catch up', async () => {
    const states = await nodeStates(layout);
    if (states.filter((state) => state.reported === 'secondary').length >= rest.length) return true;
    psql(primary, portOf(layout, primary), 'yp', ['CHECKPOINT']);
    return false;
  }, 300_000, 1_000);
  for (const node of layout.data) tuneKeeper(layout, node);
  step(`${rest.length} standby${rest.length === 1 ? '' : 's'} streaming (synchronous to one)`);

  const routing = routingOf(layout, await nodeStates(layout));
  startHosts(layout, routing, options.hostEnv);
  startBalancer(layout);
  const follower = spawn(process.execPath, [join(root, 'scripts/cluster/follower.ts'), root, String(options.replicas), String(options.hosts)], {
    detached: true, stdio: ['ignore', openSync(join(layout.dir, 'logs/follower.log'), 'a'), openSync(join(layout.dir, 'logs/follower.log'), 'a')],
  });
  follower.unref();
  writeFileSync(stateFile(root), JSON.stringify({ ...state, followerPid: follower.pid! } satisfies ClusterState));
  await hostsInService(layout, 180_000 + options.posts);
  step(`${layout.hosts.length} app hosts in service at ${siteUrl(layout)}`);
  return layout;
}

/** Starts every host, without its CPU quota: each loads its search before it is ready (about 90 s for 100,000 listings at 0.25 core). */
export function startHosts(layout: ClusterLayout, routing: Routing, env?: Record<string, string>): void {
  for (const host of layout.hosts) setQuota(host, null);
  for (const host of layout.hosts) startHost(layout, host, routing, env);
}

/** Waits until HAProxy has every host in service, then gives each its CPU quota back. */
export async function hostsInService(layout: ClusterLayout, timeoutMs: number): Promise<void> {
  await waitFor('The app hosts did not all come into service behind HAProxy', async () => {
    const states = await balancerStates(layout);
    return layout.hosts.every((host) => states[host.name] === 'UP');
  }, timeoutMs, 500).finally(() => { for (const host of layout.hosts) setQuota(host, host.cpu); });
}

/** Where PgBouncers point given the monitor's states: `yp_rw` at the primary, `yp_ro{n}` at the other nodes in order. */
export function routingOf(layout: ClusterLayout, states: readonly NodeState[]): Routing {
  const primaryName = primaryOf(states)?.name;
  const primary = layout.data.find((node) => node.name === primaryName) ?? layout.data[0]!;
  // Every other node, up or not: the app's read router skips one that does not answer, and finds it again when it does.
  return { primary, standbys: layout.data.filter((node) => node !== primary) };
}

function runScript(root: string, script: string, args: string[], env: Record<string, string>, log: (line: string) => void): void {
  const result = spawnSync(process.execPath, [join(root, script), ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${script} failed: ${(result.stderr || result.stdout).trim()}`);
  const last = result.stdout.trim().split('\n').at(-1);
  if (last) log(`  ${last}`);
}

/** Ends every process of the cluster and removes its namespaces, links and cgroups; returns what could not be removed. */
export async function stopCluster(root: string): Promise<string[]> {
  const layout = runningLayout(root) ?? clusterLayout(root, { replicas: 2, hosts: 3 });
  const state = existsSync(stateFile(root)) ? JSON.parse(readFileSync(stateFile(root), 'utf8')) as ClusterState : undefined;
  const kill = (pid: number | undefined, signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      if (pid) process.kill(pid, signal);
    } catch { /* gone */ }
  };
  kill(state?.followerPid);
  if (existsSync(haproxyPidFile(layout))) kill(Number(readFileSync(haproxyPidFile(layout), 'utf8').trim()));
  // Hosts first, then the data nodes and the monitor: SIGTERM (pg_autoctl stops its PostgreSQL cleanly), then SIGKILL.
  const order: Machine[] = [...layout.hosts, ...layout.data, layout.monitor];
  for (const machine of order) for (const pid of processesOf(machine)) kill(pid);
  await waitFor('', () => order.every((machine) => processesOf(machine).length === 0), 15_000, 200).catch(() => undefined);
  for (const machine of order) await killMachine(machine);
  const left = removeMachines(layout);
  rmSync(stateFile(root), { force: true });
  return [...left, ...leftovers()];
}

/** What `status` prints: each node's state and lag, each host's readiness and balancer state, the quotas. */
export async function clusterStatus(root: string): Promise<string[]> {
  const layout = runningLayout(root);
  if (!layout) return ['No cluster runs here (npm run cluster -- start).'];
  const lines: string[] = [];
  let states: NodeState[] = [];
  try {
    states = await nodeStates(layout);
  } catch (error) {
    lines.push(`monitor: not answering (${error instanceof Error ? error.message : String(error)})`);
  }
  const primaryName = primaryOf(states)?.name;
  const primary = layout.data.find((node) => node.name === primaryName);
  const lags = new Map<string, string>();
  if (primary) {
    try {
      for (const row of await query<{ addr: string; sync_state: string; lag_ms: number | null }>(superuserUrl(layout, primary),
        `SELECT host(client_addr) AS addr, sync_state, (EXTRACT(EPOCH FROM replay_lag) * 1000)::float8 AS lag_ms FROM pg_stat_replication`)) {
        lags.set(row.addr, `${row.sync_state}, replay lag ${row.lag_ms === null ? '0' : row.lag_ms.toFixed(1)} ms`);
      }
    } catch { /* the primary is going */ }
  }
  for (const node of layout.data) {
    const state = states.find((candidate) => candidate.name === node.name);
    lines.push(`${node.name} ${node.address}:${portOf(layout, node)}  ${state ? `${state.reported} (assigned ${state.assigned})` : 'unknown'}${lags.has(node.address) ? `  ${lags.get(node.address)}` : ''}  cpu ${quotaLabel(node)}`);
  }
  let balancer: Record<string, string> = {};
  try {
    balancer = await balancerStates(layout);
  } catch { /* HAProxy is down */ }
  for (const host of layout.hosts) {
    let ready = 'not answering';
    try {
      const response = await fetch(`http://${host.address}:${layout.ports.app}/readyz`, { signal: AbortSignal.timeout(2_000) });
      const body = await response.json() as { ready: boolean; replicas?: { name: string; state: string; lag_ms: number | null }[] };
      ready = `${body.ready ? 'ready' : 'not ready'}${body.replicas ? `; replicas ${body.replicas.map((replica) => `${replica.name} ${replica.state} ${replica.lag_ms ?? '-'} ms`).join(', ')}` : ''}`;
    } catch { /* down */ }
    lines.push(`${host.name} ${host.address}:${layout.ports.app}  ${ready}  balancer ${balancer[host.name] ?? 'unknown'}  cpu ${quotaLabel(host)}  search ${host.searchTypes ? host.searchTypes.join(',') || 'none' : 'all types'}`);
  }
  lines.push(`site ${siteUrl(layout)}`);
  return lines;
}

