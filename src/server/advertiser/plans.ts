/**
 * A business's plan and what its ads cost (spec §9, decision 0021): the subscription running now decides (a paid
 * plan or its trial); without one a business is FREE, with PAY-PER-POST's limits and prices. A personal hireme ad
 * is always PAY-PER-POST.
 */
import { AD_RULES, planLimits, type PaidPlan, type PlanLimits } from '../../shared/plans.ts';
import type { Plan } from '../../shared/constants.ts';
import type { AppContext } from '../app-types.ts';
import { ConflictError } from '../db/errors.ts';
import type { SubscriptionRow } from '../db/rows.ts';
import { AppError } from '../errors.ts';

export interface BusinessPlan {
  plan: Plan;
  limits: PlanLimits;
  subscription: SubscriptionRow | undefined;
  /** Tokens left this period (0 without a subscription). */
  tokensLeft: number;
}

export async function businessPlan(app: AppContext, profileId: number | null): Promise<BusinessPlan> {
  const subscription = profileId === null ? undefined : await app.repos.advertiser.currentSubscription(profileId);
  const plan: Plan = subscription?.plan ?? 'FREE';
  return { plan, limits: planLimits(plan), subscription, tokensLeft: subscription ? subscription.tokens - subscription.tokens_used : 0 };
}

/** What a step costs: nothing, tokens of the running subscription, or ringgit (which cannot be paid until billing exists). */
export type Cost = { kind: 'free' } | { kind: 'tokens'; tokens: number; subscriptionId: number } | { kind: 'money'; amountSen: number };

/** Publishing or renewing an ad: a token when the business has one left; else the account's first ad free, then RM50. */
export async function publishCost(app: AppContext, plan: BusinessPlan, userId: number, renewal: boolean): Promise<Cost> {
  if (plan.subscription && plan.tokensLeft >= AD_RULES.tokensPerAd) return { kind: 'tokens', tokens: AD_RULES.tokensPerAd, subscriptionId: plan.subscription.id };
  if (!renewal && (await app.repos.advertiser.countAdsWentLive(userId)) === 0) return { kind: 'free' };
  return { kind: 'money', amountSen: AD_RULES.perPostSen };
}

/** Amending a live ad: free within a day of publishing; then a token (subscribed) or RM30 (PAY-PER-POST). */
export function amendmentCost(plan: BusinessPlan, publishedAt: string, now: number): Cost {
  if (now - Date.parse(publishedAt) <= AD_RULES.freeAmendmentMs) return { kind: 'free' };
  if (plan.subscription && plan.tokensLeft >= AD_RULES.tokensPerAmendment) return { kind: 'tokens', tokens: AD_RULES.tokensPerAmendment, subscriptionId: plan.subscription.id };
  return { kind: 'money', amountSen: AD_RULES.amendmentSen };
}

/** Starts the free 30-day trial of a plan for a business: once per business, ever. */
export async function startTrial(app: AppContext, profileId: number, plan: PaidPlan): Promise<SubscriptionRow> {
  if (await app.repos.advertiser.hasHadTrial(profileId)) throw trialUsed();
  if (await app.repos.advertiser.currentSubscription(profileId)) throw new AppError(422, 'This business already has a plan.', { plan: ['This business already has a plan.'] });
  const now = app.clock.now();
  const startsAt = new Date(now).toISOString();
  const endsAt = new Date(now + AD_RULES.trialDays * 86_400_000).toISOString();
  try {
    await app.repos.advertiser.startSubscription({ profile_id: profileId, plan, kind: 'trial', starts_at: startsAt, ends_at: endsAt, tokens: planLimits(plan).tokens ?? 0 });
  } catch (error) {
    if (error instanceof ConflictError) throw trialUsed();
    throw error;
  }
  return (await app.repos.advertiser.currentSubscription(profileId))!;
}

const trialUsed = () => new AppError(422, 'This business has had its free trial.', { plan: ['This business has had its free trial.'] });
