/**
 * The advertiser dashboard (issue 25): the businesses with their plan and what it leaves, the ads by type and
 * status, and the last 30 days' views, clicks and enquiries per listing (totals; issue 26 adds the full insights).
 */
import { LISTING_TYPES } from '../../shared/constants.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { sstRateOn } from '../../shared/billing.ts';
import type { AppContext } from '../app-types.ts';
import { acceptedProviders } from '../billing/index.ts';
import { businessPlan } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { listPosts } from './posts.ts';

const STATUSES = ['draft', 'active', 'expired', 'removed'] as const;
const DAY_MS = 86_400_000;

export async function dashboard(app: AppContext, actor: Actor) {
  const now = app.clock.now();
  const [profiles, posts, claims, totals] = await Promise.all([
    app.repos.advertiser.findOwnedProfiles(actor.id),
    listPosts(app, actor),
    app.repos.advertiser.findClaimsBy(actor.id),
    app.repos.insights.findListingTotals(actor.id, malaysiaToday(now - 29 * DAY_MS), malaysiaToday(now), new Date(now - 30 * DAY_MS).toISOString()),
  ]);
  const totalOf = (kind: 'post' | 'profile', id: number) => {
    const found = totals.find((total) => total.kind === kind && total.id === id);
    return { views: found?.views ?? 0, clicks: found?.clicks ?? 0, enquiries: found?.enquiries ?? 0 };
  };
  const businesses = await Promise.all(profiles.map(async (profile) => {
    const plan = await businessPlan(app.repos, profile.id);
    return {
      id: profile.id, slug: profile.slug, name: profile.name, claimed: profile.claimed, plan: plan.plan,
      subscription: plan.subscription ? {
        id: plan.subscription.id, plan: plan.subscription.plan, kind: plan.subscription.kind, period: plan.subscription.period, ends_at: plan.subscription.ends_at,
        renews: plan.subscription.kind === 'paid' && (plan.subscription.cancel_at === null || plan.subscription.ends_at < plan.subscription.cancel_at),
        next_plan: plan.subscription.next_plan,
      } : null,
      trial_available: !plan.subscription && !(await app.repos.subscriptions.hasHadTrial(profile.id)),
      package: { ...plan.limits, tokens: plan.subscription?.tokens ?? null, tokens_left: plan.subscription ? plan.tokensLeft : null },
      last_30_days: totalOf('profile', profile.id),
    };
  }));
  // A post counts as expired once its time is up, before the minute's job marks it.
  const statusOf = (post: (typeof posts)[number]) => (post.status === 'active' && !post.live ? 'expired' : post.status);
  const counts = Object.fromEntries(LISTING_TYPES.map((type) => [type, Object.fromEntries(STATUSES.map((status) => [
    status === 'active' ? 'live' : status, posts.filter((post) => post.type === type && statusOf(post) === status).length,
  ]))]));
  return {
    businesses,
    ads: counts,
    posts: posts.map((post) => ({ ...post, status: statusOf(post), last_30_days: totalOf('post', post.id) })),
    claims: claims.map((claim) => ({ id: claim.id, profile_id: claim.profile_id, method: claim.method, status: claim.status, created_at: claim.created_at })),
    first_ad_free: (await app.repos.listings.countAdsWentLive(actor.id)) === 0,
    // What choosing a plan shows: today's SST rate and the ways to pay.
    billing: { sst_rate_bp: sstRateOn(malaysiaToday(now), app.config.billing.sstRates), providers: acceptedProviders(app) },
  };
}
