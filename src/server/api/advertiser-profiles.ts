import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { TrialRequestSchema, NewProfileSchema } from '../../shared/schemas/advertiser.ts';
import { ownedProfile } from '../advertiser/access.ts';
import { say } from '../../shared/said.ts';
import { createProfile, editProfile, profileForEditor } from '../advertiser/profiles.ts';
import { versionOf, versionTag } from '../advertiser/versions.ts';
import { startTrial } from '../billing/index.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { parseInput } from '../errors.ts';
import { limitRoute } from '../rate-limits.ts';
import { confirmPhone, requestSsmVerification, sendPhoneCode, verificationState } from '../trust/verifications.ts';
import { storeDocument, withMultipart } from '../uploads/pipeline.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, pathId } from './advertiser-access.ts';
import { answer, requestClient, type ApiEnv } from './env.ts';

/**
 * Businesses on the advertiser site's API (issue 25), under /api/advertiser behind signedIn: the owner's businesses,
 * a new one, its editor view and merge-patch edits (versioned by ETag), its verifications (issue 45) and its trial.
 */
export function profileRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();
  // Businesses.
  api.get('/profiles', async (c) => {
    const actor = await advertiserOf(app, c);
    const profiles = await app.repos.advertiser.findOwnedProfiles(actor.id);
    return answer(c, { data: await Promise.all(profiles.map((profile) => profileForEditor(app, profile))) });
  });
  api.post('/profiles', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    return answer(c, { data: await createProfile(app, actor, parseInput(NewProfileSchema, await jsonBody(c))) }, 201);
  });
  // A business's editor view carries its version as the ETag; a PATCH is a JSON Merge Patch carrying it back (If-Match).
  // A business's verifications (issue 45): each badge's state, and the SSM request (multipart: company_no, certificate).
  api.get('/profiles/:id/verifications', async (c) => answer(c, { data: await verificationState(app, await advertiserOf(app, c), pathId(c)) }));
  api.post('/profiles/:id/verifications/phone', limitBody(1024), async (c) => {
    const { status, ...result } = await sendPhoneCode(app, await advertiserOf(app, c), pathId(c), await jsonBody(c), requestClient(c));
    return answer(c, result, status === 201 ? 201 : 200);
  });
  api.post('/profiles/:id/verifications/phone/confirm', limitBody(1024), async (c) => answer(c, await confirmPhone(app, await advertiserOf(app, c), pathId(c), await jsonBody(c)), 201));
  api.post('/profiles/:id/verifications/ssm', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c) => {
    const actor = await advertiserOf(app, c);
    const profileId = pathId(c);
    await ownedProfile(app, actor, profileId);
    const result = await withMultipart(app, c.req.raw, { field: 'certificate', kind: 'ssm_certificate', maxFiles: 1 }, async ({ fields, files }) => {
      const stored = files[0] ? await storeDocument(app, userUploadOwner(actor.id), files[0], 'certificate', 'ssm_certificate') : undefined;
      return requestSsmVerification(app, actor, profileId, fields, stored?.id);
    });
    return answer(c, result, 201);
  });
  api.get('/profiles/:id', async (c) => {
    const actor = await advertiserOf(app, c);
    const data = await profileForEditor(app, await ownedProfile(app, actor, pathId(c)));
    return answer(c, { data }, 200, { ETag: versionTag(data.version) });
  });
  api.patch('/profiles/:id', limitBody(), async (c) => {
    const actor = await advertiserOf(app, c);
    const id = pathId(c);
    const version = versionOf(c.req.header('If-Match'));
    const data = await editProfile(app, actor, id, await jsonBody(c), version);
    return answer(c, { data }, 200, { ETag: versionTag(data.version) });
  });
  api.post('/profiles/:id/trial', limitBody(1024), async (c) => {
    const actor = await advertiserOf(app, c);
    const { plan } = parseInput(TrialRequestSchema, await jsonBody(c));
    const subscription = await startTrial(app, actor, pathId(c), plan);
    return answer(c, { data: { plan: subscription.plan, kind: subscription.kind, ends_at: subscription.ends_at, tokens: subscription.tokens, tokens_left: subscription.tokens - subscription.tokens_used }, message: say('api_trial_runs_until', { plan, date: subscription.ends_at.slice(0, 10) }) }, 201);
  });
  return api;
}
