/**
 * The cluster's app hosts and what is in front of them (issue 41): on each host, PgBouncer in transaction mode
 * (`yp_rw` → the primary, `yp_ro1`, `yp_ro2` → the standbys; run as `postgres`, it refuses root) and the site
 * (`npm run serve`'s server) on the host's address; in the root namespace, HAProxy 2.6 balancing the hosts by
 * least connections, checking /readyz every second.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { LISTING_TYPES, type ListingType } from '../../src/shared/constants.ts';
import { APP_ROLE, DATABASE, siteUrl, type ClusterLayout, type Machine } from './layout.ts';
import { startOn, sh } from './machines.ts';
import { directUrl, owned, portOf } from './postgres.ts';

const hostDir = (layout: ClusterLayout, host: Machine) => join(layout.dir, 'hosts', host.name);
export const pgbouncerIni = (layout: ClusterLayout, host: Machine) => join(hostDir(layout, host), 'pgbouncer.ini');
const pgbouncerPidFile = (layout: ClusterLayout, host: Machine) => join(hostDir(layout, host), 'pgbouncer.pid');

/** Where the pools point: the primary for writes, the standbys (in order) for reads. */
export interface Routing {
  primary: Machine;
  standbys: Machine[];
}

/** The `[databases]` of every host's PgBouncer: one `yp_ro{n}` per standby the layout has (a missing one reads the primary). */
function databases(layout: ClusterLayout, routing: Routing): string {
  const line = (name: string, node: Machine) => `${name} = host=${node.address} port=${portOf(layout, node)} dbname=${DATABASE}`;
  const ro = layout.data.slice(1).map((_, index) => line(`yp_ro${index + 1}`, routing.standbys[index] ?? routing.primary));
  return [line('yp_rw', routing.primary), ...ro].join('\n');
}

/** Writes a host's PgBouncer configuration for `routing`. */
export function writePgbouncer(layout: ClusterLayout, host: Machine, routing: Routing): void {
  const dir = hostDir(layout, host);
  writeFileSync(pgbouncerIni(layout, host), `[databases]
${databases(layout, routing)}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${layout.ports.pgbouncer}
unix_socket_dir = ${dir}
auth_type = trust
auth_file = ${join(dir, 'userlist.txt')}
pool_mode = transaction
max_client_conn = 400
default_pool_size = 12
; The app sends TimeZone=UTC in the startup options, which PgBouncer cannot pass on: the role sets UTC instead.
ignore_startup_parameters = extra_float_digits,options
server_connect_timeout = 2
server_login_retry = 1
; A client waits at most 3 s for a server (a lost primary's writes answer 503 soon, and are tried again).
query_wait_timeout = 3
pidfile = ${pgbouncerPidFile(layout, host)}
logfile = ${join(dir, 'pgbouncer.log')}
`);
}

/** Starts a host: its PgBouncer, then the site, which waits for nothing (it reports ready on /readyz once it can serve). */
export function startHost(layout: ClusterLayout, host: Machine, routing: Routing, env: Record<string, string> = {}): void {
  const dir = owned(hostDir(layout, host));
  writeFileSync(join(dir, 'userlist.txt'), `"${APP_ROLE}" "${APP_ROLE}"\n`);
  writePgbouncer(layout, host, routing);
  const log = join(layout.dir, 'logs', `${host.name}.log`);
  // A host killed before (the bench restarts them) leaves PgBouncer's pid file, and PgBouncer refuses to start beside it.
  rmSync(pgbouncerPidFile(layout, host), { force: true });
  startOn(host, ['pgbouncer', pgbouncerIni(layout, host)], { user: 'postgres', log });
  const pool = (database: string) => `postgres://${APP_ROLE}:${APP_ROLE}@127.0.0.1:${layout.ports.pgbouncer}/${database}`;
  // A young generation of 16 MB, not npm run serve's 4 (decision 0003's pages at 100,000): a search host at 5 million
  // listings makes megabytes of short-lived buffers per search, and scavenged them at 4 MB often enough to cost 15% of
  // its searches per second (decision 0029).
  startOn(host, [process.execPath, '--max-semi-space-size=16', '--max-old-space-size=384', join(layout.root, 'scripts/serve.ts')], {
    log,
    cwd: layout.root,
    env: {
      MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072',
      DATABASE_URL: pool('yp_rw'),
      DATABASE_READ_URLS: layout.data.slice(1).map((_, index) => pool(`yp_ro${index + 1}`)).join(','),
      DATABASE_NOTIFY_URLS: layout.data.map((node) => directUrl(layout, node)).join(','),
      HOST: host.address, PORT: String(layout.ports.app), SITE_URL: siteUrl(layout), TRUST_PROXY: layout.gateway,
      MEDIA_DIR: join(layout.dir, 'media'), OUTBOX_DIR: join(layout.dir, 'outbox'), SERVER_STANDBY: 'off',
      ...(host.searchTypes ? { SEARCH_TYPES: host.searchTypes.join(',') || 'none' } : {}),
      ...env,
    },
  });
}

/** Points every host's PgBouncer at `routing` and has it reload (RELOAD by SIGHUP): new transactions go there. */
export function repoint(layout: ClusterLayout, routing: Routing): void {
  for (const host of layout.hosts) {
    if (!existsSync(pgbouncerIni(layout, host))) continue;
    writePgbouncer(layout, host, routing);
    try {
      process.kill(Number(readFileSync(pgbouncerPidFile(layout, host), 'utf8').trim()), 'SIGHUP');
    } catch { /* the host is down */ }
  }
}

export const haproxyConfig = (layout: ClusterLayout) => join(layout.dir, 'haproxy.cfg');
export const haproxySocket = (layout: ClusterLayout) => join(layout.dir, 'haproxy.sock');
export const haproxyPidFile = (layout: ClusterLayout) => join(layout.dir, 'haproxy.pid');

/**
 * When hosts hold some types only (SEARCH_TYPES), a backend per type of the hosts holding it (their health tracked
 * from the `hosts` backend): `/{type}/…`, `/specializations/{type}` and a search API body naming the type go there
 * while one of them is up, else to every host (which answer from SQL alone: slower, never wrong).
 */
function typeRouting(layout: ClusterLayout): { frontend: string; backends: string } {
  if (layout.hosts.every((host) => !host.searchTypes)) return { frontend: '', backends: '' };
  const holders = (type: ListingType) => layout.hosts.filter((host) => !host.searchTypes || host.searchTypes.includes(type));
  const frontend = LISTING_TYPES.map((type) => `  acl for_${type} path /${type}
  acl for_${type} path_beg /${type}/ /specializations/${type}
  acl body_${type} req.body -m sub "\\"type\\":\\"${type}\\""
  acl up_${type} nbsrv(type_${type}) gt 0
  use_backend type_${type} if for_${type} up_${type} || search_api body_${type} up_${type}`).join('\n');
  const backends = LISTING_TYPES.map((type) => `
backend type_${type}
  balance leastconn
${holders(type).map((host) => `  server ${host.name} ${host.address}:${layout.ports.app} track hosts/${host.name}`).join('\n')}
`).join('');
  return { frontend: `  option http-buffer-request\n  acl search_api path /api/post/search\n${frontend}\n`, backends };
}

/** Starts HAProxy on the bridge's address (and the box's loopback) in front of every host. */
export function startBalancer(layout: ClusterLayout): void {
  const routing = typeRouting(layout);
  mkdirSync(layout.dir, { recursive: true });
  writeFileSync(haproxyConfig(layout), `global
  maxconn 8192
  stats socket ${haproxySocket(layout)} mode 600 level admin
  pidfile ${haproxyPidFile(layout)}

defaults
  mode http
  timeout connect 2s
  # A conversation stream (Server-Sent Events) stays open: its heartbeat every 15 s keeps it inside these 60 s.
  timeout client 60s
  timeout server 60s
  timeout http-keep-alive 10s
  option forwardfor
  option redispatch
  retries 2

frontend site
  bind ${layout.gateway}:${layout.ports.balancer}
  bind 127.0.0.1:${layout.ports.balancer}
${routing.frontend}  default_backend hosts

backend hosts
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  # A busy host answers /readyz late (1.0 s seen at 0.1 core under load): by default a check may take 'inter', and a
  # busy host flapped out of service. A killed one is still out at once (its connections are refused).
  timeout check 3s
  default-server inter 1s fastinter 500ms downinter 1s fall 2 rise 2
${layout.hosts.map((host) => `  server ${host.name} ${host.address}:${layout.ports.app} check`).join('\n')}
${routing.backends}`);
  sh('haproxy', ['-c', '-q', '-f', haproxyConfig(layout)]);
  sh('haproxy', ['-D', '-f', haproxyConfig(layout)]);
}

/** Sends one command to HAProxy's admin socket ('show stat', 'disable server hosts/app3') and answers its reply. */
export function haproxyCommand(layout: ClusterLayout, command: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = createConnection(haproxySocket(layout));
    let out = '';
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (out += chunk.toString()));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

/** HAProxy's view of each host: UP, DOWN or MAINT, from its stats socket. */
export async function balancerStates(layout: ClusterLayout): Promise<Record<string, string>> {
  const csv = await haproxyCommand(layout, 'show stat');
  const states: Record<string, string> = {};
  for (const line of csv.split('\n')) {
    const [backend, server, ...fields] = line.split(',');
    if (backend === 'hosts' && server && server !== 'BACKEND') states[server] = fields[15] ?? '';
  }
  return states;
}

/** Requests each server has been sent, by `backend/server` ('type_jobs/app2'), from HAProxy's stats socket. */
export async function balancerTotals(layout: ClusterLayout): Promise<Record<string, number>> {
  const csv = await haproxyCommand(layout, 'show stat');
  const totals: Record<string, number> = {};
  // The columns: pxname, svname, qcur, qmax, scur, smax, slim, stot, …
  for (const line of csv.split('\n')) {
    const [backend, server, , , , , , total] = line.split(',');
    if (backend && server && server !== 'BACKEND' && server !== 'FRONTEND' && !backend.startsWith('#')) totals[`${backend}/${server}`] = Number(total);
  }
  return totals;
}
