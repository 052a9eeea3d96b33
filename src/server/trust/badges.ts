/**
 * A profile's badges (issue 45, decision 0033), each backed by evidence, in the reader's language:
 * - phone_verified: a mobile number the profile lists was proved by a code (it goes when the number leaves the listing);
 * - claimed: its owner proved control: a claim by a code to a listed phone or e-mail or an approved document, a listed
 *   mobile proved by a code, or an approved SSM number (probe finding 16);
 * - listed: an owner created it and proved nothing yet ("Listed by its owner", not a verification);
 * - ssm_registered: an operator checked the company number against its certificate ("SSM registered · … · since …");
 * - responsive: "Usually replies within N hours", from the daily job trust_signals;
 * - years_in_business: from the approved number's year in steps of 5, else the year the owner stated, as stated.
 * Each links to its explanation on /pages/badges.
 */
import * as m from '../../paraglide/messages.js';
import { parseSsmNumber } from '../../shared/ssm-number.ts';
import { listedMobiles } from '../../shared/schemas/accounts.ts';
import type { Repositories } from '../db/repositories.ts';
import type { VerificationRow } from '../db/trust-rows.ts';

export type BadgeKey = 'phone_verified' | 'claimed' | 'listed' | 'ssm_registered' | 'responsive' | 'years_in_business';

export interface Badge {
  value: string;
  key: BadgeKey;
  /** Checked by the site (a code, an operator); false for what the owner only stated. */
  verified: boolean;
  /** Its explanation. */
  url: string;
}

export const badgeUrl = (key: BadgeKey) => `/pages/badges#${key.replace(/_/g, '-')}`;

/** What a profile's badges are read from. */
export interface BadgeEvidence {
  claimed: boolean;
  /** Its owner took it by a claim rather than by creating it. */
  claim_proved: boolean;
  company_no: string | null;
  owner_user_id: number | null;
  established_year: number | null;
  response_hours: number | null;
  /** How many people the reply time stands on. */
  response_count: number;
  /** Its verifications, newest first. */
  verifications: readonly VerificationRow[];
  /** Its locations' phone numbers, as written. */
  locations: readonly { phone_number: string | null; company_phone_number: string | null }[];
}

/**
 * The approved SSM number, read (its year), while it is still the profile's company number: a new number drops the
 * badge until an operator approves again.
 */
export function approvedSsm(verifications: readonly VerificationRow[], companyNo: string | null, thisYear: number) {
  const approved = verifications.find((row) => row.kind === 'ssm' && row.status === 'approved');
  const current = companyNo === null ? null : parseSsmNumber(companyNo, thisYear);
  return approved && current?.number === approved.value ? parseSsmNumber(approved.value, thisYear) : null;
}

/**
 * Whether the owner proved control of the business (the "Claimed by its owner" badge): a claim by code or document, a
 * listed mobile proved by a code, or an approved SSM number. Creating a business proves none of these: "Maybank
 * Berhad", made by a new account, is only "Listed by its owner" (probe finding 16).
 */
export function ownerProved(evidence: Pick<BadgeEvidence, 'claim_proved'>, phoneProved: boolean, ssmApproved: boolean): boolean {
  return evidence.claim_proved || phoneProved || ssmApproved;
}

export function profileBadges(evidence: BadgeEvidence, thisYear: number): Badge[] {
  const badges: Badge[] = [];
  const add = (key: BadgeKey, value: string, verified = true) => badges.push({ key, value, verified, url: badgeUrl(key) });
  const listed = listedMobiles(evidence.locations);
  const phoneProved = evidence.verifications.some((row) => row.kind === 'phone' && row.status === 'approved' && listed.has(row.value));
  if (phoneProved) add('phone_verified', m.badge_phone_verified());
  const ssm = approvedSsm(evidence.verifications, evidence.company_no, thisYear);
  if (evidence.claimed && evidence.owner_user_id !== null) {
    if (ownerProved(evidence, phoneProved, ssm !== null)) add('claimed', m.badge_claimed());
    else add('listed', m.badge_listed(), false);
  }
  if (ssm) add('ssm_registered', m.badge_ssm_registered({ number: ssm.number, year: String(ssm.year) }));
  if (evidence.response_hours !== null) {
    const people = String(evidence.response_count);
    add('responsive', evidence.response_hours === 1 ? m.badge_responsive_one({ people }) : m.badge_responsive({ hours: String(evidence.response_hours), people }));
  }
  if (ssm) {
    const years = thisYear - ssm.year;
    if (years >= 5) add('years_in_business', m.badge_years({ years: String(years - (years % 5)) }));
  } else if (evidence.established_year !== null && evidence.established_year <= thisYear) {
    add('years_in_business', m.badge_since_stated({ year: String(evidence.established_year) }), false);
  }
  return badges;
}

/** A business's badges by its slug (a post's company block), or none when it is gone. */
export async function badgesOfProfile(repos: Pick<Repositories, 'catalog' | 'verifications'>, slug: string, thisYear: number): Promise<Badge[]> {
  const row = await repos.catalog.findProfileBySlug(slug);
  if (!row) return [];
  const [verifications, locations] = await Promise.all([repos.verifications.findProfileVerifications(row.id), repos.catalog.findProfileLocations(row.id)]);
  return profileBadges({ ...row, verifications, locations }, thisYear);
}
