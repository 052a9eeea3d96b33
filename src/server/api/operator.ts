import { Hono, type Context } from 'hono';
import type { AppContext } from '../app-types.ts';
import { downloadResponse } from '../media/download.ts';
import { reauthenticate, requireOperator } from '../operator/access.ts';
import { auditCsv, listAudit } from '../operator/audit.ts';
import { approveClaim, claimDocument, listClaims, refuseClaim } from '../operator/claims.ts';
import { approveAd, heldAdDetail, listHeldAds, refuseAd, setAdCategory } from '../operator/held-ads.ts';
import { dismissReports, listHeldReviews, listReportGroups, moderateListing, moderateReview, type ModerationAction, type ReviewAction } from '../operator/moderation.ts';
import { listUnpaidInvoices, markInvoicePaid, queueCounts } from '../operator/payments.ts';
import { listRefunds, markRefunded } from '../billing/index.ts';
import { requireFreshProof } from '../operator/access.ts';
import { approveProfileChange, listProfileChanges, refuseProfileChange } from '../operator/profile-changes.ts';
import { restoreUser, suspendUser } from '../operator/suspensions.ts';
import { hideConversationMessage, reportedConversation } from '../operator/conversations.ts';
import { decideVerification, listVerifications, verificationDocument, type VerificationDecision } from '../operator/verifications.ts';
import { conversationImage } from '../conversations/safety.ts';
import { searchUsers, userPage } from '../operator/users.ts';
import { listingPage, searchListings } from '../operator/listings.ts';
import { jsonBody, limitBody } from './body.ts';
import { pathId } from './advertiser-access.ts';
import { requestClient, type ApiEnv } from './env.ts';

/** The operator the console's gate found (one read of the role per request), with the session and client each action records. */
function operatorOf(c: Context<ApiEnv>) {
  return { actor: c.get('operator')!, session: c.get('session')!, client: requestClient(c) };
}

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
      return c.json({ data: await reauthenticate(app, session, client, await jsonBody(c)) });
    })
    .get('/queues', async (c) => c.json({ data: await queueCounts(app) }))
    .get('/claims', async (c) => c.json({ data: await listClaims(app) }))
    .get('/claims/:id/document', async (c) => {
      const { actor, client } = operatorOf(c);
      return downloadResponse(await claimDocument(app, actor, client, pathId(c)));
    })
    .post('/claims/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await approveClaim(app, actor, session, client, pathId(c)));
    })
    .post('/claims/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await refuseClaim(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .get('/verifications', async (c) => c.json({ data: await listVerifications(app, c.req.query('status')) }))
    .get('/verifications/:id{[0-9]+}/document', async (c) => {
      const { actor, client } = operatorOf(c);
      return downloadResponse(await verificationDocument(app, actor, client, pathId(c)));
    })
    .post('/verifications/:id{[0-9]+}/:decision{approve|refuse|revoke}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await decideVerification(app, actor, session, client, pathId(c), c.req.param('decision') as VerificationDecision, await jsonBody(c)));
    })
    .get('/reports', async (c) => c.json({ data: await listReportGroups(app) }))
    .post('/reports/:group/dismiss', limitBody(4096), async (c) => {
      const { actor, client } = operatorOf(c);
      return c.json(await dismissReports(app, actor, client, c.req.param('group'), await jsonBody(c)));
    })
    .get('/conversations/:id{[0-9]+}', async (c) => {
      const { actor, client } = operatorOf(c);
      return c.json({ data: await reportedConversation(app, actor, client, pathId(c)) });
    })
    .get('/conversations/:id{[0-9]+}/media/:media{[0-9]+}/:variant{thumbnail|full}', async (c) =>
      conversationImage(app, operatorOf(c).actor.id, pathId(c), Number(c.req.param('media')), c.req.param('variant') as 'thumbnail' | 'full', true))
    .post('/conversations/:id{[0-9]+}/messages/:mid{[0-9]+}/hide', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await hideConversationMessage(app, actor, session, client, pathId(c), Number(c.req.param('mid')), await jsonBody(c)));
    })
    .get('/listings', async (c) => c.json({ data: await searchListings(app, c.req.query()) }))
    .get('/listings/:type/:id', async (c) => c.json({ data: await listingPage(app, c.req.param('type'), pathId(c)) }))
    .post('/listings/:type/:id/:action{hide|unhide|remove}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await moderateListing(app, actor, session, client, c.req.param('type'), pathId(c), c.req.param('action') as ModerationAction, await jsonBody(c)));
    })
    .get('/reviews', async (c) => c.json({ data: await listHeldReviews(app) }))
    .post('/reviews/:id/:action{publish|hide|unhide|remove}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await moderateReview(app, actor, session, client, pathId(c), c.req.param('action') as ReviewAction, await jsonBody(c)));
    })
    .get('/users', async (c) => c.json({ data: await searchUsers(app, c.req.query()) }))
    .get('/users/:id', async (c) => {
      const { actor, client } = operatorOf(c);
      return c.json({ data: await userPage(app, actor, client, pathId(c)) });
    })
    .post('/users/:id/suspend', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await suspendUser(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .post('/users/:id/restore', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await restoreUser(app, actor, session, client, pathId(c)));
    })
    .get('/ads', async (c) => c.json({ data: await listHeldAds(app) }))
    .get('/ads/:id', async (c) => c.json({ data: await heldAdDetail(app, pathId(c)) }))
    .post('/ads/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await approveAd(app, actor, session, client, pathId(c)));
    })
    .post('/ads/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await refuseAd(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .post('/ads/:id/category', limitBody(1024), async (c) => {
      const { actor, client } = operatorOf(c);
      return c.json(await setAdCategory(app, actor, client, pathId(c), await jsonBody(c)));
    })
    .get('/profile-changes', async (c) => c.json({ data: await listProfileChanges(app) }))
    .post('/profile-changes/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await approveProfileChange(app, actor, session, client, pathId(c)));
    })
    .post('/profile-changes/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await refuseProfileChange(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .get('/payments', async (c) => c.json({ data: await listUnpaidInvoices(app) }))
    .get('/refunds', async (c) => c.json({ data: await listRefunds(app) }))
    .post('/refunds/:id/refunded', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      requireFreshProof(app, session);
      return c.json(await markRefunded(app, actor, client, pathId(c), await jsonBody(c)));
    })
    .post('/invoices/:id/mark-paid', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return c.json(await markInvoicePaid(app, actor, session, client, pathId(c)));
    })
    .get('/audit', async (c) => c.json(await listAudit(app, c.req.query())))
    .get('/audit.csv', async (c) => new Response(await auditCsv(app, c.req.query()), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit.csv"', 'Cache-Control': 'private, no-store' },
    }));
}
