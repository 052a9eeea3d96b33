/**
 * Insights (issue 26): per listing, per business or in total, by Malaysian day, for a range and the period just
 * before it: views, search impressions and clicks by action (the de-duplicated daily counters), leads by type,
 * followers gained, new reviews and their average, and the search terms that showed the listings (those searched at
 * least SEARCH_TERM_MIN times). Every figure is a sum of stored rows: nothing is estimated.
 */
import { LEAD_ACTIONS, type LeadAction } from '../../shared/leads.ts';
import { ANALYTICS_ACTIONS, type AnalyticsAction } from '../../shared/constants.ts';
import { ENQUIRY_KINDS, type EnquiryKind } from '../../shared/enquiries.ts';
import { SEARCH_TERM_MIN, SEARCH_TERMS_SHOWN, type Insights, type InsightSeries, type InsightTotals } from '../../shared/insights.ts';
import { daysBefore, daysBetween, malaysiaDayStart, malaysiaToday, nextDay } from '../../shared/malaysia-time.ts';
import { InsightsQuerySchema } from '../../shared/schemas/leads.ts';
import type { AppContext } from '../app-types.ts';
import type { InsightListingRow, ListingRef } from '../db/rows.ts';
import { notFound, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';

const zeros = (length: number) => Array.from({ length }, () => 0);
const perKey = <K extends string>(keys: readonly K[], make: () => number[]) => Object.fromEntries(keys.map((key) => [key, make()])) as Record<K, number[]>;
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The listings the query asks about among the actor's: one post, a business with its ads, or all (404 for another's). */
export function scopeOf(owned: InsightListingRow[], query: { post_id?: number; profile_id?: number }): InsightListingRow[] {
  if (query.post_id) {
    const post = owned.find((listing) => listing.type !== 'profile' && listing.id === query.post_id);
    if (!post) throw notFound('no_such_ad');
    return [post];
  }
  if (query.profile_id) {
    if (!owned.some((listing) => listing.type === 'profile' && listing.id === query.profile_id)) throw notFound('no_such_business');
    return owned.filter((listing) => listing.profile_id === query.profile_id);
  }
  return owned;
}

/** The daily series of one period, from the stored rows, with the sum of its new reviews' ratings. */
async function seriesOf(app: Pick<AppContext, 'repos'>, ownerId: number, listings: readonly ListingRef[], from: string, to: string): Promise<{ series: InsightSeries; ratingSum: number }> {
  const days = daysBetween(from, to);
  const index = new Map(days.map((day, position) => [day, position]));
  const dayOf = (time: string) => index.get(malaysiaToday(Date.parse(time)))!;
  const series: InsightSeries = {
    days, views: zeros(days.length), impressions: zeros(days.length), clicks: perKey(ANALYTICS_ACTIONS, () => zeros(days.length)),
    enquiries: perKey(ENQUIRY_KINDS, () => zeros(days.length)), lead_actions: perKey(LEAD_ACTIONS, () => zeros(days.length)), followers: zeros(days.length), reviews: zeros(days.length),
    average_rating: days.map(() => null),
  };
  if (listings.length === 0) return { series, ratingSum: 0 };
  const since = malaysiaDayStart(from);
  const before = malaysiaDayStart(nextDay(to));
  const [counts, enquiries, follows, reviews] = await Promise.all([
    app.repos.insights.findDailyCounts(listings, from, to),
    app.repos.insights.findEnquiryTimes(ownerId, listings, since, before),
    app.repos.insights.findFollowTimes(listings, since, before),
    app.repos.insights.findReviewTimes(listings, since, before),
  ]);
  for (const { day, action, count } of counts) {
    const position = index.get(day)!;
    if (action === 'view') series.views[position]! += count;
    else if (action === 'impression') series.impressions[position]! += count;
    else if (action in series.clicks) series.clicks[action as AnalyticsAction][position]! += count;
    else if (action.startsWith('lead_') && action.slice(5) in series.lead_actions) series.lead_actions[action.slice(5) as LeadAction][position]! += count;
  }
  for (const { kind, created_at } of enquiries) series.enquiries[kind][dayOf(created_at)]! += 1;
  for (const { created_at } of follows) series.followers[dayOf(created_at)]! += 1;
  const ratings = days.map(() => 0);
  for (const { rating, created_at } of reviews) {
    series.reviews[dayOf(created_at)]! += 1;
    ratings[dayOf(created_at)]! += rating;
  }
  series.average_rating = series.reviews.map((n, position) => (n === 0 ? null : Math.round((ratings[position]! / n) * 10) / 10));
  return { series, ratingSum: sum(ratings) };
}

function totalsOf({ series, ratingSum }: { series: InsightSeries; ratingSum: number }): InsightTotals {
  const reviews = sum(series.reviews);
  return {
    views: sum(series.views), impressions: sum(series.impressions),
    clicks: Object.fromEntries(ANALYTICS_ACTIONS.map((action) => [action, sum(series.clicks[action])])) as Record<AnalyticsAction, number>,
    enquiries: Object.fromEntries(ENQUIRY_KINDS.map((kind) => [kind, sum(series.enquiries[kind])])) as Record<EnquiryKind, number>,
    lead_actions: Object.fromEntries(LEAD_ACTIONS.map((action) => [action, sum(series.lead_actions[action])])) as Record<LeadAction, number>,
    followers: sum(series.followers), reviews,
    average_rating: reviews === 0 ? null : Math.round((ratingSum / reviews) * 10) / 10,
  };
}

/** GET insights?from&to[&post_id|&profile_id]. */
export async function insights(app: Pick<AppContext, 'repos'>, actor: Actor, query: unknown): Promise<Insights> {
  const { from, to, post_id, profile_id } = parseInput(InsightsQuerySchema, query);
  const scope = scopeOf(await app.repos.insights.findOwnedListings(actor.id), { post_id, profile_id });
  const length = daysBetween(from, to).length;
  const previous = { from: daysBefore(from, length), to: daysBefore(from, 1) };
  const refs = scope.map(({ type, id }) => ({ type, id }));
  const [current, before, terms] = await Promise.all([
    seriesOf(app, actor.id, refs, from, to),
    seriesOf(app, actor.id, refs, previous.from, previous.to),
    app.repos.insights.findSearchTerms(scope.filter((listing) => listing.type !== 'profile').map((listing) => listing.id), from, to, SEARCH_TERM_MIN, SEARCH_TERMS_SHOWN),
  ]);
  return {
    from, to, previous,
    listings: scope.map(({ type, id, title }) => ({ type, id, title })),
    series: current.series, totals: totalsOf(current), previous_totals: totalsOf(before), search_terms: terms,
  };
}

/** The CSV of insights: one row per day with every figure, then the search terms. */
export function insightsRows(figures: Insights): { header: string[]; rows: (string | number | null)[][] } {
  const { series } = figures;
  const header = ['day', 'views', 'impressions', ...ANALYTICS_ACTIONS.map((action) => `clicks_${action}`),
    ...ENQUIRY_KINDS.map((kind) => `enquiries_${kind}`), ...LEAD_ACTIONS.map((action) => `lead_${action}`), 'followers', 'reviews', 'average_rating'];
  const rows = series.days.map((day, position) => [
    day, series.views[position]!, series.impressions[position]!, ...ANALYTICS_ACTIONS.map((action) => series.clicks[action][position]!),
    ...ENQUIRY_KINDS.map((kind) => series.enquiries[kind][position]!), ...LEAD_ACTIONS.map((action) => series.lead_actions[action][position]!), series.followers[position]!, series.reviews[position]!,
    series.average_rating[position] ?? null,
  ]);
  return { header, rows };
}
