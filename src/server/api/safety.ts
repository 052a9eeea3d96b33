import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { parseInput } from '../errors.ts';
import { limitRoute } from '../rate-limits.ts';
import { checkDetail, CheckRequestSchema } from '../safety/reported-details.ts';
import { answer, requestClient, type ApiEnv } from './env.ts';

/**
 * GET /api/safety/check?value= (issue 64): whether an operator confirmed a bank account, number or link as a
 * scammer's, never who reported it or where; 30 checks an hour per client.
 */
export function safetyRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/safety/check', limitRoute(app.limits, 'safetyCheck', requestClient), async (c) => {
      const { value } = parseInput(CheckRequestSchema, { value: c.req.query('value') });
      return answer(c, { data: await checkDetail(app.repos, value) });
    });
}
