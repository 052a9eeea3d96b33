/**
 * The follower (issue 41): `pg` cannot follow a multi-host URI, so this process watches the pg_auto_failover monitor
 * (its node table, as `pg_autoctl show state` reads it) and, when the primary changes, points every host's
 * PgBouncer at it and the other nodes (`yp_rw`, `yp_ro{n}`) and has it reload. Started by
 * `npm run cluster -- start`; its log says when it repointed.
 *   node scripts/cluster/follower.ts ROOT REPLICAS HOSTS
 */
import { routingOf } from './cluster.ts';
import { repoint } from './hosts.ts';
import { clusterLayout } from './layout.ts';
import { nodeStates, primaryOf } from './postgres.ts';

const [root = process.cwd(), replicas = '1', hosts = '2'] = process.argv.slice(2);
const layout = clusterLayout(root, { replicas: Number(replicas), hosts: Number(hosts) });
/** How often the monitor is read. */
const EVERY_MS = 250;

let current = '';
for (;;) {
  try {
    const states = await nodeStates(layout);
    if (primaryOf(states)) {
      const routing = routingOf(layout, states);
      const key = [routing.primary, ...routing.standbys].map((machine) => machine.name).join(',');
      if (key !== current) {
        repoint(layout, routing);
        console.log(`${new Date().toISOString()} primary ${routing.primary.name} (${routing.primary.address}), standbys: ${routing.standbys.map((machine) => machine.name).join(', ') || 'none'}; PgBouncers repointed`);
        current = key;
      }
    }
  } catch (error) {
    console.log(`${new Date().toISOString()} the monitor did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
}
