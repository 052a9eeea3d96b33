import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';

let api: ReturnType<typeof createApi> | undefined;

/** Hands every /api request to the Hono app built on the same app context, with the client's address for per-client rules. */
export const ALL: APIRoute = ({ request, clientAddress, locals }) =>
  (api ??= createApi(locals.app)).fetch(request, { clientAddress });
