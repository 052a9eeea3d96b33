import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { conversationImage } from '../conversations/safety.ts';
import { hideConversationMessage, reportedConversation } from '../operator/conversations.ts';
import { approveAd, heldAdDetail, listHeldAds, refuseAd, setAdCategory } from '../operator/held-ads.ts';
import { listingPage, searchListings } from '../operator/listings.ts';
import { dismissReports, listHeldReviews, listReportGroups, moderateListing, moderateReview, type ModerationAction, type ReviewAction } from '../operator/moderation.ts';
import { jsonBody, limitBody } from './body.ts';
import { pathId } from './advertiser-access.ts';
import { answer, type ApiEnv } from './env.ts';
import { operatorOf } from './operator-access.ts';

/**
 * The console's moderation (issues 28, 39, 44), under /api/operator behind the operator gate: reports, reported
 * conversations, listings hidden, shown and removed, held reviews, and held ads approved, refused or recategorised.
 */
export function moderationRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/reports', async (c) => answer(c, { data: await listReportGroups(app) }))
    .post('/reports/:group/dismiss', limitBody(4096), async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, await dismissReports(app, actor, client, c.req.param('group'), await jsonBody(c)));
    })
    .get('/conversations/:id{[0-9]+}', async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, { data: await reportedConversation(app, actor, client, pathId(c)) });
    })
    .get('/conversations/:id{[0-9]+}/media/:media{[0-9]+}/:variant{thumbnail|full}', async (c) =>
      conversationImage(app, operatorOf(c).actor.id, pathId(c), Number(c.req.param('media')), c.req.param('variant') as 'thumbnail' | 'full', true))
    .post('/conversations/:id{[0-9]+}/messages/:mid{[0-9]+}/hide', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await hideConversationMessage(app, actor, session, client, pathId(c), Number(c.req.param('mid')), await jsonBody(c)));
    })
    .get('/listings', async (c) => answer(c, { data: await searchListings(app, c.req.query()) }))
    .get('/listings/:type/:id', async (c) => answer(c, { data: await listingPage(app, c.req.param('type'), pathId(c)) }))
    .post('/listings/:type/:id/:action{hide|unhide|remove}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await moderateListing(app, actor, session, client, c.req.param('type'), pathId(c), c.req.param('action') as ModerationAction, await jsonBody(c)));
    })
    .get('/reviews', async (c) => answer(c, { data: await listHeldReviews(app) }))
    .post('/reviews/:id/:action{publish|hide|unhide|remove}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await moderateReview(app, actor, session, client, pathId(c), c.req.param('action') as ReviewAction, await jsonBody(c)));
    })
    .get('/ads', async (c) => answer(c, { data: await listHeldAds(app) }))
    .get('/ads/:id', async (c) => answer(c, { data: await heldAdDetail(app, pathId(c)) }))
    .post('/ads/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await approveAd(app, actor, session, client, pathId(c)));
    })
    .post('/ads/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await refuseAd(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .post('/ads/:id/category', limitBody(1024), async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, await setAdCategory(app, actor, client, pathId(c), await jsonBody(c)));
    });
}
