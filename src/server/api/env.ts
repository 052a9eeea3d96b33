import type { Context } from 'hono';

/** What the Astro route hands to the Hono app with each request. */
export interface ApiBindings {
  clientAddress?: string;
}

export type ApiEnv = { Bindings: ApiBindings };

/** Who is asking, for per-client rules (view counting, throttling): address and browser. */
export function clientKey(c: Context<ApiEnv>): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  return `${c.env?.clientAddress ?? forwarded ?? 'unknown'}|${c.req.header('user-agent') ?? ''}`;
}
