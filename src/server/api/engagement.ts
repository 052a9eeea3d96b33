import { randomBytes } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { Hono } from 'hono';
import { z } from 'zod';
import { ListingRefTypeSchema } from '../../shared/schemas/catalog.ts';
import { AppealConfirmSchema } from '../../shared/schemas/engagement.ts';
import type { AppContext } from '../app-types.ts';
import { clickVisitor, recordClicks } from '../engagement/analytics.ts';
import { listFollows, toggleFollow } from '../engagement/follows.ts';
import { limitRoute } from '../rate-limits.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { ownReview, writeReview } from '../engagement/reviews.ts';
import { uploadRoute } from './uploads.ts';
import { APPEAL_THANKS, confirmAppeal, submitAppeal } from '../engagement/appeals.ts';
import { CONTACT_THANKS, submitContactMessage, submitReport } from '../engagement/messages.ts';
import { parseInput } from '../errors.ts';
import { jsonBody, jsonValue, limitBody } from './body.ts';
import { answer, requestClient, requireUserId, signedIn, type ApiEnv } from './env.ts';
import { PageQuerySchema } from './listings.ts';
import { say } from '../../shared/said.ts';

/** A page view beacon: which post or profile a person opened. */
const ViewSchema = z.object({
  type: ListingRefTypeSchema,
  id: z.number().int().positive(),
});

/**
 * The first-party cookie naming a device for the review filter. It was `yp_device` (Path=/) until the sign-in's device
 * cookie took that name on /api/auth (probe finding 17): an old one of its form is still read, once, and moved here.
 */
const REVIEWER_COOKIE = 'yp_reviewer';
const OLD_REVIEWER_COOKIE = 'yp_device';
const REVIEWER_DEVICE = /^[A-Za-z0-9_-]{16,64}$/;

/** POST contact, POST reportissue, POST views (the detail and profile pages' view beacon), POST and GET follow, POST review and review/image. */
export function engagementRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .post('/review/image', signedIn, ...uploadRoute(app, { field: 'image', kind: 'image', owner: (c) => userUploadOwner(requireUserId(c)) }))
    .get('/review/mine', signedIn, async (c) => answer(c, { data: await ownReview(app, requireUserId(c), c.req.query()) }))
    .post('/review', limitBody(), async (c) => {
      const userId = requireUserId(c);
      // A first-party device cookie (issue 45): reviewers of one listing sharing a device is a signal of the review
      // filter; only its hash is stored.
      let device = getCookie(c, REVIEWER_COOKIE);
      if (!device || !REVIEWER_DEVICE.test(device)) {
        const old = getCookie(c, OLD_REVIEWER_COOKIE);
        device = old && REVIEWER_DEVICE.test(old) ? old : randomBytes(18).toString('base64url');
        if (old && REVIEWER_DEVICE.test(old)) deleteCookie(c, OLD_REVIEWER_COOKIE, { path: '/' });
        setCookie(c, REVIEWER_COOKIE, device, { path: '/', httpOnly: true, sameSite: 'Lax', secure: app.config.siteUrl.startsWith('https:'), maxAge: 400 * 24 * 60 * 60 });
      }
      return answer(c, await writeReview(app, userId, await jsonBody(c), requestClient(c), device), 201);
    })
    .post('/appeal', limitBody(), async (c) => {
      await submitAppeal(app, await jsonBody(c), requestClient(c));
      return answer(c, { message: APPEAL_THANKS }, 201);
    })
    .post('/appeal/confirm', limitBody(), async (c) => {
      const { token } = parseInput(AppealConfirmSchema, await jsonBody(c));
      return answer(c, await confirmAppeal(app, token));
    })
    .post('/contact', limitBody(), async (c) => {
      await submitContactMessage(app, await jsonBody(c), requestClient(c));
      return answer(c, { message: CONTACT_THANKS }, 201);
    })
    .post('/reportissue', limitBody(), async (c) => {
      // A signed-in person's report names them (the operators see who reported).
      await submitReport(app, await jsonBody(c), requestClient(c), c.get('session')?.user_id ?? null);
      return answer(c, { message: say('api_report_logged') }, 201);
    })
    .post('/follow', limitBody(1024), async (c) => {
      const userId = requireUserId(c);
      return answer(c, await toggleFollow(app, userId, await jsonBody(c)));
    })
    .get('/follow', async (c) => {
      const userId = requireUserId(c);
      const { page } = parseInput(PageQuerySchema, { page: c.req.query('page') });
      return answer(c, await listFollows(app, userId, page));
    })
    // Token-free (navigator.sendBeacon cannot send headers): it only adds to counters.
    .post('/analytics', limitRoute<ApiEnv>(app.limits, 'analytics', requestClient), limitBody(16 * 1024), async (c) => {
      await recordClicks(app, await jsonValue(c), clickVisitor(requestClient(c), c.req.query('device')));
      return c.body(null, 204);
    })
    .post('/views', limitBody(1024), async (c) => {
      const listing = parseInput(ViewSchema, await jsonBody(c));
      // Counted in memory (once per client, listing and day; bots skipped) and written in batches.
      const counted = app.views.record(listing, requestClient(c), c.req.header('user-agent'));
      return c.body(null, counted ? 202 : 204);
    });
}
