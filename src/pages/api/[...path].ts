import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';
import { clientAddressOf, socketAddress } from '../../server/client-ip.ts';

let api: ReturnType<typeof createApi> | undefined;

/** Hands every /api request to the Hono app built on the same app context, with the client's address for per-client rules. */
export const ALL: APIRoute = (context) => {
  const { request, locals } = context;
  return (api ??= createApi(locals.app)).fetch(request, {
    clientAddress: clientAddressOf(socketAddress(context), request.headers.get('X-Forwarded-For'), locals.app.config.trustProxy),
  });
};
