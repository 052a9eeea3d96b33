/**
 * `npm run cluster -- start [--posts N] [--replicas 1|2] [--hosts 2|3] [--search-types services,jobs/hireme,buysell]
 * [--fresh] | stop | status` (issue 41): the
 * local cluster of scripts/cluster/cluster.ts. `start` makes it (seeding N listings, 10,000 by default) or resumes the
 * one in data/cluster/; the site answers through HAProxy at http://10.77.0.1:8080 (CLUSTER_SUBNET) and on
 * http://127.0.0.1:8080. `--search-types` gives each host in turn the types its search holds ('/' between hosts; unnamed
 * hosts hold all), and HAProxy sends `/{type}/…` to the hosts holding the type.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { projectRoot } from '../src/server/project-root.ts';
import { clusterStatus, startCluster, stopCluster } from './cluster/cluster.ts';
import { parseSearchTypes } from './cluster/layout.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { posts: { type: 'string' }, replicas: { type: 'string' }, hosts: { type: 'string' }, 'search-types': { type: 'string' }, fresh: { type: 'boolean', default: false } },
});
const Args = z.object({
  posts: z.coerce.number().int().positive().max(5_000_000).default(10_000),
  replicas: z.coerce.number().int().min(1).max(2).default(1),
  hosts: z.coerce.number().int().min(1).max(3).default(2),
});
const command = positionals[0] ?? 'status';
try {
  if (command === 'start') {
    const args = Args.parse(values);
    const searchTypes = values['search-types'] ? parseSearchTypes(values['search-types']) : undefined;
    await startCluster(projectRoot, { ...args, searchTypes, fresh: values.fresh ?? false });
    for (const line of await clusterStatus(projectRoot)) console.log(line);
  } else if (command === 'stop') {
    const left = await stopCluster(projectRoot);
    console.log(left.length === 0 ? 'Cluster stopped: no process, namespace, link or cgroup left.' : `Cluster stopped; left behind: ${left.join('; ')}`);
  } else if (command === 'status') {
    for (const line of await clusterStatus(projectRoot)) console.log(line);
  } else {
    console.error('Usage: npm run cluster -- start [--posts N] [--replicas 1|2] [--hosts 2|3] [--search-types services,jobs/hireme,buysell] [--fresh] | stop | status');
    process.exit(2);
  }
} catch (error) {
  console.error(`cluster ${command}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
