import type { APIRoute } from 'astro';
import { health } from '../server/health.ts';

/**
 * Liveness: the process answers HTTP, with its uptime and the supervisor's restart count. Never cached. And the
 * background work (issue 62): the job kinds this process runs, and whether a worker process holds its lease (null when
 * the database cannot say now: liveness never waits on it).
 */
export const GET: APIRoute = async ({ locals }) => {
  const { app } = locals;
  const worker = await app.repos.jobs.findWorkerLeases().then((leases) => leases.length > 0, () => null);
  return Response.json({ ...health(), jobs: { kinds: app.config.jobRunner === 'off' ? [] : app.jobs.kinds, worker } }, { headers: { 'Cache-Control': 'no-store' } });
};
