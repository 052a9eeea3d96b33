import type { APIRoute } from 'astro';
import { readiness } from '../server/readiness.ts';

/**
 * Readiness: 200 when the database answers, its migrations are applied and the search is loaded and answers; else 503.
 * With replicas, `primary` and `replicas: [{name, server, state, lag_ms}]` follow.
 */
export const GET: APIRoute = async ({ locals }) => {
  const checks = await readiness(locals.app);
  const ready = Object.values(checks).every(Boolean);
  // With replicas (issue 41): the primary and each replica's state and lag, as the read router sees them.
  const replication = locals.app.replication?.status();
  return new Response(JSON.stringify({ ready, checks, ...replication }), {
    status: ready ? 200 : 503,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
