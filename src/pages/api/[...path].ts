import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';
import { clientAddressOf } from '../../server/client-ip.ts';

let api: ReturnType<typeof createApi> | undefined;

/** Hands every /api request to the Hono app built on the same app context, with the client's address for per-client rules. */
export const ALL: APIRoute = ({ request, clientAddress, locals }) =>
  (api ??= createApi(locals.app)).fetch(request, {
    clientAddress: clientAddressOf(clientAddress, request.headers.get('X-Forwarded-For'), locals.app.config.trustProxy),
  });
