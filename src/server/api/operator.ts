import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { listRefunds, markRefunded } from '../billing/index.ts';
import { reauthenticate, requireFreshProof, requireOperator } from '../operator/access.ts';
import { auditCsv, listAudit } from '../operator/audit.ts';
import { listUnpaidInvoices, markInvoicePaid, queueCounts } from '../operator/payments.ts';
import { jsonBody, limitBody } from './body.ts';
import { pathId } from './advertiser-access.ts';
import { answer, type ApiEnv } from './env.ts';
import { operatorOf } from './operator-access.ts';
import { moderationRoutes } from './operator-moderation.ts';
import { clearReportedDetail, confirmReportedDetail, listReportedDetails } from '../safety/reported-details.ts';
import { ownerRoutes } from './operator-owners.ts';

/**
 * The operator console's API (issue 28), under /api/operator: every route 404s for anyone but an operator (the role
 * read on each request); destructive ones need a proof from the last 15 minutes (`reauth`). Answers are no-store.
 */
export function operatorRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .use(async (c, next) => {
      // 404 for anyone but an operator, before any route runs.
      c.set('operator', await requireOperator(app, c.get('session')));
      await next();
      c.header('Cache-Control', 'private, no-store');
    })
    .post('/reauth', limitBody(2048), async (c) => {
      const { session, client } = operatorOf(c);
      return answer(c, { data: await reauthenticate(app, session, client, await jsonBody(c)) });
    })
    .get('/queues', async (c) => answer(c, { data: await queueCounts(app) }))
    .route('/', ownerRoutes(app))
    .route('/', moderationRoutes(app))
    .get('/payments', async (c) => answer(c, { data: await listUnpaidInvoices(app) }))
    // Payment details reported across conversations (issue 64): the list, and an operator's confirmation or clearing.
    .get('/reported-details', async (c) => answer(c, { data: await listReportedDetails(app.repos) }))
    .post('/reported-details/:id/confirm', limitBody(4096), async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, { data: await confirmReportedDetail(app.repos, actor, client, pathId(c), await jsonBody(c)) });
    })
    .post('/reported-details/:id/clear', limitBody(4096), async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, { data: await clearReportedDetail(app.repos, actor, client, pathId(c), await jsonBody(c)) });
    })
    .get('/refunds', async (c) => answer(c, { data: await listRefunds(app) }))
    .post('/refunds/:id/refunded', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      requireFreshProof(app, session);
      return answer(c, await markRefunded(app, actor, client, pathId(c), await jsonBody(c)));
    })
    .post('/invoices/:id/mark-paid', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await markInvoicePaid(app, actor, session, client, pathId(c)));
    })
    .get('/audit', async (c) => answer(c, await listAudit(app, c.req.query())))
    .get('/audit.csv', async (c) => new Response(await auditCsv(app, c.req.query()), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit.csv"', 'Cache-Control': 'private, no-store' },
    }));
}
