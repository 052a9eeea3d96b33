import type { Context } from 'hono';
import { requestClient, type ApiEnv } from './env.ts';

/** The operator the console's gate found (one read of the role per request), with the session and client each action records. */
export function operatorOf(c: Context<ApiEnv>) {
  return { actor: c.get('operator')!, session: c.get('session')!, client: requestClient(c) };
}
