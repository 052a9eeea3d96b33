/**
 * SSM verifications in the operator console (issue 45, decision 0033): requests oldest first; the certificate (each
 * opening audited); approve, refuse or revoke with a reason, each a destructive action (fresh proof), audited as
 * `verification.approve|refuse|revoke` in its transaction, the owner mailed with the appeal address. A refused
 * request keeps its document for the record.
 */
import { parseSsmNumber, SSM_ENTITY_TYPES } from '../../shared/ssm-number.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import { appealLine } from '../accounts/suspension.ts';
import type { AppContext } from '../app-types.ts';
import { profileChanged } from '../changes.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Actor } from '../policies.ts';
import { privateDownload, type Download } from '../uploads/media-files.ts';
import { accountNames, requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { ReasonSchema } from './claims.ts';
import { say } from '../../shared/said.ts';

/**
 * GET /api/operator/verifications?status=pending|approved: SSM requests waiting (or approved, to revoke), oldest first,
 * with the number read and the business's own.
 */
export async function listVerifications(app: AppContext, status: string | undefined) {
  const year = new Date(app.clock.now()).getUTCFullYear();
  const rows = await app.repos.verifications.findSsmVerifications(status === 'approved' ? 'approved' : 'pending', 200);
  const name = await accountNames(app, rows.map((row) => row.user_id));
  return rows.map((row) => {
    const number = parseSsmNumber(row.value, year);
    return {
      id: row.id, profile: { id: row.profile_id, name: row.profile_name, slug: row.profile_slug, company_no: row.profile_company_no },
      company_no: row.value, old_company_no: row.old_value, year: number?.year ?? null, entity: number ? SSM_ENTITY_TYPES[number.entity] : null,
      status: row.status, user_id: row.user_id, user_name: name(row.user_id), created_at: row.created_at,
      document: row.document_id ? { name: row.document_name, url: `/api/operator/verifications/${row.id}/document` } : null,
    };
  });
}

async function verification(app: AppContext, id: number) {
  const row = await app.repos.verifications.findVerification(id);
  if (!row || row.kind !== 'ssm') throw notFound('no_such_verification');
  return row;
}

/** GET /api/operator/verifications/{id}/document: the certificate, for operators only; each opening is audited. */
export async function verificationDocument(app: AppContext, actor: Actor, client: string, id: number): Promise<Download> {
  await verification(app, id);
  const document = await app.repos.verifications.findVerificationDocument(id);
  if (!document) throw notFound('document_gone');
  await audit(app.repos, actor, client, { action: 'verification.document.view', target: { type: 'verification', id } });
  return privateDownload(app, document, 'document_gone');
}

const WORDS = { approve: 'approved', refuse: 'refused', revoke: 'revoked' } as const;
export type VerificationDecision = keyof typeof WORDS;

/**
 * POST /api/operator/verifications/{id}/approve, …/refuse {reason}, …/revoke {reason}: the decision, audited in its
 * transaction with the owner's mail; the profile's cached pages drop at once. Deciding twice is a 422.
 */
export async function decideVerification(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, decision: VerificationDecision, input: unknown) {
  const reason = decision === 'approve' ? null : parseInput(ReasonSchema, input).reason;
  requireFreshProof(app, session);
  const row = await verification(app, id);
  const profile = (await app.repos.advertiser.findProfile(row.profile_id))!;
  const owner = row.user_id === null ? undefined : await app.repos.users.findUser(row.user_id);
  const link = absoluteUrl(app.config.siteUrl, `/advertiser/profiles/${profile.id}`);
  const lines = decision === 'approve'
    ? [say('mail_ssm_approved', { name: profile.name, number: row.value }), link]
    : [say(decision === 'refuse' ? 'mail_ssm_refused' : 'mail_ssm_revoked', { name: profile.name, number: row.value, reason: reason! }), say('mail_ssm_send_again', { url: link }), appealLine(app.config)];
  const status = WORDS[decision];
  await app.repos.transaction(async (tx) => {
    if (!(await tx.verifications.decideVerification(id, status, actor.id, reason))) {
      throw invalid('verification', `verification_cannot_be_${status}`);
    }
    await profileChanged(tx, row.profile_id);
    await audit(tx, actor, client, {
      action: `verification.${decision}`, target: { type: 'verification', id }, reason,
      before: { status: row.status }, after: { status, profile_id: row.profile_id, company_no: row.value },
    });
    if (owner?.email) await app.outbox.queueMail(composeMail(owner.email, say(`mail_ssm_subject_${status}`, { name: profile.name }), lines, [], owner.locale), { tx });
  });
  return { data: { id, status }, message: `The SSM number of ${profile.name} is ${status}.` };
}
