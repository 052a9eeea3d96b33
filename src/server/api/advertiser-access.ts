import type { Context } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import { requireAdvertiser } from '../advertiser/access.ts';
import { AppError } from '../errors.ts';
import { requireUserId, type ApiEnv } from './env.ts';
import { say } from '../../shared/said.ts';

export const IdSchema = z.coerce.number({ error: say('api_not_found') }).int().positive().max(Number.MAX_SAFE_INTEGER);

/** The id in the path, or a 404 (a malformed id names nothing). */
export function pathId(c: Context<ApiEnv>): number {
  const parsed = IdSchema.safeParse(c.req.param('id'));
  if (!parsed.success) throw new AppError('not_found');
  return parsed.data;
}

/** The signed-in advertiser (401 signed out, 403 without the role). */
export const advertiserOf = (app: AppContext, c: Context<ApiEnv>) => requireAdvertiser(app, requireUserId(c));
