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

/**
 * What a listing carries that its plan limits, with the limit of each: one list, read by the editor's save (what an
 * edit may add) and by a plan going down (which ads no longer fit it).
 */
export const LISTING_LIMITS = [
  { field: 'categories', limit: 'categories', word: 'category' },
  { field: 'keywords', limit: 'keywords', word: 'keyword' },
  { field: 'images', limit: 'photos', word: 'photo' },
  { field: 'documents', limit: 'pdfs', word: 'PDF' },
  { field: 'videos', limit: 'videos', word: 'video' },
] as const satisfies readonly { field: string; limit: keyof PlanLimits; word: string }[];
export type LimitedField = (typeof LISTING_LIMITS)[number]['field'];

/** The fields of a listing over its plan's limits (none: it fits the plan). */
export function overPlan(limits: PlanLimits, counts: Record<LimitedField, number>): LimitedField[] {
  return LISTING_LIMITS.filter(({ field, limit }) => counts[field] > limits[limit]).map(({ field }) => field);
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
