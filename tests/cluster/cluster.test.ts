import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterStatus, clusterUnavailable, startCluster, stopCluster } from '../../scripts/cluster/cluster.ts';
import { balancerStates, balancerTotals } from '../../scripts/cluster/hosts.ts';
import { sendContactMessage, SteadyWriter } from '../../scripts/cluster/visitor.ts';
import { siteUrl, type ClusterLayout, type Machine } from '../../scripts/cluster/layout.ts';
import { killMachine, leftovers, processesOf } from '../../scripts/cluster/machines.ts';
import { directUrl, nodeStates, portOf, primaryOf, query, startDataNode, superuserUrl } from '../../scripts/cluster/postgres.ts';
import { projectRoot } from '../../src/server/project-root.ts';
import { until } from '../helpers/until.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * The cluster past one machine (issue 41), as `npm run cluster` makes it: a monitor, a primary, one streaming standby,
 * two app hosts each behind its PgBouncer, HAProxy in front; every machine a network namespace with a CPU quota. The
 * hosts poll the invalidation log only once a minute, so what reaches the other host sooner came by NOTIFY. Root on
 * Debian only: elsewhere `npm test` says why it skipped this file.
 */
const why = clusterUnavailable(() => undefined);
let layout: ClusterLayout;
/** The invalidation log's poll once a minute; a paused replica stays in service for the length of the test's pause. */
const HOST_ENV = { CACHE_POLL_MS: '60000', REPLICA_MAX_LAG_MS: '15000' };
/** Each host's search holds two types (SEARCH_TYPES): HAProxy sends a type's pages and searches to its host. */
const SEARCH_TYPES: [ListingType[], ListingType[]] = [['services', 'hireme'], ['jobs', 'buysell']];
const searchJobs = (page: number) => fetch(`${siteUrl(layout)}/api/post/search`, {
  method: 'POST', headers: { 'Content-Type': 'application/json', Origin: siteUrl(layout) }, body: JSON.stringify({ type: 'jobs', page }),
});

const hostUrl = (host: Machine) => `http://${host.address}:${layout.ports.app}`;
const titleAt = async (base: string, slug: string, cookie?: string) =>
  /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(`${base}/services/${slug}`, { headers: cookie ? { Cookie: cookie } : {}, signal: AbortSignal.timeout(10_000) })).text())?.[1];

/** A visitor's contact message through `base` (the balancer or one host). */
const contact = (base: string, marker: string, from: string) => sendContactMessage(base, siteUrl(layout), marker, from);

async function primaryNode(): Promise<Machine> {
  const name = primaryOf(await nodeStates(layout))?.name;
  return layout.data.find((node) => node.name === name)!;
}

describe.skipIf(why !== null)('the cluster (npm run cluster)', () => {
  let slug: string;
  let title: string;

  beforeAll(async () => {
    await stopCluster(projectRoot);
    layout = await startCluster(projectRoot, { replicas: 1, hosts: 2, posts: 10_000, fresh: true, hostEnv: HOST_ENV, searchTypes: SEARCH_TYPES, log: () => undefined });
    const [post] = await query<{ slug: string; title: string }>(directUrl(layout, layout.data[0]!),
      `SELECT slug, title FROM posts WHERE type = 'services' AND status = 'active' AND (expires_at IS NULL OR expires_at > now()) AND title ~ '^[A-Za-z0-9 ,.()-]+$' ORDER BY id LIMIT 1`);
    ({ slug, title } = post!);
  }, scaled(150_000));

  afterAll(async () => {
    const left = await stopCluster(projectRoot);
    expect(left).toEqual([]);
  }, scaled(60_000));

  it('serves through HAProxy from both hosts, each reading the replica', async () => {
    const [first, second] = layout.hosts;
    expect(await titleAt(siteUrl(layout), slug)).toBe(title);
    for (const host of [first!, second!]) {
      const ready = await (await fetch(`${hostUrl(host)}/readyz`)).json() as { ready: boolean; replicas: { state: string }[] };
      expect(ready).toEqual(expect.objectContaining({ ready: true, replicas: [expect.objectContaining({ state: 'streaming' })] }));
    }
    expect((await clusterStatus(projectRoot)).join('\n')).toMatch(/db2 .*secondary.*quorum/);
  });

  it('sends a type’s pages and searches to the hosts whose search holds it', async () => {
    const before = await balancerTotals(layout);
    for (let page = 1; page <= 3; page++) {
      expect((await fetch(`${siteUrl(layout)}/jobs/l?page=${page}`)).status).toBe(200);
      expect((await searchJobs(page)).status).toBe(200);
    }
    expect((await fetch(`${siteUrl(layout)}/specializations/jobs`)).status).toBe(200);
    const after = await balancerTotals(layout);
    const sent = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect(sent('type_jobs/app2')).toBe(7);
    expect([sent('hosts/app1'), sent('hosts/app2'), sent('type_services/app1')]).toEqual([0, 0, 0]);
    expect((await clusterStatus(projectRoot)).join('\n')).toMatch(/app2 .*search jobs,buysell/);
  });

  it('with replay paused, shows the writer their change and others the replica’s page; after resume, NOTIFY brings both hosts the new page', async () => {
    const [writerHost, otherHost] = layout.hosts as [Machine, Machine];
    const replica = layout.data[1]!;
    // Both hosts have the page cached from the replica.
    expect(await titleAt(hostUrl(writerHost), slug)).toBe(title);
    expect(await titleAt(hostUrl(otherHost), slug)).toBe(title);
    await query(superuserUrl(layout, replica), 'SELECT pg_wal_replay_pause()');
    try {
      const primary = await primaryNode();
      await query(directUrl(layout, primary), `UPDATE posts SET title = 'Renamed Across The Cluster' WHERE slug = $1`, [slug]);
      // The writer's own write through the site (after the change) leaves its position; its next page reads what has it.
      const sent = await contact(hostUrl(writerHost), 'cluster: read your writes', '203.0.113.1');
      expect(sent.status).toBe(201);
      const lsn = sent.cookies.find((line) => line.startsWith('yp_lsn='))!.split(';')[0]!;
      expect(await titleAt(hostUrl(writerHost), slug, lsn)).toBe('Renamed Across The Cluster');
      expect(await titleAt(hostUrl(otherHost), slug)).toBe(title);
    } finally {
      await query(superuserUrl(layout, replica), 'SELECT pg_wal_replay_resume()');
    }
    // The poll runs once a minute: within 10 s, only NOTIFY (then the replica's replay) can have done it.
    expect(await until(() => titleAt(hostUrl(otherHost), slug), (seen) => seen === 'Renamed Across The Cluster')).toBe('Renamed Across The Cluster');
    expect(await until(() => titleAt(hostUrl(writerHost), slug), (seen) => seen === 'Renamed Across The Cluster')).toBe('Renamed Across The Cluster');
  }, scaled(60_000));

  it('keeps serving when the replica dies, and /readyz names it', async () => {
    const replica = layout.data[1]!;
    await killMachine(replica);
    const down = await until(async () => (await (await fetch(`${hostUrl(layout.hosts[0]!)}/readyz`)).json() as { replicas: { name: string; state: string }[] }).replicas,
      (replicas) => replicas[0]?.state === 'down');
    expect(down[0]).toEqual(expect.objectContaining({ name: expect.stringContaining('yp_ro1'), server: `${replica.address}:${portOf(layout, replica)}`, state: 'down' }));
    for (let index = 0; index < 5; index++) expect((await fetch(`${siteUrl(layout)}/services/${slug}`)).status).toBe(200);
    const search = await fetch(`${siteUrl(layout)}/api/post/search`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: siteUrl(layout) }, body: JSON.stringify({ type: 'services' }) });
    expect(search.status).toBe(200);
    // It comes back as a synchronous standby, for the failover below (the monitor's last word on it is from before).
    startDataNode(layout, replica);
    const streaming = () => primaryNode().then((primary) => query<{ n: number }>(superuserUrl(layout, primary),
      `SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming' AND sync_state IN ('sync', 'quorum')`)).then((rows) => rows[0]!.n);
    expect(await until(streaming, (count) => count === 1, 60_000)).toBe(1);
    expect(await until(() => nodeStates(layout), (states) => states.some((state) => state.name === replica.name && state.reported === 'secondary' && state.health === 1), 30_000))
      .toEqual(expect.arrayContaining([expect.objectContaining({ name: replica.name, reported: 'secondary' })]));
  }, scaled(90_000));

  it('takes a killed host out of the balancer', async () => {
    const host = layout.hosts[1]!;
    await killMachine(host);
    expect(await until(() => balancerStates(layout), (states) => states[host.name]?.startsWith('DOWN') === true)).toEqual(expect.objectContaining({ [host.name]: expect.stringMatching(/^DOWN/) }));
    for (let index = 0; index < 5; index++) expect((await fetch(`${siteUrl(layout)}/services/${slug}`)).status).toBe(200);
    // The jobs host is gone: the other host answers jobs from SQL alone.
    expect((await fetch(`${siteUrl(layout)}/jobs/l`)).status).toBe(200);
    expect((await searchJobs(9)).status).toBe(200);
  }, scaled(30_000));

  it('promotes the standby when the primary dies: writes go from 503 back to 2xx, and every acknowledged write is on the new primary', async () => {
    // The primary and a synchronous standby, as the monitor sees them, before the loss.
    const ready = await until(() => nodeStates(layout), (states) => states.some((state) => state.reported === 'primary' && state.assigned === 'primary')
      && states.some((state) => state.reported === 'secondary' && state.assigned === 'secondary' && state.health === 1), 60_000);
    expect(ready.map((state) => state.reported).sort()).toEqual(['primary', 'secondary']);
    const old = await primaryNode();
    const writer = new SteadyWriter(siteUrl(layout), 'cluster write', 50);
    await until(async () => writer.acknowledged.length, (count) => count >= 3);
    await killMachine(old);
    // Writes begun from here on met a primary that is gone (none of its processes is left).
    writer.markLoss();
    // Writes pause (503, never 500), then land on the promoted standby.
    await until(async () => writer.afterLoss(), (answers) => answers.includes(503) && answers.lastIndexOf(201) > answers.lastIndexOf(503), 60_000);
    await writer.stop();
    const afterLoss = writer.afterLoss();
    const { acknowledged } = writer;
    const seen = `answers after the loss: ${afterLoss.join(' ')}`;
    expect(afterLoss.filter((status) => status !== 201 && status !== 503 && status !== 0), seen).toEqual([]);
    expect(afterLoss, seen).toContain(503);
    expect(afterLoss.at(-1), seen).toBe(201);
    const promoted = await primaryNode();
    expect(promoted.name, JSON.stringify(await nodeStates(layout))).not.toBe(old.name);
    const stored = new Set((await query<{ message: string }>(directUrl(layout, promoted), `SELECT message FROM contact_messages WHERE message LIKE 'cluster write %'`)).map((row) => row.message));
    expect(acknowledged.filter((marker) => !stored.has(marker)), `${acknowledged.length} acknowledged`).toEqual([]);
  }, scaled(120_000));

  it('leaves nothing behind when stopped: no process, namespace or cgroup', async () => {
    const machines = [layout.monitor, ...layout.data, ...layout.hosts];
    expect(await stopCluster(projectRoot)).toEqual([]);
    expect(machines.flatMap((machine) => processesOf(machine))).toEqual([]);
    expect(leftovers()).toEqual([]);
  }, scaled(60_000));
});
