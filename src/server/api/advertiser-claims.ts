import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import { z } from 'zod';
import { ClaimRequestSchema, ClaimVerifySchema } from '../../shared/schemas/advertiser.ts';
import { actorOf } from '../accounts/accounts.ts';
import { claimOptions, startCodeClaim, startDocumentClaim, verifyClaim } from '../advertiser/claims.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { parseInput, invalid } from '../errors.ts';
import { limitRoute } from '../rate-limits.ts';
import { storeDocument, withMultipart } from '../uploads/pipeline.ts';
import { jsonBody, limitBody } from './body.ts';
import { advertiserOf, IdSchema, pathId } from './advertiser-access.ts';
import { answer, requestClient, requireUserId, type ApiEnv } from './env.ts';

/**
 * Claims on the advertiser site's API (issue 25), under /api/advertiser behind signedIn: where a code can go (masked),
 * a claim by code or by document, and the code's check.
 */
export function claimRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();
  // Claims: where a code can go (masked), a claim by code or by document, and the code's check.
  // A member may claim by SMS (issue 40: the code makes them an advertiser); every other claim needs the role.
  api.get('/claims/options', async (c) => {
    await actorOf(app, requireUserId(c));
    const { profile_id: profileId } = parseInput(z.object({ profile_id: IdSchema }), { profile_id: c.req.query('profile_id') });
    return answer(c, { data: await claimOptions(app, profileId) });
  });
  api.post('/claims', limitRoute<ApiEnv>(app.limits, 'upload', requestClient), async (c) => {
    if (/^multipart\/form-data/i.test(c.req.header('Content-Type') ?? '')) {
      const actor = await advertiserOf(app, c);
      const claim = await withMultipart(app, c.req.raw, { field: 'document', kind: 'certificate', maxFiles: 1 }, async ({ fields, files }) => {
        const request = parseInput(ClaimRequestSchema, fields);
        if (request.method !== 'document') throw invalid('method', 'send_code_claim_json');
        const file = files[0];
        if (!file) throw invalid('document', 'attach_document');
        const stored = await storeDocument(app, userUploadOwner(actor.id), file, 'document', 'certificate');
        return startDocumentClaim(app, actor, request.profile_id, stored.id);
      });
      return answer(c, { data: claim, message: claim.message }, 201);
    }
    const request = parseInput(ClaimRequestSchema, await jsonBody(c));
    if (request.method === 'document') throw invalid('document', 'send_document_multipart');
    const claim = await startCodeClaim(app, await actorOf(app, requireUserId(c)), { profileId: request.profile_id, method: request.method, target: request.target, client: requestClient(c) });
    return answer(c, { data: claim, message: claim.message }, 201);
  });
  api.post('/claims/:id/verify', limitBody(1024), async (c) => {
    const actor = await actorOf(app, requireUserId(c));
    const { code } = parseInput(ClaimVerifySchema, await jsonBody(c));
    const { message, ...claim } = await verifyClaim(app, actor, pathId(c), code);
    return answer(c, { data: claim, message });
  });
  return api;
}
