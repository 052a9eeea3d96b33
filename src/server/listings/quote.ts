/**
 * What a step of an ad costs (spec §9, decisions 0021 and 0027): a business's plan comes from the subscription running
 * now (a paid plan or its trial; FREE without one, with PAY-PER-POST's limits and prices); a personal hireme ad is
 * always PAY-PER-POST. Publishing or renewing takes a token when the business has one left; else the account's first ad
 * is free, and any other costs RM50 plus SST. An amendment is free for a day, then a token or RM30. The quote says it
 * before the person confirms: nothing that costs is done without their yes.
 */
import { AD_RULES, planLimits, ringgit, type PlanLimits } from '../../shared/plans.ts';
import type { Plan } from '../../shared/constants.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OwnPostRow, SubscriptionRow } from '../db/rows.ts';
import type { ListingDeps, Price } from './deps.ts';
import { say } from '../../shared/said.ts';

export interface BusinessPlan {
  plan: Plan;
  limits: PlanLimits;
  subscription: SubscriptionRow | undefined;
  /** Tokens left this period (0 without a subscription). */
  tokensLeft: number;
}

/** The plan a business is on now (a personal hireme ad's, `null`: PAY-PER-POST). */
export async function businessPlan(repos: Pick<Repositories, 'subscriptions'>, profileId: number | null): Promise<BusinessPlan> {
  const subscription = profileId === null ? undefined : await repos.subscriptions.current(profileId);
  const plan: Plan = subscription?.plan ?? 'FREE';
  return { plan, limits: planLimits(plan), subscription, tokensLeft: subscription ? subscription.tokens - subscription.tokens_used : 0 };
}

/** The plan an ad's steps are priced by. */
export const planOfPost = (repos: Pick<Repositories, 'subscriptions'>, post: Pick<OwnPostRow, 'type' | 'profile_id'>) =>
  businessPlan(repos, post.type === 'hireme' ? null : post.profile_id);

/** What a step costs: nothing, tokens of the running subscription, or ringgit (invoiced). */
export type Cost = { kind: 'free' } | { kind: 'tokens'; tokens: number; subscriptionId: number } | { kind: 'money'; amountSen: number };

/** Publishing or renewing an ad: a token when the business has one left; else the account's first ad free, then RM50. */
export async function publishCost(repos: Pick<Repositories, 'listings'>, plan: BusinessPlan, ownerId: number, renewal: boolean): Promise<Cost> {
  if (plan.subscription && plan.tokensLeft >= AD_RULES.tokensPerAd) return { kind: 'tokens', tokens: AD_RULES.tokensPerAd, subscriptionId: plan.subscription.id };
  if (!renewal && (await repos.listings.countAdsWentLive(ownerId)) === 0) return { kind: 'free' };
  return { kind: 'money', amountSen: AD_RULES.perPostSen };
}

/** Amending a live ad: free within a day of publishing; then a token (subscribed) or RM30 (PAY-PER-POST). */
export function amendmentCost(plan: BusinessPlan, publishedAt: string, now: number): Cost {
  if (now - Date.parse(publishedAt) <= AD_RULES.freeAmendmentMs) return { kind: 'free' };
  if (plan.subscription && plan.tokensLeft >= AD_RULES.tokensPerAmendment) return { kind: 'tokens', tokens: AD_RULES.tokensPerAmendment, subscriptionId: plan.subscription.id };
  return { kind: 'money', amountSen: AD_RULES.amendmentSen };
}

/**
 * The answer of GET publish-quote, and of a publish or renew that costs and was not confirmed (409): what the step
 * costs, in the product's words. `cost` is free, token or ringgit; ringgit shows the SST on its own line.
 */
export interface Quote extends Price {
  action: 'publish' | 'renew';
  cost: 'free' | 'token' | 'ringgit';
  /** Tokens the step takes, and the plan's balance after it (a token step). */
  tokens: number;
  tokens_after: number | null;
  /** Whether the step needs `{"confirm": true}`: anything but free. */
  confirm_required: boolean;
  message: string;
}

/** The quote of a cost. */
export function quoteOf(deps: Pick<ListingDeps, 'billing'>, action: Quote['action'], cost: Cost, plan: BusinessPlan): Quote {
  const publish = action === 'publish';
  if (cost.kind === 'free') {
    return { action, cost: 'free', tokens: 0, tokens_after: null, amount_sen: 0, sst_sen: 0, total_sen: 0, sst_rate: 0, confirm_required: false, message: say(publish ? 'api_publish_free' : 'api_renew_free') };
  }
  if (cost.kind === 'tokens') {
    const after = plan.tokensLeft - cost.tokens;
    return {
      action, cost: 'token', tokens: cost.tokens, tokens_after: after, amount_sen: 0, sst_sen: 0, total_sen: 0, sst_rate: 0, confirm_required: true,
      message: say(publish ? 'api_publish_tokens' : 'api_renew_tokens', { count: cost.tokens, plan: plan.plan, after }),
    };
  }
  const price = deps.billing.price(cost.amountSen);
  return {
    action, cost: 'ringgit', tokens: 0, tokens_after: null, ...price, confirm_required: true,
    message: say(publish ? 'api_publish_costs' : 'api_renew_costs', { amount: ringgit(price.amount_sen), sst: ringgit(price.sst_sen), rate: price.sst_rate, total: ringgit(price.total_sen) }),
  };
}
