import { Hono } from 'hono';
import { downloadResponse } from '../media/download.ts';
import { cancelDeletion, downloadCv, requestDeletion, updateAccount, updateResume, uploadCv, uploadPhoto } from '../accounts/settings.ts';
import type { AppContext } from '../app-types.ts';
import { limitRoute } from '../rate-limits.ts';
import { jsonBody, limitBody } from './body.ts';
import { answer, callerOf, requestClient, requireUserId, signedIn, type ApiEnv } from './env.ts';

/** The account-settings calls of spec §7 (issue 13): everything about the signed-in person, never cached (app.ts). */
export function accountSettingsRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();
  api.patch('/account', limitBody(), async (c) => {
    const userId = requireUserId(c);
    return answer(c, await updateAccount(app, userId, await jsonBody(c), callerOf(c)));
  });
  const resume = limitBody();
  api.patch('/account/detail', resume, async (c) => {
    const userId = requireUserId(c);
    return answer(c, await updateResume(app, userId, await jsonBody(c)));
  });
  api.post('/account/job_detail', resume, async (c) => {
    const userId = requireUserId(c);
    return answer(c, await updateResume(app, userId, await jsonBody(c)));
  });
  // Signed in first: a signed-out caller's 401 never spends the address's upload budget (security probe item 14).
  const uploads = [signedIn, limitRoute<ApiEnv>(app.limits, 'upload', requestClient)] as const;
  api.post('/account/photo', ...uploads, async (c) => answer(c, await uploadPhoto(app, requireUserId(c), c.req.raw)));
  api.post('/account/cv', ...uploads, async (c) => answer(c, await uploadCv(app, requireUserId(c), c.req.raw)));
  api.get('/account/cv', async (c) => downloadResponse(await downloadCv(app, requireUserId(c))));
  api.put('/account/pending-delete', async (c) => {
    const userId = requireUserId(c);
    return answer(c, await requestDeletion(app, userId, callerOf(c)));
  });
  api.delete('/account/pending-delete', async (c) => answer(c, await cancelDeletion(app, requireUserId(c))));
  return api;
}
