import { Hono } from 'hono';
import { ContactMessageSchema, ReportSchema } from '../../shared/schemas/engagement.ts';
import type { Db } from '../db/connection.ts';
import { receiveContactMessage, receiveReport } from '../engagement/messages.ts';
import { publicFormThrottle, type Throttle } from '../engagement/throttle.ts';
import { AppError, parseInput } from '../errors.ts';
import { clientKey, type ApiEnv } from './env.ts';
import { jsonBody } from './json-body.ts';

/** POST contact and POST reportissue. */
export function engagementRoutes(db: Db, throttle: Throttle = publicFormThrottle) {
  const limit = (action: string, client: string) => {
    if (!throttle.allow(`${action}|${client}`)) throw new AppError(429, 'Too many attempts. Please try again later.');
  };
  return new Hono<ApiEnv>()
    .post('/contact', async (c) => {
      const message = parseInput(ContactMessageSchema, await jsonBody(c));
      limit('contact', clientKey(c));
      receiveContactMessage(db, message, clientKey(c));
      return c.json({ message: 'Thank you, we will get back to you soon.' }, 201);
    })
    .post('/reportissue', async (c) => {
      const report = parseInput(ReportSchema, await jsonBody(c));
      limit('report', clientKey(c));
      receiveReport(db, report, clientKey(c));
      return c.json({ message: 'Report Logged!' }, 201);
    });
}
