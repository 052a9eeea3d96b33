/**
 * The owner's side of a business's verifications (issue 45, decision 0033): where each badge stands and what it
 * still needs, and the request for the SSM-registered badge (the 12-digit number and the certificate, checked by an
 * operator: SSM offers no public lookup, so `VerificationSource` is the seam a paid lookup would fill).
 */
import { z } from 'zod';
import { parseSsmNumber, SSM_NUMBER_ERROR } from '../../shared/ssm-number.ts';
import { claimTargets } from '../advertiser/claims.ts';
import { ownedProfile } from '../advertiser/access.ts';
import type { AppContext } from '../app-types.ts';
import type { VerificationRow } from '../db/kysely/verifications.ts';
import { AppError, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { approvedSsm, badgeUrl } from './badges.ts';

/**
 * Where an SSM number is checked. Today an operator compares it with the certificate (`manual`: the request waits);
 * a contracted SSM data service would answer at once.
 */
export interface VerificationSource {
  check(number: string, name: string): Promise<'pending' | 'approved' | 'refused'>;
}
export const manualVerification: VerificationSource = { check: async () => 'pending' };

const thisYear = (app: AppContext) => new Date(app.clock.now()).getUTCFullYear();

const SsmRequestSchema = (year: number) => z.object({
  company_no: z.string({ error: SSM_NUMBER_ERROR }).trim().refine((text) => parseSsmNumber(text, year) !== null, SSM_NUMBER_ERROR),
});

/** GET /api/advertiser/profiles/{id}/verifications: each badge's state and what it still needs. */
export async function verificationState(app: AppContext, actor: Actor, profileId: number) {
  const profile = await ownedProfile(app, actor, profileId);
  const rows = await app.repos.verifications.findProfileVerifications(profileId);
  const latest = (kind: VerificationRow['kind']) => rows.find((row) => row.kind === kind);
  const ssm = latest('ssm');
  const approved = approvedSsm(rows, profile.company_no, thisYear(app));
  const listed = (await claimTargets(app, profileId)).filter((target) => target.method === 'sms');
  const provedNumbers = new Set(rows.filter((row) => row.kind === 'phone' && row.status === 'approved').map((row) => row.value));
  const phone = listed.find((target) => provedNumbers.has(target.address));
  return {
    phone_verified: {
      earned: phone !== undefined, url: badgeUrl('phone_verified'),
      targets: listed.map((target) => ({ index: target.index, target: target.masked, verified: provedNumbers.has(target.address) })),
      missing: phone ? null : listed.length === 0 ? 'List a Malaysian mobile number on the business first.' : 'Confirm one of the listed mobile numbers with a code.',
    },
    claimed: { earned: profile.claimed && profile.owner_user_id !== null, url: badgeUrl('claimed'), missing: null },
    ssm_registered: {
      earned: approved !== null, url: badgeUrl('ssm_registered'),
      status: ssm?.status ?? null, company_no: ssm?.value ?? null, year: approved?.year ?? null, reason: ssm?.status === 'refused' || ssm?.status === 'revoked' ? ssm.reason : null,
      missing: approved ? null : ssm?.status === 'pending' ? 'An operator is checking your certificate.' : 'Send the 12-digit SSM number and the certificate.',
    },
    years_in_business: {
      earned: approved !== null && thisYear(app) - approved.year >= 5, verified: approved !== null, url: badgeUrl('years_in_business'),
      missing: approved ? null : 'Years are checked from an approved SSM number; until then the year you stated shows as stated.',
    },
  };
}

/**
 * POST /api/advertiser/profiles/{id}/verifications/ssm (multipart: `company_no`, `certificate`): a request for the
 * SSM-registered badge, 201 pending (the source decides at once when it can). A new request ends the earlier one.
 */
export async function requestSsmVerification(app: AppContext, actor: Actor, profileId: number, fields: Record<string, unknown>, documentId: number | undefined, source: VerificationSource = manualVerification) {
  const profile = await ownedProfile(app, actor, profileId);
  const { company_no: text } = parseInput(SsmRequestSchema(thisYear(app)), fields);
  if (documentId === undefined) throw new AppError(422, 'Attach the SSM certificate or company profile.', { certificate: ['Attach the SSM certificate or company profile.'] });
  const number = parseSsmNumber(text, thisYear(app))!;
  const status = await source.check(number.number, profile.name);
  const id = await app.repos.transaction(async (tx) => {
    await tx.verifications.supersedeVerifications(profileId, 'ssm', 'A new request replaced it.');
    await tx.uploads.attachDocument(documentId);
    return tx.verifications.insertVerification({ profileId, kind: 'ssm', value: number.number, oldValue: number.old, status, documentId, userId: actor.id });
  });
  return { data: { id, kind: 'ssm' as const, company_no: number.number, status }, message: 'Thank you. We will check your certificate and tell you by e-mail.' };
}
