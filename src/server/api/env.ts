import type { Context } from 'hono';
import { clientKey } from '../client-ip.ts';

/** What the Astro route hands to the Hono app with each request. */
export interface ApiBindings {
  clientAddress?: string;
}

export type ApiEnv = { Bindings: ApiBindings };

/** Who is asking, for per-client rules (view counting, limits): the connection's address only. */
export function requestClient(c: Context<ApiEnv>): string {
  return clientKey(c.env?.clientAddress);
}
