/**
 * Claims waiting on a document (issue 28): the operator views the private file (audited), then approves (the
 * business gets its owner, as a code claim would give it) or refuses with a reason; the claimant is mailed either way.
 */
import { z } from 'zod';
import { absoluteUrl } from '../../shared/urls.ts';
import { appealLine } from '../accounts/suspension.ts';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Actor } from '../policies.ts';
import { privateDownload, type Download } from '../uploads/media-files.ts';
import { accountNames, requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { say } from '../../shared/said.ts';

export const ReasonSchema = z.object({ reason: z.string({ error: 'Give a reason.' }).trim().min(3, 'Give a reason.').max(1000) });

/** GET claims: document claims waiting, oldest first. */
export async function listClaims(app: AppContext) {
  const claims = await app.repos.operator.findDocumentClaims(200);
  const name = await accountNames(app, claims.map((claim) => claim.user_id));
  return claims.map((claim) => ({
    id: claim.id, profile: { id: claim.profile_id, name: claim.profile_name, slug: claim.profile_slug }, user_id: claim.user_id, user_name: name(claim.user_id),
    created_at: claim.created_at, document: claim.document_file ? { name: claim.document_name, url: `/api/operator/claims/${claim.id}/document` } : null,
  }));
}

async function pendingClaim(app: AppContext, id: number) {
  const claim = await app.repos.advertiser.findClaim(id);
  if (!claim || claim.method !== 'document') throw notFound('no_such_claim');
  return claim;
}

/** GET claims/{id}/document: the private file, for operators only; each opening is audited. */
export async function claimDocument(app: AppContext, actor: Actor, client: string, id: number): Promise<Download> {
  await pendingClaim(app, id);
  const document = await app.repos.operator.findClaimDocument(id);
  if (!document) throw notFound('document_gone');
  await audit(app.repos, actor, client, { action: 'claim.document.view', target: { type: 'claim', id } });
  return privateDownload(app, document, 'document_gone');
}

async function mailClaimant(app: AppContext, userId: number, subject: string, lines: string[]) {
  const user = await app.repos.users.findUser(userId);
  return user?.email ? composeMail(user.email, subject, lines, [], user.locale) : undefined;
}

/** POST claims/{id}/approve: the claimant owns the business now (unless someone else does already). */
export async function approveClaim(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const claim = await pendingClaim(app, id);
  if (claim.status !== 'pending') throw invalid('claim', 'claim_decided_already');
  const profile = (await app.repos.advertiser.findProfile(claim.profile_id))!;
  const mail = await mailClaimant(app, claim.user_id, say('mail_claim_approved_subject', { name: profile.name }), [
    say('mail_claim_approved', { name: profile.name }), say('mail_edit_and_post', { url: absoluteUrl(app.config.siteUrl, `/advertiser/profiles/${profile.id}`) }),
  ]);
  await app.repos.transaction(async (tx) => {
    if (!(await tx.advertiser.completeClaim({ id, profileId: claim.profile_id, userId: claim.user_id }))) {
      throw invalid('claim', 'claim_owner_already');
    }
    await tx.operator.recordClaimDecision(id, actor.id);
    await audit(tx, actor, client, { action: 'claim.approve', target: { type: 'claim', id }, before: { status: 'pending', profile_id: claim.profile_id }, after: { status: 'verified', owner_user_id: claim.user_id } });
    if (mail) await app.outbox.queueMail(mail, { tx });
  });
  return { data: { id, status: 'verified' as const }, message: `${profile.name} now belongs to the claimant.` };
}

/** POST claims/{id}/refuse {reason}: the claim ends; the claimant is told why. */
export async function refuseClaim(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  const { reason } = parseInput(ReasonSchema, input);
  requireFreshProof(app, session);
  const claim = await pendingClaim(app, id);
  const profile = (await app.repos.advertiser.findProfile(claim.profile_id))!;
  const mail = await mailClaimant(app, claim.user_id, say('mail_claim_refused_subject', { name: profile.name }), [
    say('mail_claim_refused', { name: profile.name, reason }), say('mail_claim_again'), appealLine(app.config),
  ]);
  await app.repos.transaction(async (tx) => {
    if (!(await tx.operator.refuseClaim(id, actor.id, reason))) throw invalid('claim', 'claim_decided_already');
    await audit(tx, actor, client, { action: 'claim.refuse', target: { type: 'claim', id }, reason, before: { status: 'pending' }, after: { status: 'rejected' } });
    if (mail) await app.outbox.queueMail(mail, { tx });
  });
  return { data: { id, status: 'rejected' as const }, message: 'The claim is refused and the claimant told why.' };
}
