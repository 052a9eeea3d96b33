import type { APIRoute } from 'astro';
import { createApi } from '../../server/api/app.ts';
import { database } from '../../server/db/default.ts';

let api: ReturnType<typeof createApi> | undefined;

/** Hands every /api request to the Hono app. */
export const ALL: APIRoute = ({ request }) => (api ??= createApi(database())).fetch(request);
