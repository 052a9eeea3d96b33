import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { downloadResponse } from '../media/download.ts';
import { approveClaim, claimDocument, listClaims, refuseClaim } from '../operator/claims.ts';
import { approveProfileChange, listProfileChanges, refuseProfileChange } from '../operator/profile-changes.ts';
import { restoreUser, suspendUser } from '../operator/suspensions.ts';
import { searchUsers, userPage } from '../operator/users.ts';
import { decideVerification, listVerifications, verificationDocument, type VerificationDecision } from '../operator/verifications.ts';
import { jsonBody, limitBody } from './body.ts';
import { pathId } from './advertiser-access.ts';
import { answer, type ApiEnv } from './env.ts';
import { operatorOf } from './operator-access.ts';

/**
 * The console's queues about who owns and runs what (issue 28, 45), under /api/operator behind the operator gate:
 * claims, SSM verifications, profile changes, and the accounts (found, opened, suspended, restored).
 */
export function ownerRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    .get('/claims', async (c) => answer(c, { data: await listClaims(app) }))
    .get('/claims/:id/document', async (c) => {
      const { actor, client } = operatorOf(c);
      return downloadResponse(await claimDocument(app, actor, client, pathId(c)));
    })
    .post('/claims/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await approveClaim(app, actor, session, client, pathId(c)));
    })
    .post('/claims/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await refuseClaim(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .get('/verifications', async (c) => answer(c, { data: await listVerifications(app, c.req.query('status')) }))
    .get('/verifications/:id{[0-9]+}/document', async (c) => {
      const { actor, client } = operatorOf(c);
      return downloadResponse(await verificationDocument(app, actor, client, pathId(c)));
    })
    .post('/verifications/:id{[0-9]+}/:decision{approve|refuse|revoke}', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await decideVerification(app, actor, session, client, pathId(c), c.req.param('decision') as VerificationDecision, await jsonBody(c)));
    })
    .get('/users', async (c) => answer(c, { data: await searchUsers(app, c.req.query()) }))
    .get('/users/:id', async (c) => {
      const { actor, client } = operatorOf(c);
      return answer(c, { data: await userPage(app, actor, client, pathId(c)) });
    })
    .post('/users/:id/suspend', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await suspendUser(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
    .post('/users/:id/restore', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await restoreUser(app, actor, session, client, pathId(c)));
    })
    .get('/profile-changes', async (c) => answer(c, { data: await listProfileChanges(app) }))
    .post('/profile-changes/:id/approve', async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await approveProfileChange(app, actor, session, client, pathId(c)));
    })
    .post('/profile-changes/:id/refuse', limitBody(4096), async (c) => {
      const { actor, session, client } = operatorOf(c);
      return answer(c, await refuseProfileChange(app, actor, session, client, pathId(c), await jsonBody(c)));
    })
;
}
