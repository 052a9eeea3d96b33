/**
 * The life of a subscription over time (issue 27, decision 0023; the listing's own life is listings/, decision 0027),
 * one run of the `end_subscriptions` job: renewal
 * invoices 7 days before a paid period ends; at the end, a paid renewal carries on, an unpaid one gives 7 days of
 * grace and then the business moves to FREE (the renewal credited); a trial, a cancelled plan or a plan whose next
 * period is a lower one ends. Whenever a business's plan goes down, its live and expired ads over the new per-ad limits go back
 * to draft. Each step mails the owner, in the step's transaction. Time is the app clock's.
 */
import { overPlan, planLimits, type PaidPlan } from '../../shared/plans.ts';
import { withdraw } from '../listings/index.ts';
import type { AppContext } from '../app-types.ts';
import type { SubscriptionRow } from '../db/rows.ts';
import type { Repositories } from '../db/repositories.ts';
import { planPriceSen } from '../../shared/billing.ts';
import { addMonths, issueInvoice } from './invoices.ts';
import { graceMail, planEndedMail, renewalMail } from './mails.ts';
import { applyPlans } from './plan-changes.ts';
import { dropRenewal, planLine } from './subscriptions.ts';
import { say } from '../../shared/said.ts';

const DAY_MS = 86_400_000;
/** The renewal invoice is issued this long before the period ends, and unpaid, the plan runs this long past it. */
const RENEWAL_NOTICE_DAYS = 7;
const GRACE_DAYS = 7;
/** Subscriptions dealt with per step of a run (the job runs every minute). */
const BATCH = 100;

const iso = (ms: number) => new Date(ms).toISOString();

/** The owner's e-mail address, if the business has an owner with one. */
async function ownerOf(tx: Repositories, profileId: number) {
  const profile = await tx.advertiser.findProfile(profileId);
  const owner = profile?.owner_user_id == null ? undefined : await tx.users.findUser(profile.owner_user_id);
  return profile && { profile, owner, email: owner?.email ?? null, locale: owner?.locale ?? 'en' };
}

/**
 * The business takes the plan its running subscription names; its live and expired ads over that plan's per-ad
 * limits go back to draft (an expired one would otherwise be renewed past them). Answers the plan and the moved ads' titles.
 */
async function settlePlan(tx: Repositories, profileId: number): Promise<{ plan: string; moved: string[] }> {
  await applyPlans(tx, [profileId]);
  const plan = (await tx.advertiser.findProfile(profileId))!.plan;
  const limits = planLimits(plan);
  const over = (await tx.subscriptions.findPostSizes(profileId)).filter((post) => overPlan(limits, post).length > 0);
  const moved = new Set(await withdraw(tx, over.map((post) => post.id)));
  return { plan, moved: over.filter((post) => moved.has(post.id)).map((post) => post.title) };
}

/** Issues the invoice of a paid period's renewal (the next plan chosen, or the same) and opens its grace. */
async function invoiceRenewal(app: AppContext, subscription: SubscriptionRow): Promise<void> {
  await app.repos.transaction(async (tx) => {
    const party = await ownerOf(tx, subscription.profile_id);
    if (!party?.owner) {
      // Nobody to bill: the plan ends with its period.
      await tx.subscriptions.update(subscription.id, { cancel_at: subscription.ends_at });
      return;
    }
    const { profile, owner } = party;
    const plan = (subscription.next_plan ?? subscription.plan) as PaidPlan;
    const period = subscription.next_period ?? subscription.period ?? 'monthly';
    const startsAt = subscription.ends_at;
    const endsAt = addMonths(startsAt, period === 'yearly' ? 12 : 1);
    const invoice = await issueInvoice(app, tx, { userId: owner.id, profileId: profile.id, name: profile.name, companyNo: profile.company_no },
      [{ description: `Renewal: ${planLine(plan, period, profile.name, startsAt, endsAt)}`, quantity: 1, unit_sen: planPriceSen(plan, period) }],
      { dueAt: subscription.ends_at, mail: false });
    await tx.subscriptions.insert({
      profile_id: profile.id, plan, kind: 'paid', period, starts_at: startsAt, ends_at: endsAt, tokens: planLimits(plan).tokens ?? 0, status: 'pending',
      invoice_id: invoice.id, term_starts_at: subscription.term_starts_at ?? subscription.starts_at, renews_subscription_id: subscription.id,
    });
    await tx.subscriptions.update(subscription.id, { grace_until: iso(Date.parse(subscription.ends_at) + GRACE_DAYS * DAY_MS) });
    if (owner.email) await app.outbox.queueMail(renewalMail({ email: owner.email, locale: owner.locale }, profile.name, plan, subscription.ends_at, invoice, app.config.siteUrl), { tx });
  });
}

/** Deals with a subscription whose period has ended. */
async function endPeriod(app: AppContext, subscription: SubscriptionRow, now: number): Promise<void> {
  const renewal = subscription.kind === 'paid' ? await app.repos.subscriptions.findRenewal(subscription.id) : undefined;
  await app.repos.transaction(async (tx) => {
    const party = await ownerOf(tx, subscription.profile_id);
    const site = app.config.siteUrl;
    const close = () => tx.subscriptions.update(subscription.id, { closed_at: iso(now) });
    if (renewal?.status === 'pending') {
      const graceUntil = subscription.grace_until === null ? now : Date.parse(subscription.grace_until);
      if (now < graceUntil) {
        if (subscription.grace_mailed_at !== null) return;
        await tx.subscriptions.update(subscription.id, { grace_mailed_at: iso(now) });
        const invoice = (await tx.invoices.find(renewal.invoice_id!))!;
        if (party?.email) await app.outbox.queueMail(graceMail({ email: party.email, locale: party.locale }, party.profile.name, subscription.plan, subscription.grace_until!, invoice, site), { tx });
        return;
      }
      // Grace is over and the renewal unpaid: it is cancelled, its invoice credited, and the plan ends.
      await dropRenewal(tx, renewal, 'Renewal not paid');
      await close();
      const { plan, moved } = await settlePlan(tx, subscription.profile_id);
      if (party?.email) {
        await app.outbox.queueMail(planEndedMail({ email: party.email, locale: party.locale }, party.profile.name, say('mail_moved_subject', { business: party.profile.name, plan }),
          say('mail_lead_renewal_unpaid', { plan: subscription.plan, days: GRACE_DAYS }), plan, moved, site), { tx });
      }
      return;
    }
    await close();
    const before = party?.profile.plan;
    const { plan, moved } = await settlePlan(tx, subscription.profile_id);
    if (!party?.email) return;
    const to = { email: party.email, locale: party.locale };
    if (subscription.kind === 'trial') {
      await app.outbox.queueMail(planEndedMail(to, party.profile.name, say('mail_trial_ended_subject', { plan: subscription.plan, business: party.profile.name }),
        say('mail_lead_trial_ended', { plan: subscription.plan }), plan, moved, site), { tx });
    } else if (renewal?.status !== 'active') {
      await app.outbox.queueMail(planEndedMail(to, party.profile.name, say('mail_plan_ended_subject', { plan: subscription.plan, business: party.profile.name }),
        say('mail_lead_cancelled', { plan: subscription.plan }), plan, moved, site), { tx });
    } else if (plan !== before) {
      await app.outbox.queueMail(planEndedMail(to, party.profile.name, say('mail_moved_subject', { business: party.profile.name, plan }),
        say('mail_lead_new_period'), plan, moved, site), { tx });
    }
  });
}

/** One run: renewals due, then periods that ended, then every business on the plan that runs now. */
export async function runSubscriptionLifecycle(app: AppContext): Promise<void> {
  const now = app.clock.now();
  for (const subscription of await app.repos.subscriptions.findRenewalsDue(iso(now + RENEWAL_NOTICE_DAYS * DAY_MS), BATCH)) await invoiceRenewal(app, subscription);
  for (const subscription of await app.repos.subscriptions.findEndedOpen(BATCH)) await endPeriod(app, subscription, now);
  await app.repos.transaction((tx) => applyPlans(tx));
}
