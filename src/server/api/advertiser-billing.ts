import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { cancelSubscription, getInvoice, invoicePdfOf, listInvoices, listSubscriptions, paymentCallback, paymentStatus, payInvoice, subscribe } from '../billing/index.ts';
import { AppError, invalid } from '../errors.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, IdSchema, pathId } from './advertiser-access.ts';
import { answer, requestLocale, type ApiEnv } from './env.ts';

/** The invoice id of `{id}.pdf`, or a 404. */
function pdfId(file: string): number {
  const id = Number(file.slice(0, -'.pdf'.length));
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found');
  return id;
}

/** Packages and billing (issue 27), under /api/advertiser: plans bought, changed and cancelled; invoices and paying them. */
export function billingRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .post('/subscriptions', limitBody(1024), async (c) => {
      const { status, ...result } = await subscribe(app, await advertiserOf(app, c), await jsonBody(c));
      return answer(c, result, status);
    })
    .get('/subscriptions', async (c) => {
      const profileId = IdSchema.safeParse(c.req.query('profile_id'));
      if (!profileId.success) throw invalid('profile_id', 'choose_business');
      return answer(c, { data: await listSubscriptions(app, await advertiserOf(app, c), profileId.data) });
    })
    .post('/subscriptions/:id/cancel', async (c) => answer(c, await cancelSubscription(app, await advertiserOf(app, c), pathId(c))))
    .get('/invoices', async (c) => answer(c, { data: await listInvoices(app, await advertiserOf(app, c)) }))
    .get('/invoices/:file{[0-9]+\\.pdf}', async (c) => {
      const { number, pdf } = await invoicePdfOf(app, await advertiserOf(app, c), pdfId(c.req.param('file')));
      return new Response(new Uint8Array(pdf), {
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${number}.pdf"`, 'Cache-Control': 'private, no-store' },
      });
    })
    .get('/invoices/:id', async (c) => answer(c, { data: await getInvoice(app, await advertiserOf(app, c), pathId(c), requestLocale(c)) }))
    .post('/invoices/:id/pay', limitBody(1024), async (c) => answer(c, { data: await payInvoice(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)) }))
    .get('/payments/:id', async (c) => answer(c, { data: await paymentStatus(app, await advertiserOf(app, c), pathId(c)) }));
}

/** The form a payment gateway posts: urlencoded fields, each a string (repeats and files refused). */
async function gatewayForm(c: { req: { header(name: string): string | undefined; text(): Promise<string> } }): Promise<Record<string, string>> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('Content-Type') ?? '')) throw new AppError('send_callback_urlencoded_form');
  const form: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(await c.req.text())) {
    if (name in form) throw new AppError('field_sent_twice', { name });
    form[name] = value;
  }
  return form;
}

/**
 * POST /api/payments/{provider}/callback: a gateway's signed server-to-server callback. It carries no cookie, Origin
 * or CSRF token (the CSRF middleware lets these routes through: SIGNED_POSTS); the signature is its only proof.
 */
export function paymentCallbackRoutes(app: AppContext) {
  return new Hono<ApiEnv>().post('/payments/:provider/callback', limitBody(8 * 1024), async (c) => {
    const answer = await paymentCallback(app, c.req.param('provider'), await gatewayForm(c));
    return c.text(answer, 200, { 'Cache-Control': 'no-store' });
  });
}
