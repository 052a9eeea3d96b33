import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';
import { database } from '../../server/db/default.ts';
import { searchEngine } from '../../server/search/default.ts';

let api: ReturnType<typeof createApi> | undefined;

/** Hands every /api request to the Hono app, with the client's address for per-client rules. */
export const ALL: APIRoute = ({ request, clientAddress }) =>
  (api ??= createApi(database(), { search: searchEngine() })).fetch(request, { clientAddress });
