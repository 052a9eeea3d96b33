import type { APIRoute } from 'astro';
import { health } from '../server/health.ts';

/** Liveness: the process answers HTTP, with its uptime and the supervisor's restart count. Never cached. */
export const GET: APIRoute = () => Response.json(health(), { headers: { 'Cache-Control': 'no-store' } });
