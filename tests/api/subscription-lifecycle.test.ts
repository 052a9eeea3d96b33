import { describe, expect, it } from 'vitest';
import { runSubscriptionLifecycle } from '../../src/server/billing/index.ts';
import { markPaidByNumber } from '../../src/server/billing/payments.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * A subscription over time (issue 27), on the app clock: renewal invoiced 7 days before the end, paid or given 7 days
 * of grace, then a downgrade to FREE with the ads over FREE's limits back in draft; cancellation within the 12-month
 * minimum; upgrades at once with a prorated invoice; downgrades at the period's end; the trial's end. Each step mails.
 */
const accounts = useAccountsApp('lifecycle');
const { copy, clock, browser, outbox } = accounts;
const { advertiser, claimBusiness, emailOf, jobBody, signInAgain } = advertiserHelpers(accounts, 'subscriber');
const DAY = 86_400_000;
const skip = new Set<number>();

interface Invoice { id: number; number: string; status: string; kind: string; total_sen: number; lines: { description: string; unit_sen: number; amount_sen: number }[]; corrects_invoice_id: number | null; void_reason: string | null }
interface Subscription { id: number; plan: string; status: string; starts_at: string; ends_at: string; cancel_at: string | null; renews: boolean; next_plan: string | null }

const subjects = (owner: SessionClient) => messagesTo(outbox, emailOf(owner)).map(decodedMail).map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '');
const lastMail = (owner: SessionClient) => messagesTo(outbox, emailOf(owner)).map(decodedMail).at(-1)!;
const publicPlan = async (slug: string) => ((await browser().get(`/api/profile/slug/${slug}`)).body as { plan: string }).plan;

async function run() {
  await runSubscriptionLifecycle(copy.app);
  await copy.app.outbox.settled();
}

/** Walks the clock to `iso` plus `ms`, then runs the lifecycle. */
async function walkTo(iso: string, ms = 0) {
  clock.advance(Date.parse(iso) + ms - clock.now());
  await run();
}

async function buyAndPay(owner: SessionClient, businessId: number, plan: string, period: string) {
  const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: businessId, plan, period });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const { subscription, invoice } = bought.body.data as { subscription: Subscription; invoice: Invoice };
  expect(await markPaidByNumber(copy.app, invoice.number)).toBe(true);
  return { subscription, invoice };
}

const subscriptionsOf = async (owner: SessionClient, businessId: number) => (await owner.get(`/api/advertiser/subscriptions?profile_id=${businessId}`)).body.data as Subscription[];
const invoices = async (owner: SessionClient) => (await owner.get('/api/advertiser/invoices')).body.data as Invoice[];

describe('renewal, grace and downgrade', () => {
  it('renews a paid plan, then, unpaid, gives 7 days of grace and moves the business to FREE with its big ads in draft', async () => {
    const owner = await advertiser('Renewing Owner');
    const business = await claimBusiness(owner, skip);
    const { subscription } = await buyAndPay(owner, business.id, 'GOLD', 'monthly');
    expect(await publicPlan(business.slug)).toBe('GOLD');
    // Two live ads: one within FREE's limits, one with more keywords than FREE allows (GOLD: 20, FREE: 5).
    type Ad = { id: number; slug: string; status: string };
    const small = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Small Ad Kopitiam', keywords: ['kopi', 'teh'] }), publish: true, confirm: true });
    const big = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Big Ad Kopitiam', keywords: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7'] }), publish: true, confirm: true });
    const [smallAd, bigAd] = [small.body.data as Ad, big.body.data as Ad];
    expect([smallAd.status, bigAd.status]).toEqual(['active', 'active']);

    // 8 days before the end: nothing yet. 7 days before: the renewal invoice, mailed.
    await walkTo(subscription.ends_at, -8 * DAY);
    await signInAgain(owner);
    expect(await invoices(owner)).toHaveLength(1);
    await walkTo(subscription.ends_at, -7 * DAY + 60_000);
    await signInAgain(owner);
    const renewal = (await invoices(owner))[0]!;
    expect(renewal).toMatchObject({ status: 'issued', total_sen: 9434 });
    expect(renewal.lines[0]!.description).toMatch(/^Renewal: GOLD plan, monthly/);
    expect(subjects(owner).filter((subject) => /^Your GOLD plan for .* renews/.test(subject))).toHaveLength(1);
    await run();
    expect(await invoices(owner)).toHaveLength(2);

    // Past the end, unpaid: grace (mailed once); the plan and its ads stay.
    await walkTo(subscription.ends_at, DAY);
    expect(lastMail(owner)).toMatch(new RegExp(`Subject: Pay invoice ${renewal.number} to keep GOLD`));
    await signInAgain(owner);
    const mails = subjects(owner).length;
    await run();
    expect(subjects(owner)).toHaveLength(mails);
    expect(await publicPlan(business.slug)).toBe('GOLD');

    // Past the grace: FREE, the renewal voided (it keeps its number), the big ad back in draft (and out of the public site), the mail says so.
    await walkTo(subscription.ends_at, 7 * DAY + 60_000);
    const downgrade = lastMail(owner);
    await signInAgain(owner);
    expect(await publicPlan(business.slug)).toBe('FREE');
    const after = await invoices(owner);
    expect(after.find((item) => item.id === renewal.id)).toMatchObject({ status: 'void', void_reason: 'Renewal not paid' });
    expect(after.filter((item) => item.kind === 'credit_note')).toEqual([]);
    expect(downgrade).toContain(`has moved to FREE`);
    expect(downgrade).toContain('"Big Ad Kopitiam"');
    expect(downgrade).not.toContain('"Small Ad Kopitiam"');
    expect((await owner.get(`/api/advertiser/posts/${bigAd.id}`)).body.data).toMatchObject({ status: 'draft', plan: 'FREE' });
    expect((await owner.get(`/api/advertiser/posts/${smallAd.id}`)).body.data).toMatchObject({ status: 'active', plan: 'FREE' });
    expect((await browser().get(`/api/post/slug/${bigAd.slug}`)).status).toBe(404);
    // Nothing renews any more, and the void invoice cannot be paid.
    await run();
    expect(await invoices(owner)).toHaveLength(after.length);
    expect(await markPaidByNumber(copy.app, renewal.number)).toBe(false);
  });

  it('a paid renewal carries the plan on, and a lower plan chosen takes over at the period\'s end', async () => {
    const owner = await advertiser('Loyal Owner');
    const business = await claimBusiness(owner, skip);
    const { subscription } = await buyAndPay(owner, business.id, 'GOLD', 'monthly');
    // Choosing BRONZE while GOLD runs changes nothing now.
    const lower = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'BRONZE', period: 'monthly' });
    expect(lower.status).toBe(200);
    expect(lower.body).toMatchObject({ data: { subscription: { id: subscription.id, next_plan: 'BRONZE' }, invoice: null }, message: expect.stringMatching(/moves to BRONZE monthly/) });
    expect(await publicPlan(business.slug)).toBe('GOLD');
    await walkTo(subscription.ends_at, -7 * DAY + 60_000);
    await signInAgain(owner);
    const renewal = (await invoices(owner))[0]!;
    expect(renewal.total_sen).toBe(3074);
    expect(renewal.lines[0]!.description).toMatch(/^Renewal: BRONZE plan, monthly/);
    expect(await markPaidByNumber(copy.app, renewal.number)).toBe(true);
    expect(await publicPlan(business.slug)).toBe('GOLD');
    await walkTo(subscription.ends_at, 60_000);
    expect(await publicPlan(business.slug)).toBe('BRONZE');
    expect(lastMail(owner)).toContain('has moved to BRONZE');
    await signInAgain(owner);
    const list = await subscriptionsOf(owner, business.id);
    expect(list[0]).toMatchObject({ plan: 'BRONZE', status: 'active', starts_at: subscription.ends_at });
  });
});

describe('cancelling and upgrading', () => {
  it('a monthly plan cancelled in its first months renews until its 12-month minimum ends; a yearly one stops at its end', async () => {
    const owner = await advertiser('Cancelling Owner');
    const monthly = await claimBusiness(owner, skip);
    const { subscription } = await buyAndPay(owner, monthly.id, 'SILVER', 'monthly');
    const cancelled = await owner.post(`/api/advertiser/subscriptions/${subscription.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const minimumEnd = new Date(subscription.starts_at);
    minimumEnd.setUTCMonth(minimumEnd.getUTCMonth() + 12);
    expect(cancelled.body).toMatchObject({ data: { cancel_at: minimumEnd.toISOString(), renews: true }, message: expect.stringMatching(/12-month minimum/) });

    const yearly = await claimBusiness(owner, skip);
    const year = await buyAndPay(owner, yearly.id, 'BRONZE', 'yearly');
    const stop = await owner.post(`/api/advertiser/subscriptions/${year.subscription.id}/cancel`);
    expect(stop.body).toMatchObject({ data: { cancel_at: year.subscription.ends_at, renews: false }, message: expect.stringMatching(/does not renew/) });
    // No renewal invoice; at the end, the plan ends (mailed) and the business is FREE.
    await walkTo(year.subscription.ends_at, -7 * DAY + 60_000);
    await signInAgain(owner);
    expect((await invoices(owner)).filter((item) => item.lines[0]!.description.startsWith('Renewal: BRONZE'))).toEqual([]);
    await walkTo(year.subscription.ends_at, 60_000);
    expect(await publicPlan(yearly.slug)).toBe('FREE');
    const name = (await copy.app.repos.advertiser.findProfile(yearly.id))!.name;
    expect(subjects(owner).filter((subject) => subject.startsWith(`Your BRONZE plan for ${name}`))).toHaveLength(1);
    expect(lastMail(owner)).toContain('has ended as cancelled');

    // A pending plan cancelled is withdrawn, its invoice voided.
    await signInAgain(owner);
    const pending = await owner.post('/api/advertiser/subscriptions', { profile_id: yearly.id, plan: 'GOLD', period: 'monthly' });
    const withdrawn = await owner.post(`/api/advertiser/subscriptions/${(pending.body.data as { subscription: Subscription }).subscription.id}/cancel`);
    expect(withdrawn.body).toMatchObject({ data: { status: 'cancelled' } });
    expect((await invoices(owner)).find((item) => item.id === (pending.body.data as { invoice: Invoice }).invoice.id)).toMatchObject({ status: 'void', void_reason: 'Plan cancelled before it started' });
  });

  it('an upgrade takes effect once its prorated invoice is paid, for the rest of the period', async () => {
    const owner = await advertiser('Upgrading Owner');
    const business = await claimBusiness(owner, skip);
    const { subscription } = await buyAndPay(owner, business.id, 'SILVER', 'yearly');
    const periodDays = Math.round((Date.parse(subscription.ends_at) - Date.parse(subscription.starts_at)) / DAY);
    clock.advance(periodDays * DAY / 2);
    await signInAgain(owner);
    const up = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'GOLD', period: 'yearly' });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const { invoice, subscription: upgraded } = up.body.data as { invoice: Invoice; subscription: Subscription };
    const daysLeft = Math.ceil((Date.parse(subscription.ends_at) - clock.now()) / DAY);
    // GOLD yearly RM899 less SILVER yearly (RM499), for the days left of the year.
    expect(invoice.lines[0]!.unit_sen).toBe(Math.round((89900 - 49900) * daysLeft / periodDays));
    expect(invoice.lines[0]!.description).toMatch(/^Upgrade from SILVER to GOLD \(yearly\)/);
    expect(upgraded).toMatchObject({ plan: 'GOLD', status: 'pending', ends_at: subscription.ends_at });
    expect(await publicPlan(business.slug)).toBe('SILVER');
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(true);
    expect(await publicPlan(business.slug)).toBe('GOLD');
    expect(await copy.app.repos.subscriptions.current(business.id)).toMatchObject({ id: upgraded.id, plan: 'GOLD' });
    // The same plan again is refused.
    expect((await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'GOLD', period: 'yearly' })).status).toBe(422);
  });
});

describe('the trial\'s end', () => {
  it('mails that the trial ended and what the business is on now', async () => {
    const owner = await advertiser('Trial Owner');
    const business = await claimBusiness(owner, skip);
    expect((await owner.post(`/api/advertiser/profiles/${business.id}/trial`, { plan: 'SILVER' })).status).toBe(201);
    const trial = (await copy.app.repos.subscriptions.current(business.id))!;
    await walkTo(trial.ends_at, 60_000);
    expect(await publicPlan(business.slug)).toBe('FREE');
    expect(lastMail(owner)).toMatch(/Subject: Your free SILVER trial for .* has ended/);
    expect(lastMail(owner)).toContain('is on FREE now');
  });
});
