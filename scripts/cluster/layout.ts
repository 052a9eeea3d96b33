/**
 * The local cluster's shape (issue 41, `npm run cluster`): which "machines" it has, their addresses on a bridge with no
 * uplink, their ports, folders and CPU quotas. Every machine is a network namespace joined to the bridge by a veth
 * pair, with a cgroup of its own; the load balancer, the follower and the scripts run in the root namespace, on the
 * bridge's own address.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { LISTING_TYPES, type ListingType } from '../../src/shared/constants.ts';

export type MachineKind = 'monitor' | 'data' | 'host';

export interface Machine {
  /** Its name: the namespace is `yp-{name}`, the cgroup `yp-cluster/{name}`. */
  name: string;
  kind: MachineKind;
  address: string;
  /** Its share of one core (cgroup quota), or null for none. */
  cpu: number | null;
  /** An app host's SEARCH_TYPES: the types its facet store holds (all when unset; none when empty). */
  searchTypes?: ListingType[];
}

export interface ClusterLayout {
  root: string;
  dir: string;
  /** The bridge's address: the load balancer and the root namespace's side of the cluster. */
  gateway: string;
  prefix: number;
  monitor: Machine;
  /** The PostgreSQL nodes: the first starts as primary. */
  data: Machine[];
  hosts: Machine[];
  /** Ports: PostgreSQL and the monitor inside their namespaces, PgBouncer and the app on each host, HAProxy on the bridge. */
  ports: { postgres: number; monitor: number; pgbouncer: number; app: number; balancer: number };
}

export const BRIDGE = 'yp-br0';

const Settings = z.object({
  CLUSTER_SUBNET: z.string().regex(/^\d+\.\d+\.\d+\.0\/24$/, 'CLUSTER_SUBNET is a /24, such as 10.77.0.0/24').default('10.77.0.0/24'),
  CLUSTER_HOST_CPU: z.coerce.number().positive().max(2).default(0.25),
  CLUSTER_REPLICA_CPU: z.coerce.number().positive().max(2).default(0.4),
});

/** How many standbys and app hosts, and which types each host's search holds (host by host; missing or empty: all). */
export interface LayoutOptions {
  replicas: number;
  hosts: number;
  searchTypes?: ListingType[][];
}

/** `--search-types services,jobs/hireme,buysell`: the types of each host in turn, '/' between hosts. */
export function parseSearchTypes(value: string): ListingType[][] {
  return value.split('/').map((group) => group.split(',').map((type) => type.trim()).filter(Boolean).map((type) => {
    if (!(LISTING_TYPES as readonly string[]).includes(type)) throw new Error(`--search-types: ${type} is not one of ${LISTING_TYPES.join(', ')}.`);
    return type as ListingType;
  }));
}

/** The layout for `replicas` standbys and `hosts` app hosts, from the environment's CLUSTER_* settings. */
export function clusterLayout(root: string, options: LayoutOptions, env: NodeJS.ProcessEnv = process.env): ClusterLayout {
  const parsed = Settings.safeParse(env);
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  const { CLUSTER_SUBNET, CLUSTER_HOST_CPU, CLUSTER_REPLICA_CPU } = parsed.data;
  const base = CLUSTER_SUBNET.replace(/\.0\/24$/, '');
  const at = (last: number) => `${base}.${last}`;
  return {
    root,
    dir: join(root, 'data/cluster'),
    gateway: at(1),
    prefix: 24,
    monitor: { name: 'monitor', kind: 'monitor', address: at(10), cpu: null },
    data: Array.from({ length: options.replicas + 1 }, (_, index) => ({ name: `db${index + 1}`, kind: 'data' as const, address: at(11 + index), cpu: CLUSTER_REPLICA_CPU })),
    hosts: Array.from({ length: options.hosts }, (_, index) => ({
      name: `app${index + 1}`, kind: 'host' as const, address: at(21 + index), cpu: CLUSTER_HOST_CPU,
      ...(options.searchTypes?.[index]?.length ? { searchTypes: options.searchTypes[index] } : {}),
    })),
    ports: { postgres: 5432, monitor: 5000, pgbouncer: 6432, app: 4321, balancer: 8080 },
  };
}

export function machines(layout: ClusterLayout): Machine[] {
  return [layout.monitor, ...layout.data, ...layout.hosts];
}

export const namespaceOf = (machine: Machine) => `yp-${machine.name}`;

/** The monitor's URI for pg_autoctl and the follower. */
export function monitorUri(layout: ClusterLayout): string {
  return `postgres://autoctl_node@${layout.monitor.address}:${layout.ports.monitor}/pg_auto_failover?sslmode=disable`;
}

/** The app's database and role on the cluster. */
export const DATABASE = 'yp';
export const APP_ROLE = 'yp';

/** The site's address through the load balancer. */
export function siteUrl(layout: ClusterLayout): string {
  return `http://${layout.gateway}:${layout.ports.balancer}`;
}
