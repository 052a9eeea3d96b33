import { Hono } from 'hono';
import { z } from 'zod';
import { limitBody } from '../api/body.ts';
import type { ApiEnv } from '../api/env.ts';
import type { Clock } from '../clock.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import type { SandboxCheckout } from './sandbox-checkout.ts';

const ActionSchema = z.object({ action: z.enum(['pay', 'fail'], { error: 'Choose Pay or Fail.' }), bank: z.string().max(60).optional() });

/**
 * The local sandbox checkout's page (issue 40), mounted only when it is on: GET shows a bill with a bank choice and
 * Pay / Fail; POST sends the bill's signed callback through `dispatch` to /api/payments/sandbox/callback, the route
 * Billplz's callbacks take, then sends the buyer back as Billplz does. The form needs no CSRF token (csrf.ts): the bill
 * id is signed, and the callback is what decides.
 */
export function sandboxCheckoutRoutes(clock: Clock, sandbox: SandboxCheckout, dispatch: (request: Request) => Response | Promise<Response>) {
  const billOf = (id: string) => sandbox.bill(id) ?? (() => { throw notFound('no_such_sandbox_bill'); })();
  return new Hono<ApiEnv>()
    .get('/payments/sandbox/bills/:bill', (c) => c.html(sandbox.page(billOf(c.req.param('bill'))), 200, { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }))
    .post('/payments/sandbox/bills/:bill', limitBody(2048), async (c) => {
      const bill = billOf(c.req.param('bill'));
      const { action } = parseInput(ActionSchema, Object.fromEntries(new URLSearchParams(await c.req.text())));
      const { callback, back } = sandbox.settle(bill, action, new Date(clock.now()));
      const answer = await dispatch(new Request(new URL('/api/payments/sandbox/callback', c.req.url), {
        method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: callback,
      }));
      if (!answer.ok) throw new AppError('sandbox_callback_refused', { status: answer.status });
      return c.redirect(back, 303);
    });
}
