import { Hono } from 'hono';
import { z } from 'zod';
import {
  ClaimRequestSchema, ClaimVerifySchema, NewPostSchema, NewProfileSchema, TrialRequestSchema,
} from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { ownedProfile } from '../advertiser/access.ts';
import { actorOf } from '../accounts/accounts.ts';
import { claimOptions, startCodeClaim, startDocumentClaim, verifyClaim } from '../advertiser/claims.ts';
import { dashboard } from '../advertiser/dashboard.ts';
import { startTrial } from '../billing/index.ts';
import { confidentialNeighbours, createPost, editPost, getPost, listPosts, publishPost, quotePost, removePost, renewPost } from '../advertiser/posts.ts';
import { createProfile, editProfile, profileForEditor } from '../advertiser/profiles.ts';
import { versionOf, versionTag } from '../advertiser/versions.ts';
import { removeReviewReply, replyToReview, reviewsToAnswer } from '../advertiser/review-replies.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { confirmPhone, requestSsmVerification, sendPhoneCode, verificationState } from '../trust/verifications.ts';
import { AppError, parseInput } from '../errors.ts';
import { limitRoute } from '../rate-limits.ts';
import { storeDocument, withMultipart } from '../uploads/pipeline.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, IdSchema, pathId } from './advertiser-access.ts';
import { billingRoutes } from './advertiser-billing.ts';
import { insightRoutes } from './advertiser-insights.ts';
import { leadRoutes } from './advertiser-leads.ts';
import { requestClient, requireUserId, signedIn, type ApiEnv } from './env.ts';
import { uploadRoute } from './uploads.ts';

/**
 * An ad's answer: with the invoice to pay, the checks that hold it for review (issue 28), or the quote to confirm
 * (issue 39: a draft saved with `publish` whose publishing costs), when there are.
 */
const withPayment = <T>(result: { post: T; payment?: { amount_sen: number; message: string }; held?: { checks: string[]; message: string }; quote?: { message: string } }) => (result.payment
  ? { data: result.post, payment_required: result.payment, message: result.payment.message }
  : result.held ? { data: result.post, held: result.held, message: result.held.message }
    : result.quote ? { data: result.post, quote: result.quote, message: `Saved as a draft. ${result.quote.message}` } : { data: result.post });

/** `{"confirm": true}` in a publish or renew: the person saw the quote and agrees to what it costs. */
const ConfirmSchema = z.object({ confirm: z.boolean({ error: 'confirm is true or false.' }).optional() }).loose();
async function confirmOf(c: Parameters<typeof jsonBody>[0]): Promise<{ confirm: boolean }> {
  // A bodiless POST (no Content-Type) is `{}`: not confirmed.
  const body = c.req.header('Content-Type') || (await c.req.raw.clone().text()).trim() !== '' ? await jsonBody(c) : {};
  return { confirm: parseInput(ConfirmSchema, body).confirm === true };
}

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
  api.get('/dashboard', async (c) => c.json({ data: await dashboard(app, await advertiserOf(app, c)) }));

  // Claims: where a code can go (masked), a claim by code or by document, and the code's check.
  // A member may claim by SMS (issue 40: the code makes them an advertiser); every other claim needs the role.
  api.get('/claims/options', async (c) => {
    await actorOf(app, requireUserId(c));
    const { profile_id: profileId } = parseInput(z.object({ profile_id: IdSchema }), { profile_id: c.req.query('profile_id') });
    return c.json({ data: await claimOptions(app, profileId) });
  });
  api.post('/claims', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c) => {
    if (/^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '')) {
      const actor = await advertiserOf(app, c);
      const claim = await withMultipart(app, c.req.raw, { field: 'document', kind: 'certificate', maxFiles: 1 }, async ({ fields, files }) => {
        const request = parseInput(ClaimRequestSchema, fields);
        if (request.method !== 'document') throw new AppError(422, 'Send a code claim as JSON.', { method: ['Send a code claim as JSON.'] });
        const file = files[0];
        if (!file) throw new AppError(422, 'Attach the document.', { document: ['Attach the document.'] });
        const stored = await storeDocument(app, userUploadOwner(actor.id), file, 'document', 'certificate');
        return startDocumentClaim(app, actor, request.profile_id, stored.id);
      });
      return c.json({ data: claim, message: claim.message }, 201);
    }
    const request = parseInput(ClaimRequestSchema, await jsonBody(c));
    if (request.method === 'document') throw new AppError(422, 'Send the document as multipart/form-data in the field document.', { document: ['Attach the document.'] });
    const claim = await startCodeClaim(app, await actorOf(app, requireUserId(c)), { profileId: request.profile_id, method: request.method, target: request.target, client: requestClient(c) });
    return c.json({ data: claim, message: claim.message }, 201);
  });
  api.post('/claims/:id/verify', limitBody(1024), async (c) => {
    const actor = await actorOf(app, requireUserId(c));
    const { code } = parseInput(ClaimVerifySchema, await jsonBody(c));
    const { message, ...claim } = await verifyClaim(app, actor, pathId(c), code);
    return c.json({ data: claim, message });
  });

  // Businesses.
  api.get('/profiles', async (c) => {
    const actor = await advertiserOf(app, c);
    const profiles = await app.repos.advertiser.findOwnedProfiles(actor.id);
    return c.json({ data: await Promise.all(profiles.map((profile) => profileForEditor(app, profile))) });
  });
  api.post('/profiles', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    return c.json({ data: await createProfile(app, actor, parseInput(NewProfileSchema, await jsonBody(c))) }, 201);
  });
  // A business's editor view carries its version as the ETag; a PATCH is a JSON Merge Patch carrying it back (If-Match).
  // A business's verifications (issue 45): each badge's state, and the SSM request (multipart: company_no, certificate).
  api.get('/profiles/:id/verifications', async (c) => c.json({ data: await verificationState(app, await advertiserOf(app, c), pathId(c)) }));
  api.post('/profiles/:id/verifications/phone', limitBody(1024), async (c) => {
    const { status, ...answer } = await sendPhoneCode(app, await advertiserOf(app, c), pathId(c), await jsonBody(c), requestClient(c));
    return c.json(answer, status === 201 ? 201 : 200);
  });
  api.post('/profiles/:id/verifications/phone/confirm', limitBody(1024), async (c) => c.json(await confirmPhone(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)), 201));
  api.post('/profiles/:id/verifications/ssm', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c) => {
    const actor = await advertiserOf(app, c);
    const profileId = pathId(c);
    await ownedProfile(app, actor, profileId);
    const answer = await withMultipart(app, c.req.raw, { field: 'certificate', kind: 'ssm_certificate', maxFiles: 1 }, async ({ fields, files }) => {
      const stored = files[0] ? await storeDocument(app, userUploadOwner(actor.id), files[0], 'certificate', 'ssm_certificate') : undefined;
      return requestSsmVerification(app, actor, profileId, fields, stored?.id);
    });
    return c.json(answer, 201);
  });
  api.get('/profiles/:id', async (c) => {
    const actor = await advertiserOf(app, c);
    const data = await profileForEditor(app, await ownedProfile(app, actor, pathId(c)));
    return c.json({ data }, 200, { ETag: versionTag(data.version) });
  });
  api.patch('/profiles/:id', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const version = versionOf(c.req.header('If-Match'));
    const data = await editProfile(app, actor, id, await jsonBody(c), version);
    return c.json({ data }, 200, { ETag: versionTag(data.version) });
  });
  api.post('/profiles/:id/trial', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    const { plan } = parseInput(TrialRequestSchema, await jsonBody(c));
    const subscription = await startTrial(app, actor, pathId(c), plan);
    return c.json({ data: { plan: subscription.plan, kind: subscription.kind, ends_at: subscription.ends_at, tokens: subscription.tokens, tokens_left: subscription.tokens - subscription.tokens_used }, message: `Your free ${plan} trial runs until ${subscription.ends_at.slice(0, 10)}.` }, 201);
  });

  // Answers to the reviews of one's listings (issue 26).
  api.get('/reviews', async (c) => c.json({ data: await reviewsToAnswer(app, await advertiserOf(app, c)) }));
  api.post('/reviews/:id/reply', limitBody(8 * 1024), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const { first, reply } = await replyToReview(app, actor, id, await jsonBody(c));
    return c.json({ data: reply, message: first ? 'Your answer is posted.' : 'Your answer is updated.' }, first ? 201 : 200);
  });
  api.delete('/reviews/:id/reply', async (c) => {
    await removeReviewReply(app, await advertiserOf(app, c), pathId(c));
    return c.json({ message: 'Your answer is removed.' });
  });

  // Ads, and their photos (uploaded first, then named by the ad).
  api.post('/images', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c, next) => {
    await advertiserOf(app, c);
    return next();
  }, uploadRoute(app, { field: 'image', kind: 'image', maxFiles: 10, owner: (c) => userUploadOwner(requireUserId(c)) })[1]);
  api.post('/documents', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c, next) => {
    await advertiserOf(app, c);
    return next();
  }, uploadRoute(app, { field: 'document', kind: 'document', owner: (c) => userUploadOwner(requireUserId(c)) })[1]);
  api.post('/videos', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c, next) => {
    await advertiserOf(app, c);
    return next();
  }, uploadRoute(app, { field: 'video', kind: 'video', owner: (c) => userUploadOwner(requireUserId(c)) })[1]);
  api.get('/posts', async (c) => c.json({ data: await listPosts(app, await advertiserOf(app, c)) }));
  api.post('/posts', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const body = await jsonBody(c);
    const flags = typeof body === 'object' && body !== null ? body as { publish?: unknown; confirm?: unknown } : {};
    const result = await createPost(app, actor, parseInput(NewPostSchema, body), flags.publish === true ? { confirm: flags.confirm === true } : null);
    return c.json(withPayment(result), 201);
  });
  // An ad's view carries its version as the ETag; a PATCH is a JSON Merge Patch carrying it back (If-Match).
  api.get('/posts/neighbours', async (c) => c.json({ data: await confidentialNeighbours(app, await advertiserOf(app, c), c.req.query()) }));
  api.get('/posts/:id', async (c) => {
    const data = await getPost(app, await advertiserOf(app, c), pathId(c));
    return c.json({ data }, 200, { ETag: versionTag(data.version) });
  });
  api.patch('/posts/:id', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const version = versionOf(c.req.header('If-Match'));
    const result = await editPost(app, actor, id, await jsonBody(c), version);
    return c.json(withPayment(result), 200, { ETag: versionTag(result.post.version) });
  });
  api.delete('/posts/:id', async (c) => c.json({ data: await removePost(app, await advertiserOf(app, c), pathId(c)), message: 'The ad was removed.' }));
  api.get('/posts/:id/publish-quote', async (c) => c.json({ data: await quotePost(app, await advertiserOf(app, c), pathId(c)) }));
  api.post('/posts/:id/publish', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    return c.json(withPayment(await publishPost(app, actor, pathId(c), await confirmOf(c))));
  });
  api.post('/posts/:id/renew', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    return c.json(withPayment(await renewPost(app, actor, pathId(c), await confirmOf(c))));
  });
  return api;
}
