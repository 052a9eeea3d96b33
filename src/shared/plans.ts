/**
 * The package rules of spec §9 as the advertiser site applies them (decision 0021). A business without a paid
 * plan is FREE and has PAY-PER-POST's limits; its ads cost ringgit (the first ad of an account is free). A
 * BRONZE, SILVER or GOLD business spends its plan's tokens instead.
 */
import { ADVERTISER_PACKAGES, type Plan } from './constants.ts';

export const PAID_PLANS = ['BRONZE', 'SILVER', 'GOLD'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export interface PlanLimits {
  /** Tokens per period (null: pays per post). */
  tokens: number | null;
  categories: number;
  keywords: number;
  photos: number;
  pdfs: number;
  videos: number;
}

/** What a plan allows a business and each of its ads. FREE is PAY-PER-POST's row, with no video. */
export function planLimits(plan: Plan): PlanLimits {
  const row = ADVERTISER_PACKAGES.find((item) => item.code === (plan === 'FREE' ? 'PAY-PER-POST' : plan))!;
  return { tokens: row.tokens, categories: row.categories, keywords: row.keywords, photos: row.photos, pdfs: row.pdfs, videos: row.videos ?? 0 };
}

export const AD_RULES = {
  /** A PAY-PER-POST ad after the account's first: RM50 (spec §9). */
  perPostSen: 5000,
  /** A PAY-PER-POST amendment after its free day: RM30. */
  amendmentSen: 3000,
  /** A subscribed business's amendment after its free day: 1 token; each ad: 1 token. */
  tokensPerAd: 1,
  tokensPerAmendment: 1,
  /** Amendments are free this long after publishing. */
  freeAmendmentMs: 24 * 60 * 60_000,
  /** An ad lives 30 days (a job at most that, to its own expiry). */
  adDays: 30,
  trialDays: 30,
} as const;

/** Ringgit of an amount in sen, as prices show: 'RM50.00'. */
export function ringgit(sen: number): string {
  return `RM${(sen / 100).toFixed(2)}`;
}
