import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { getInvoice, invoicePdfOf, listInvoices, subscribe } from '../advertiser/billing.ts';
import { AppError } from '../errors.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import type { ApiEnv } from './env.ts';

/** The invoice id of `{id}.pdf`, or a 404. */
function pdfId(file: string): number {
  const id = Number(file.slice(0, -'.pdf'.length));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError(404, 'Not Found');
  return id;
}

/** Packages and billing (issue 27), under /api/advertiser: a paid plan for a business, and the advertiser's invoices. */
export function billingRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .post('/subscriptions', limitBody(1024), async (c) => c.json(await subscribe(app, await advertiserOf(app, c), await jsonBody(c)), 201))
    .get('/invoices', async (c) => c.json({ data: await listInvoices(app, await advertiserOf(app, c)) }))
    .get('/invoices/:file{[0-9]+\\.pdf}', async (c) => {
      const { number, pdf } = await invoicePdfOf(app, await advertiserOf(app, c), pdfId(c.req.param('file')));
      return new Response(new Uint8Array(pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${number}.pdf"`, 'Cache-Control': 'private, no-store' },
      });
    })
    .get('/invoices/:id', async (c) => c.json({ data: await getInvoice(app, await advertiserOf(app, c), pathId(c)) }));
}
