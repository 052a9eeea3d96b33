import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { z } from 'zod';
import { NewPostSchema } from '../../shared/schemas/advertiser.ts';
import { confidentialNeighbours, createPost, editPost, getPost, listPosts, publishPost, quotePost, removePost, renewPost } from '../advertiser/posts.ts';
import { versionOf, versionTag } from '../advertiser/versions.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { parseInput } from '../errors.ts';
import { limitRoute } from '../rate-limits.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import { answer, requestClient, requireUserId, type ApiEnv } from './env.ts';
import { uploadRoute } from './uploads.ts';
import { say } from '../../shared/said.ts';

/**
 * An ad's answer: with the invoice to pay, the checks that hold it for review (issue 28), or the quote to confirm
 * (issue 39: a draft saved with `publish` whose publishing costs), when there are.
 */
const withPayment = <T>(result: { post: T; payment?: { amount_sen: number; message: string }; held?: { checks: string[]; message: string }; quote?: { message: string } }) => (result.payment
  ? { data: result.post, payment_required: result.payment, message: result.payment.message }
  : result.held ? { data: result.post, held: result.held, message: result.held.message }
    : result.quote ? { data: result.post, quote: result.quote, message: say('api_saved_as_draft') } : { data: result.post });

/** `{"confirm": true}` in a publish or renew: the person saw the quote and agrees to what it costs. */
const ConfirmSchema = z.object({ confirm: z.boolean({ error: say('form_confirm_true_or_false') }).optional() }).loose();
async function confirmOf(c: Parameters<typeof jsonBody>[0]): Promise<{ confirm: boolean }> {
  // A bodiless POST (no Content-Type) is `{}`: not confirmed.
  const body = c.req.header('Content-Type') || (await c.req.raw.clone().text()).trim() !== '' ? await jsonBody(c) : {};
  return { confirm: parseInput(ConfirmSchema, body).confirm === true };
}

/**
 * Ads on the advertiser site's API (issues 25, 39), under /api/advertiser behind signedIn: their photos, documents and
 * videos (uploaded first, then named by the ad), the owner's ads, one ad (versioned by ETag), its removal, and what
 * publishing or renewing it costs and does.
 */
export function postRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();
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
  api.get('/posts', async (c) => answer(c, { data: await listPosts(app, await advertiserOf(app, c)) }));
  api.post('/posts', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const body = await jsonBody(c);
    const flags = typeof body === 'object' && body !== null ? body as { publish?: unknown; confirm?: unknown } : {};
    const result = await createPost(app, actor, parseInput(NewPostSchema, body), flags.publish === true ? { confirm: flags.confirm === true } : null);
    return answer(c, withPayment(result), 201);
  });
  // An ad's view carries its version as the ETag; a PATCH is a JSON Merge Patch carrying it back (If-Match).
  api.get('/posts/neighbours', async (c) => answer(c, { data: await confidentialNeighbours(app, await advertiserOf(app, c), c.req.query()) }));
  api.get('/posts/:id', async (c) => {
    const data = await getPost(app, await advertiserOf(app, c), pathId(c));
    return answer(c, { data }, 200, { ETag: versionTag(data.version) });
  });
  api.patch('/posts/:id', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const version = versionOf(c.req.header('If-Match'));
    const result = await editPost(app, actor, id, await jsonBody(c), version);
    return answer(c, withPayment(result), 200, { ETag: versionTag(result.post.version) });
  });
  api.delete('/posts/:id', async (c) => answer(c, { data: await removePost(app, await advertiserOf(app, c), pathId(c)), message: say('form_ad_was_removed') }));
  api.get('/posts/:id/publish-quote', async (c) => answer(c, { data: await quotePost(app, await advertiserOf(app, c), pathId(c)) }));
  api.post('/posts/:id/publish', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    return answer(c, withPayment(await publishPost(app, actor, pathId(c), await confirmOf(c))));
  });
  api.post('/posts/:id/renew', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    return answer(c, withPayment(await renewPost(app, actor, pathId(c), await confirmOf(c))));
  });
  return api;
}
