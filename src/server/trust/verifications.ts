/**
 * The owner's side of a business's verifications (issue 45, decision 0033): where each badge stands and what it
 * still needs, and the request for the SSM-registered badge (the 12-digit number and the certificate, checked by an
 * operator: SSM offers no public lookup, so `VerificationSource` is the seam a paid lookup would fill).
 */
import { z } from 'zod';
import { parseSsmNumber, SSM_NUMBER_ERROR } from '../../shared/ssm-number.ts';
import { claimTargets, type ClaimTarget } from '../advertiser/claims.ts';
import { sendCode, useCode } from '../accounts/codes.ts';
import { ownedProfile } from '../advertiser/access.ts';
import type { TrustDeps } from './deps.ts';
import { command } from '../command.ts';
import { profileChanged } from '../changes.ts';
import { parseInput, invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { approvedSsm, badgeUrl, ownerProved } from './badges.ts';
import type { VerificationRow } from '../db/trust-rows.ts';
import { say } from '../../shared/said.ts';

/**
 * Where an SSM number is checked. Today an operator compares it with the certificate (`manual`: the request waits);
 * a contracted SSM data service would answer at once.
 */
export interface VerificationSource {
  check(number: string, name: string): Promise<'pending' | 'approved' | 'refused'>;
}
const manualVerification: VerificationSource = { check: async () => 'pending' };

const thisYear = (app: TrustDeps) => new Date(app.clock.now()).getUTCFullYear();

const SsmRequestSchema = (year: number) => z.object({
  company_no: z.string({ error: SSM_NUMBER_ERROR }).trim().refine((text) => parseSsmNumber(text, year) !== null, SSM_NUMBER_ERROR),
});

/** GET /api/advertiser/profiles/{id}/verifications: each badge's state and what it still needs. */
export async function verificationState(app: TrustDeps, actor: Actor, profileId: number) {
  const profile = await ownedProfile(app, actor, profileId);
  const rows = await app.repos.verifications.findProfileVerifications(profileId);
  const latest = (kind: VerificationRow['kind']) => rows.find((row) => row.kind === kind);
  const ssm = latest('ssm');
  const approved = approvedSsm(rows, profile.company_no, thisYear(app));
  const listed = (await claimTargets(app, profileId)).filter((target) => target.method === 'sms');
  const provedNumbers = new Set(rows.filter((row) => row.kind === 'phone' && row.status === 'approved').map((row) => row.value));
  const phone = listed.find((target) => provedNumbers.has(target.address));
  const claimProved = (await app.repos.advertiser.findClaimsBy(actor.id)).some((claim) => claim.profile_id === profileId && claim.status === 'verified');
  const claimed = profile.claimed && profile.owner_user_id !== null && ownerProved({ claim_proved: claimProved }, phone !== undefined, approved !== null);
  return {
    phone_verified: {
      earned: phone !== undefined, url: badgeUrl('phone_verified'),
      targets: listed.map((target) => ({ index: target.index, target: target.masked, verified: provedNumbers.has(target.address) })),
      missing: phone ? null : listed.length === 0 ? 'List a Malaysian mobile number on the business first.' : 'Confirm one of the listed mobile numbers with a code.',
    },
    claimed: {
      earned: claimed, url: badgeUrl('claimed'),
      missing: claimed ? null : 'Confirm a listed mobile number with a code, or send the SSM number and certificate: a business you created shows "Listed by its owner" until then.',
    },
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
export async function requestSsmVerification(app: TrustDeps, actor: Actor, profileId: number, fields: Record<string, unknown>, documentId: number | undefined, source: VerificationSource = manualVerification) {
  const profile = await ownedProfile(app, actor, profileId);
  const { company_no: text } = parseInput(SsmRequestSchema(thisYear(app)), fields);
  if (documentId === undefined) throw invalid('certificate', 'attach_ssm_certificate_or_company');
  const number = parseSsmNumber(text, thisYear(app))!;
  const status = await source.check(number.number, profile.name);
  const id = await app.repos.transaction(async (tx) => {
    await tx.verifications.supersedeVerifications(profileId, 'ssm', 'A new request replaced it.');
    await tx.uploads.attachDocument(documentId);
    await profileChanged(tx, profileId);
    return tx.verifications.insertVerification({ profileId, kind: 'ssm', value: number.number, oldValue: number.old, status, documentId, userId: actor.id });
  });
  return { data: { id, kind: 'ssm' as const, company_no: number.number, status }, message: say('form_thank_we_will_check_certificate') };
}

const PhoneTargetSchema = z.object({ target: z.coerce.number({ error: say('form_choose_one_listed_numbers') }).int(say('form_choose_one_listed_numbers')).min(0, say('form_choose_one_listed_numbers')) });
const PhoneConfirmSchema = PhoneTargetSchema.extend({ code: z.string({ error: say('form_enter_6_digit_code') }).trim().regex(/^\d{6}$/, say('form_enter_6_digit_code')) });

/** Where a phone badge's code is stored: the account, the business and the number. */
const phoneCodeKey = (userId: number, profileId: number, number: string) => `phone-badge:${userId}:${profileId}:${number}`;

/** The listed mobile number chosen by its index (never a typed one), free of any other account. */
async function listedNumber(app: TrustDeps, actor: Actor, profileId: number, index: number): Promise<{ target: ClaimTarget; provedHere: boolean }> {
  const target = (await claimTargets(app, profileId)).find((item) => item.method === 'sms' && item.index === index);
  if (!target) throw invalid('target', 'choose_one_listed_mobile_numbers');
  const holder = await app.repos.verifications.findNumberHolder(target.address);
  if (holder !== undefined && holder !== actor.id) throw numberTaken();
  return { target, provedHere: holder === actor.id };
}

const numberTaken = () => invalid('target', 'number_verified_elsewhere');

/**
 * The phone badge, one command: the number is proved by this account in the transaction that makes the badge (the
 * proved numbers' key decides between two accounts confirming one number at once: the second gets "taken" and no
 * badge), and the business's pages drop it in.
 */
const approvingPhone = command<{ actor: Actor; profileId: number; target: ClaimTarget }, VerificationRow | undefined, number>({
  load: async (tx, { profileId, target }) => (await tx.verifications.findProfileVerifications(profileId))
    .find((row) => row.kind === 'phone' && row.status === 'approved' && row.value === target.address),
  run: async (tx, verified, { actor, profileId, target }) => {
    if (verified) return verified.id;
    if (await tx.verifications.proveNumber(target.address, actor.id, 'badge') !== actor.id) throw numberTaken();
    const id = await tx.verifications.insertVerification({ profileId, kind: 'phone', value: target.address, oldValue: null, status: 'approved', documentId: null, userId: actor.id });
    await profileChanged(tx, profileId);
    return id;
  },
});

async function approvePhone(app: TrustDeps, actor: Actor, profileId: number, target: ClaimTarget) {
  const id = await approvingPhone(app.repos, { actor, profileId, target });
  return { data: { id, kind: 'phone' as const, target: target.masked, status: 'approved' as const }, message: say('api_phone_verified', { target: target.masked }) };
}

/**
 * POST /api/advertiser/profiles/{id}/verifications/phone {target}: a 6-digit code by SMS to a listed mobile number,
 * picked by index. A number this account proved already (an SMS claim, its own phone, another badge) is verified at
 * once (201 approved); one another account proved is a 422. The account code rules apply (10 minutes, 5 tries,
 * resend limits: 429 with Retry-After).
 */
export async function sendPhoneCode(app: TrustDeps, actor: Actor, profileId: number, input: unknown, client: string) {
  await ownedProfile(app, actor, profileId);
  const { target: index } = parseInput(PhoneTargetSchema, input);
  const { target, provedHere } = await listedNumber(app, actor, profileId, index);
  const verified = (await app.repos.verifications.findProfileVerifications(profileId)).find((row) => row.kind === 'phone' && row.status === 'approved' && row.value === target.address);
  if (verified) return { status: 200, data: { id: verified.id, kind: 'phone' as const, target: target.masked, status: 'approved' as const }, message: say('api_phone_verified', { target: target.masked }) };
  if (provedHere) return { status: 201, ...(await approvePhone(app, actor, profileId, target)) };
  await sendCode(app, {
    purpose: 'verify', userId: actor.id, client, storeAs: phoneCodeKey(actor.id, profileId, target.address), deliver: 'code', locale: 'en',
    contact: { channel: 'sms', phone_number: target.address, phone_number_country: '60' },
  });
  return { status: 200, data: { kind: 'phone' as const, target: target.masked, status: 'code_sent' as const }, message: say('api_code_sent_target', { target: target.masked }) };
}

/** POST …/verifications/phone/confirm {target, code}: the right code earns the phone badge (201). */
export async function confirmPhone(app: TrustDeps, actor: Actor, profileId: number, input: unknown) {
  await ownedProfile(app, actor, profileId);
  const { target: index, code } = parseInput(PhoneConfirmSchema, input);
  const { target } = await listedNumber(app, actor, profileId, index);
  await useCode(app, 'verify', phoneCodeKey(actor.id, profileId, target.address), code);
  return approvePhone(app, actor, profileId, target);
}
