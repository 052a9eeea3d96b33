/**
 * Plans bought (issue 27, decision 0023): a paid plan for a business issues the invoice of its first period at once
 * and waits, pending, until it is paid (bought during the trial, it starts when the trial ends); a higher plan
 * replaces the running one at once with a prorated invoice; a lower one (or another period) waits for the period's
 * end; cancelling stops renewal at the end of the period that completes the 12-month minimum.
 */
import { planPriceSen, type BillingPeriod } from '../../shared/billing.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { AD_RULES, planLimits, PAID_PLANS, type PaidPlan } from '../../shared/plans.ts';
import { SubscribeSchema } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import type { AdvertiserProfileRow, SubscriptionRow } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import { ConflictError } from '../db/errors.ts';
import { AppError, invalid, notFound, parseInput } from '../errors.ts';
import { canEditProfile, type Actor } from '../policies.ts';
import { invoiceJson, issueInvoice, voidInvoice } from './invoices.ts';
import { addMonths, MINIMUM_MONTHS } from './terms.ts';
import { applyPlans } from './plan-changes.ts';
import { say } from '../../shared/said.ts';

;
const DAY_MS = 86_400_000;

const rank = (plan: PaidPlan) => PAID_PLANS.indexOf(plan);
const monthsOf = (period: BillingPeriod) => (period === 'yearly' ? 12 : 1);

function subscriptionJson(row: SubscriptionRow) {
  return {
    id: row.id, profile_id: row.profile_id, plan: row.plan, kind: row.kind, period: row.period, status: row.status, starts_at: row.starts_at,
    ends_at: row.ends_at, invoice_id: row.invoice_id, renews: row.kind === 'paid' && (row.cancel_at === null || row.ends_at < row.cancel_at),
    cancel_at: row.cancel_at, next_plan: row.next_plan, next_period: row.next_period, grace_until: row.grace_until,
  };
}

/** The line describing a plan's period. */
export function planLine(plan: PaidPlan, period: BillingPeriod, business: string, startsAt: string, endsAt: string) {
  return `${plan} plan, ${period}, for ${business}: ${malaysiaToday(Date.parse(startsAt))} to ${malaysiaToday(Date.parse(endsAt) - 1)}`;
}

const buyerOf = (actor: Actor, profile: AdvertiserProfileRow) => ({ userId: actor.id, profileId: profile.id, name: profile.name, companyNo: profile.company_no });

/** A business the actor owns, or a 404 (another advertiser's business does not exist for them). */
async function ownedBusiness(app: AppContext, actor: Actor, id: number): Promise<AdvertiserProfileRow> {
  const profile = await app.repos.advertiser.findProfile(id);
  if (!profile || !canEditProfile(actor, profile)) throw notFound('no_such_business');
  return profile;
}

/** Cancels a period waiting for payment (a renewal or a first period), its invoice voided, inside the caller's transaction. */
export async function dropRenewal(tx: Repositories, renewal: SubscriptionRow, reason: string): Promise<void> {
  if (renewal.invoice_id !== null && (await voidInvoice(tx, { id: renewal.invoice_id, kind: 'invoice' }, reason))) return;
  await tx.subscriptions.update(renewal.id, { status: 'cancelled' });
  if (renewal.renews_subscription_id !== null) await tx.subscriptions.update(renewal.renews_subscription_id, { grace_until: null });
}

const planWaiting = () => new AppError('plan_waiting', undefined, { field: 'plan' });

/** POST subscriptions {profile_id, plan, period}: a new plan, an upgrade (at once, prorated) or a downgrade (at the period's end). */
export async function subscribe(app: AppContext, actor: Actor, input: unknown) {
  const request = parseInput(SubscribeSchema, input);
  const profile = await ownedBusiness(app, actor, request.profile_id);
  if (await app.repos.subscriptions.findPending(profile.id)) throw planWaiting();
  const plan = request.plan as PaidPlan;
  const current = await app.repos.subscriptions.current(profile.id);
  if (current?.kind === 'paid' && current.period) {
    if (Date.parse(current.ends_at) <= app.clock.now()) throw invalid('plan', 'renewal_plan_waiting_payment_pay');
    if (rank(plan) > rank(current.plan)) return upgrade(app, actor, profile, current, plan);
    return changeAtPeriodEnd(app, profile, current, plan, request.period);
  }
  const now = app.clock.now();
  // Bought during the trial: the paid period starts when the trial ends.
  const startsAt = current?.kind === 'trial' ? current.ends_at : new Date(now).toISOString();
  const endsAt = addMonths(startsAt, monthsOf(request.period));
  const { subscriptionId, invoice } = await pendingPlan(app, profile.id, async (tx) => {
    const invoice = await issueInvoice(app, tx, buyerOf(actor, profile), [{ description: planLine(plan, request.period, profile.name, startsAt, endsAt), quantity: 1, unit_sen: planPriceSen(plan, request.period) }]);
    const subscriptionId = await tx.subscriptions.insert({
      profile_id: profile.id, plan, kind: 'paid', period: request.period, starts_at: startsAt, ends_at: endsAt, tokens: planLimits(plan).tokens ?? 0,
      status: 'pending', invoice_id: invoice.id, term_starts_at: startsAt,
    });
    return { subscriptionId, invoice };
  });
  return {
    status: 201 as const,
    data: { subscription: subscriptionJson((await app.repos.subscriptions.find(subscriptionId))!), invoice: invoiceJson(app, invoice) },
    message: say('api_invoice_issued_plan_starts', { number: invoice.number }),
  };
}

/**
 * Writes a plan waiting for payment in one transaction with the business locked: two at once of one business leave one
 * pending (the second finds the first, or the database's unique index refuses it), and nothing of the second is kept.
 */
async function pendingPlan<T>(app: AppContext, profileId: number, work: (tx: Repositories) => Promise<T>): Promise<T> {
  try {
    return await app.repos.transaction(async (tx) => {
      await tx.subscriptions.lockProfile(profileId);
      if (await tx.subscriptions.findPending(profileId)) throw planWaiting();
      return work(tx);
    });
  } catch (error) {
    if (error instanceof ConflictError) throw planWaiting();
    throw error;
  }
}

/** A higher plan from now to the running period's end, for the difference in price over the days left. */
async function upgrade(app: AppContext, actor: Actor, profile: AdvertiserProfileRow, current: SubscriptionRow, plan: PaidPlan) {
  const period = current.period!;
  const now = app.clock.now();
  const startsAt = new Date(now).toISOString();
  const daysLeft = Math.max(1, Math.ceil((Date.parse(current.ends_at) - now) / DAY_MS));
  const periodDays = Math.max(daysLeft, Math.round((Date.parse(current.ends_at) - Date.parse(current.starts_at)) / DAY_MS));
  const difference = planPriceSen(plan, period) - planPriceSen(current.plan, period);
  const prorated = Math.round((difference * daysLeft) / periodDays);
  const renewal = await app.repos.subscriptions.findRenewal(current.id);
  const { subscriptionId, invoice } = await pendingPlan(app, profile.id, async (tx) => {
    // A renewal of the old plan already invoiced gives way: the upgraded period renews instead.
    if (renewal?.status === 'pending') await dropRenewal(tx, renewal, `Replaced by the upgrade to ${plan}`);
    const invoice = await issueInvoice(app, tx, buyerOf(actor, profile), [{
      description: `Upgrade from ${current.plan} to ${plan} (${period}) for ${profile.name}, prorated for ${daysLeft} of ${periodDays} days: ${malaysiaToday(now)} to ${malaysiaToday(Date.parse(current.ends_at) - 1)}`,
      quantity: 1, unit_sen: prorated,
    }]);
    const subscriptionId = await tx.subscriptions.insert({
      profile_id: profile.id, plan, kind: 'paid', period, starts_at: startsAt, ends_at: current.ends_at,
      tokens: Math.max(0, (planLimits(plan).tokens ?? 0) - current.tokens_used), status: 'pending', invoice_id: invoice.id,
      term_starts_at: current.term_starts_at ?? current.starts_at, replaces_subscription_id: current.id,
    });
    return { subscriptionId, invoice };
  });
  return {
    status: 201 as const,
    data: { subscription: subscriptionJson((await app.repos.subscriptions.find(subscriptionId))!), invoice: invoiceJson(app, invoice) },
    message: say('api_invoice_issued_named_starts', { number: invoice.number, plan }),
  };
}

/** A lower plan, or another period, from the running period's end (its renewal invoices the new choice). */
async function changeAtPeriodEnd(app: AppContext, profile: AdvertiserProfileRow, current: SubscriptionRow, plan: PaidPlan, period: BillingPeriod) {
  if (plan === current.plan && period === current.period && current.next_plan === null) throw invalid('plan', period === 'monthly' ? 'plan_already_monthly' : 'plan_already_yearly', { plan });
  if (current.cancel_at !== null && current.ends_at >= current.cancel_at) throw invalid('plan', 'plan_cancelled_does_not_renew');
  const renewal = await app.repos.subscriptions.findRenewal(current.id);
  if (renewal?.status === 'active') throw invalid('plan', 'next_period_paid_already_choose');
  const same = plan === current.plan && period === current.period;
  await app.repos.transaction(async (tx) => {
    await tx.subscriptions.update(current.id, same ? { next_plan: null, next_period: null } : { next_plan: plan, next_period: period });
    if (renewal?.status === 'pending') await dropRenewal(tx, renewal, 'Replaced by the plan chosen for the next period');
  });
  return {
    status: 200 as const,
    data: { subscription: subscriptionJson((await app.repos.subscriptions.find(current.id))!), invoice: null },
    message: same ? `The business stays on ${plan} ${period}.` : `From ${malaysiaToday(Date.parse(current.ends_at))} the business moves to ${plan} ${period}.`,
  };
}

/**
 * POST subscriptions/{id}/cancel: an unpaid plan is withdrawn (its invoice credited); a running one stops renewing at
 * the end of the period that completes its 12-month minimum (a yearly plan: its own end).
 */
export async function cancelSubscription(app: AppContext, actor: Actor, id: number) {
  const subscription = await app.repos.subscriptions.find(id);
  if (!subscription) throw notFound('no_such_subscription');
  const profile = await ownedBusiness(app, actor, subscription.profile_id).catch(() => { throw notFound('no_such_subscription'); });
  if (subscription.kind !== 'paid' || subscription.status === 'cancelled') throw invalid('subscription', 'only_paid_plan_pending_or');
  if (subscription.status === 'pending') {
    await app.repos.transaction((tx) => dropRenewal(tx, subscription, 'Plan cancelled before it started'));
    return { data: subscriptionJson((await app.repos.subscriptions.find(id))!), message: say('api_plan_cancelled_void', { plan: subscription.plan, name: profile.name }) };
  }
  const minimumEnd = addMonths(subscription.term_starts_at ?? subscription.starts_at, MINIMUM_MONTHS);
  const cancelAt = subscription.cancel_at ?? (minimumEnd > subscription.ends_at ? minimumEnd : subscription.ends_at);
  const renewal = await app.repos.subscriptions.findRenewal(id);
  await app.repos.transaction(async (tx) => {
    await tx.subscriptions.update(id, { cancel_at: cancelAt });
    if (renewal?.status === 'pending' && renewal.starts_at >= cancelAt) await dropRenewal(tx, renewal, 'Plan cancelled');
  });
  const lastEnd = cancelAt === subscription.ends_at ? subscription.ends_at : cancelAt;
  return {
    data: subscriptionJson((await app.repos.subscriptions.find(id))!),
    message: cancelAt > subscription.ends_at
      ? `Cancelled: the 12-month minimum runs to ${malaysiaToday(Date.parse(lastEnd) - 1)}, so the plan renews monthly until then and stops.`
      : `Cancelled: the plan runs to ${malaysiaToday(Date.parse(lastEnd) - 1)} and does not renew.`,
  };
}

/** GET subscriptions?profile_id=: a business's plans, newest first. */
export async function listSubscriptions(app: AppContext, actor: Actor, profileId: number) {
  const profile = await ownedBusiness(app, actor, profileId);
  return (await app.repos.subscriptions.findByProfile(profile.id, 50)).map(subscriptionJson);
}

/** Starts the free 30-day trial of a plan for a business the actor owns: once per business, ever. */
export async function startTrial(app: AppContext, actor: Actor, profileId: number, plan: PaidPlan): Promise<SubscriptionRow> {
  const profile = await ownedBusiness(app, actor, profileId);
  const now = app.clock.now();
  try {
    await app.repos.transaction(async (tx) => {
      await tx.subscriptions.lockProfile(profile.id);
      if (await tx.subscriptions.hasHadTrial(profile.id)) throw trialUsed();
      if (await tx.subscriptions.current(profile.id)) throw invalid('plan', 'business_already_plan');
      await tx.subscriptions.insert({
        profile_id: profile.id, plan, kind: 'trial', starts_at: new Date(now).toISOString(), ends_at: new Date(now + AD_RULES.trialDays * 86_400_000).toISOString(),
        tokens: planLimits(plan).tokens ?? 0,
      });
      await applyPlans(tx, [profile.id]);
    });
  } catch (error) {
    if (error instanceof ConflictError) throw trialUsed();
    throw error;
  }
  return (await app.repos.subscriptions.current(profile.id))!;
}

const trialUsed = () => invalid('plan', 'business_had_free_trial');
