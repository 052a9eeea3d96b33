import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getInvoice, listInvoices, subscribe } from '../advertiser/billing.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import type { ApiEnv } from './env.ts';

/** Packages and billing (issue 27), under /api/advertiser: a paid plan for a business, and the advertiser's invoices. */
export function billingRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .post('/subscriptions', limitBody(1024), async (c) => c.json(await subscribe(app, await advertiserOf(app, c), await jsonBody(c)), 201))
    .get('/invoices', async (c) => c.json({ data: await listInvoices(app, await advertiserOf(app, c)) }))
    .get('/invoices/:id', async (c) => c.json({ data: await getInvoice(app, await advertiserOf(app, c), pathId(c)) }));
}
