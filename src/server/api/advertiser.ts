import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { dashboard } from '../advertiser/dashboard.ts';
import { removeReviewReply, replyToReview, reviewsToAnswer } from '../advertiser/review-replies.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import { billingRoutes } from './advertiser-billing.ts';
import { claimRoutes } from './advertiser-claims.ts';
import { insightRoutes } from './advertiser-insights.ts';
import { leadRoutes } from './advertiser-leads.ts';
import { postRoutes } from './advertiser-posts.ts';
import { profileRoutes } from './advertiser-profiles.ts';
import { answer, signedIn, type ApiEnv } from './env.ts';
import { say } from '../../shared/said.ts';

/**
 * The advertiser site's API (issue 25), under /api/advertiser: claims, businesses, ads and the trial. Every route
 * is for signed-in advertisers; another advertiser's ids are 404s (advertiser/access.ts). Never cached (app.ts).
 */
export function advertiserRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();
  api.use('*', signedIn);
  api.route('/', leadRoutes(app));
  api.route('/', insightRoutes(app));
  api.route('/', billingRoutes(app));
  api.route('/', claimRoutes(app));
  api.route('/', profileRoutes(app));
  api.route('/', postRoutes(app));
  api.get('/dashboard', async (c) => answer(c, { data: await dashboard(app, await advertiserOf(app, c)) }));

  // Answers to the reviews of one's listings (issue 26).
  api.get('/reviews', async (c) => answer(c, { data: await reviewsToAnswer(app, await advertiserOf(app, c)) }));
  api.post('/reviews/:id/reply', limitBody(8 * 1024), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const { first, reply } = await replyToReview(app, actor, id, await jsonBody(c));
    return answer(c, { data: reply, message: first ? 'Your answer is posted.' : 'Your answer is updated.' }, first ? 201 : 200);
  });
  api.delete('/reviews/:id/reply', async (c) => {
    await removeReviewReply(app, await advertiserOf(app, c), pathId(c));
    return answer(c, { message: say('api_answer_removed') });
  });
  return api;
}
