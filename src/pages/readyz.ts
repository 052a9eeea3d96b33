import type { APIRoute } from 'astro';
import { readiness } from '../server/readiness.ts';

/** Readiness: 200 when the database answers, its migrations are applied and the search workers are alive; else 503. */
export const GET: APIRoute = async ({ locals }) => {
  const checks = await readiness(locals.app);
  const ready = Object.values(checks).every(Boolean);
  return new Response(JSON.stringify({ ready, checks }), {
    status: ready ? 200 : 503,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
