/** Advertisers' insights (issue 26): the figures' shape, as the API answers them and the page draws them. */
import type { AnalyticsAction } from './constants.ts';
import type { EnquiryKind } from './enquiries.ts';
import type { LeadAction } from './leads.ts';

/** Ranges the page offers, in days (a custom range is any from–to). */
export const INSIGHT_RANGES = [7, 30, 90] as const;
/** A search term shows only after this many searches in the period, so names and numbers typed into search never surface. */
export const SEARCH_TERM_MIN = 5;
/** Terms listed at most. */
export const SEARCH_TERMS_SHOWN = 50;

/** Totals of a period. */
export interface InsightTotals {
  views: number;
  impressions: number;
  clicks: Record<AnalyticsAction, number>;
  enquiries: Record<EnquiryKind, number>;
  /** Leads answered with a quick action (issue 40). */
  lead_actions: Record<LeadAction, number>;
  followers: number;
  reviews: number;
  /** The average of the period's new reviews; null without any. */
  average_rating: number | null;
}

/** One series per figure, a value per day of `days`. */
export interface InsightSeries {
  days: string[];
  views: number[];
  impressions: number[];
  clicks: Record<AnalyticsAction, number[]>;
  enquiries: Record<EnquiryKind, number[]>;
  lead_actions: Record<LeadAction, number[]>;
  followers: number[];
  reviews: number[];
  average_rating: (number | null)[];
}

export interface Insights {
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** What the figures cover: one listing, a business with its ads, or everything the advertiser owns. */
  listings: { type: string; id: number; title: string }[];
  series: InsightSeries;
  totals: InsightTotals;
  previous_totals: InsightTotals;
  search_terms: { term: string; count: number }[];
}
