/**
 * Claim Business (issue 25): a code to a Malaysian mobile number or an e-mail address the profile already lists,
 * or, without either, a document (an SSM certificate) an operator decides. The claimant only picks one of the
 * listed targets by its index: they can never send the code anywhere else. Codes follow the account rules
 * (accounts/codes.ts: 10 minutes, 5 tries, resend limits).
 */
import { listedMobiles } from '../../shared/schemas/accounts.ts';
import type { AppContext } from '../app-types.ts';
import type { Repositories } from '../db/repositories.ts';
import { sendCode, useCode } from '../accounts/codes.ts';
import { AppError, notFound, invalid, tooMany } from '../errors.ts';
import { hasRole, type Actor } from '../policies.ts';
import { say } from '../../shared/said.ts';

export interface ClaimTarget {
  index: number;
  method: 'sms' | 'email';
  /** Shown to the claimant: '+60 12-*** **89', 'a***@kedai.my'. */
  masked: string;
  /** Where the code goes: the number with its calling code (60123456789), or the address. */
  address: string;
}

/**
 * Codes sent to one listed number or address an hour by one claimant (each SMS costs money), counted per claimant so
 * that others cannot spend the real owner's (probe finding 13); each claimant's code has the account rules besides
 * (one a minute, 5 an hour).
 */
const CLAIM_TARGET_SENDS = { points: 5, windowMs: 60 * 60_000 } as const;
/**
 * Claimants one listed number or address takes at once: an open claim is a pending code claim sent to it within the
 * hour. Past it, others wait or send a document; an account that proved the number already goes through.
 */
const CLAIMANTS_PER_TARGET = { claimants: 3, openMs: 60 * 60_000 } as const;

/**
 * Where a claim's code is stored: the claimant, the business and the target (security probe item 5). Another claimant
 * of the same business has a code of their own, so nobody's request or wrong tries hold off anybody else's, and a code
 * works only for the account that asked for it.
 */
function claimCodeKey(userId: number, profileId: number, target: string): string {
  return `claim:${userId}:${profileId}:${target}`;
}


function maskedNumber(international: string): string {
  return `+60 ${international.slice(2, 4)}-*** **${international.slice(-2)}`;
}

function maskedEmail(address: string): string {
  const [local, domain] = address.split('@') as [string, string];
  return `${local.slice(0, 1)}***@${domain}`;
}

async function claimableProfile(app: AppContext, profileId: number) {
  const profile = await app.repos.advertiser.findProfile(profileId);
  if (!profile || profile.kind !== 'business') throw notFound('no_such_business');
  if (profile.claimed || profile.owner_user_id !== null) {
    throw invalid('profile_id', 'business_claimed_already');
  }
  return profile;
}

/** Where a claim's code can go: the profile's mobile numbers (SMS), then its e-mail addresses, each once. */
export async function claimTargets(app: { repos: Repositories }, profileId: number): Promise<ClaimTarget[]> {
  const locations = await app.repos.catalog.findProfileLocations(profileId);
  const numbers = listedMobiles(locations);
  const emails = new Set<string>();
  for (const location of locations) {
    if (location.email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(location.email)) emails.add(location.email.toLowerCase());
  }
  const targets: Omit<ClaimTarget, 'index'>[] = [
    ...[...numbers].map((address) => ({ method: 'sms' as const, masked: maskedNumber(address), address })),
    ...[...emails].map((address) => ({ method: 'email' as const, masked: maskedEmail(address), address })),
  ];
  return targets.map((target, index) => ({ ...target, index }));
}

/** True when the claimant's account proved the target already: its own mobile number (a code proved it) or e-mail address. */
async function provedTarget(app: AppContext, userId: number, target: ClaimTarget): Promise<boolean> {
  const user = await app.repos.users.findUser(userId);
  return target.method === 'sms' ? user?.phone_number === target.address : user?.email?.toLowerCase() === target.address;
}

/** GET claims/options: the masked targets (never the addresses) and whether a document is the only way. */
export async function claimOptions(app: AppContext, profileId: number) {
  const profile = await claimableProfile(app, profileId);
  const targets = await claimTargets(app, profileId);
  return {
    profile: { id: profile.id, name: profile.name, slug: profile.slug },
    options: targets.map(({ index, method, masked }) => ({ index, method, target: masked })),
    document: true,
  };
}

/**
 * POST claims with sms or email: stores the claim and sends its code to the chosen listed target. A signed-in member
 * who is not an advertiser yet may claim by SMS (issue 40): that one code proves the phone too, and makes them one.
 */
export async function startCodeClaim(app: AppContext, actor: Actor, request: { profileId: number; method: 'sms' | 'email'; target?: number; client: string }) {
  if (!hasRole(actor, 'advertiser') && request.method !== 'sms') throw new AppError('not_advertiser');
  await claimableProfile(app, request.profileId);
  const targets = (await claimTargets(app, request.profileId)).filter((target) => target.method === request.method);
  const target = request.target === undefined ? targets[0] : targets.find((item) => item.index === request.target);
  if (!target) {
    throw invalid(request.target === undefined ? 'method' : 'target', request.method === 'sms' ? 'claim_no_mobile' : 'claim_no_email');
  }
  if (!await provedTarget(app, actor.id, target)) {
    const claimants = await app.repos.advertiser.findOpenClaimants(target.address, new Date(app.clock.now() - CLAIMANTS_PER_TARGET.openMs).toISOString());
    if (!claimants.includes(actor.id) && claimants.length >= CLAIMANTS_PER_TARGET.claimants) {
      throw tooMany('claimants_full', CLAIMANTS_PER_TARGET.openMs / 1000, undefined, 'method');
    }
  }
  const sends = await app.repos.counters.consume(`claim-target|${target.address}|${actor.id}`, 1, CLAIM_TARGET_SENDS.windowMs, app.clock.now());
  if (sends.points > CLAIM_TARGET_SENDS.points) {
    const seconds = Math.max(1, Math.ceil((sends.resetAt - app.clock.now()) / 1000));
    throw tooMany('too_many_codes_business', seconds);
  }
  await sendCode(app, {
    // The advertiser site stays English in issue 42.
    purpose: 'claim', userId: actor.id, client: request.client, storeAs: claimCodeKey(actor.id, request.profileId, target.address), deliver: 'code', locale: 'en',
    contact: target.method === 'sms' ? { channel: 'sms', phone_number: target.address, phone_number_country: '60' } : { channel: 'email', email: target.address },
  });
  // After the code went: a refused send leaves no claim behind.
  const claimId = await app.repos.advertiser.insertClaim({ profileId: request.profileId, userId: actor.id, method: target.method, target: target.address, documentId: null });
  return { id: claimId, method: target.method, target: target.masked, status: 'pending' as const, message: say('api_code_sent_target', { target: target.masked }) };
}

/** POST claims with a document: waits for an operator's decision (the document stays private). */
export async function startDocumentClaim(app: AppContext, actor: Actor, profileId: number, documentId: number) {
  await claimableProfile(app, profileId);
  const id = await app.repos.advertiser.insertClaim({ profileId, userId: actor.id, method: 'document', target: null, documentId });
  await app.repos.uploads.attachDocument(documentId);
  return { id, method: 'document' as const, status: 'pending' as const, message: say('api_claim_document_received') };
}

/** POST claims/{id}/verify: the code makes the claimant the owner, unless someone claimed it first. */
export async function verifyClaim(app: AppContext, actor: Actor, claimId: number, code: string) {
  const claim = await app.repos.advertiser.findClaim(claimId);
  if (!claim || claim.user_id !== actor.id) throw notFound('no_such_claim');
  if (claim.method === 'document') throw invalid('code', 'document_claim_waits_our_decision');
  if (claim.status !== 'pending') throw invalid('code', 'claim_finished');
  await useCode(app, 'claim', claimCodeKey(claim.user_id, claim.profile_id, claim.target!), code);
  // A member claiming by SMS becomes an advertiser with the number the code just proved (one code, not two), in the
  // claim's transaction. Their own number stays when they have one; a number another account has is not taken.
  const user = hasRole(actor, 'advertiser') || claim.method !== 'sms' ? undefined : await app.repos.users.findUser(actor.id);
  const phoneFree = user && !user.phone_number && !(await app.repos.users.findCredentials({ phone_number: claim.target! }));
  const becomes = user !== undefined && (user.phone_number !== null || phoneFree);
  const done = await app.repos.transaction(async (tx) => {
    if (!(await tx.advertiser.completeClaim({ id: claimId, profileId: claim.profile_id, userId: actor.id }))) return false;
    if (becomes) await tx.users.addRole(actor.id, 'advertiser', phoneFree ? { phone_number: claim.target!, phone_number_country: '60' } : undefined);
    // The code proved the number: this account's, unless another account proved it first (the claim stands either way).
    if (claim.method === 'sms') await tx.verifications.proveNumber(claim.target!, actor.id, 'claim');
    return true;
  });
  if (!done) throw invalid('code', 'business_claimed_already');
  const profile = (await app.repos.advertiser.findProfile(claim.profile_id))!;
  return {
    id: claimId, status: 'verified' as const, profile: { id: profile.id, slug: profile.slug, name: profile.name, claimed: true },
    advertiser: hasRole(actor, 'advertiser') || becomes,
    message: becomes ? 'The business is yours now, and you are an advertiser.' : user ? 'The business is yours now. Become an advertiser with your phone number to manage it.' : 'The business is yours now.',
  };
}
