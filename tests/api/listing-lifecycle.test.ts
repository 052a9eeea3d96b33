import { describe, expect, it } from 'vitest';
import { markPaidByNumber } from '../../src/server/billing/index.ts';
import { LIFECYCLE, LISTING_STATES, allowed, type ActorKind, type Command, type ListingState } from '../../src/server/listings/index.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * The listing's life (issue 39, decision 0027), on whichever backend the suite runs on (SQLite, then PostgreSQL):
 * the lifecycle table walked whole through the product's own routes (every allowed transition accepted, every other
 * refused with 409, 403 or 404), and the concurrency contract with real parallel requests.
 */
const accounts = useAccountsApp('lifecycle');
const { copy, clock, registerByEmail, signIn, outbox } = accounts;
const { advertiser, claimBusiness, emailOf, jobBody } = advertiserHelpers(accounts, 'lifecycle');
const skip = new Set<number>();
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

let staffClient: SessionClient | undefined;
/** The file's operator, signed in (again: the clock walks), with a fresh proof for destructive actions. */
async function operator(): Promise<SessionClient> {
  if (!staffClient) {
    await registerByEmail('lifecycle-operator@example.my', 'Lifecycle Operator');
    await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'lifecycle-operator@example.my' }))!.id, 'operator');
  }
  staffClient = await signIn('lifecycle-operator@example.my', undefined, staffClient);
  expect((await staffClient.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);
  return staffClient;
}

interface Owner { client: SessionClient; businessId: number; userId: number }
async function owner(name: string): Promise<Owner> {
  const client = await advertiser(name);
  const business = await claimBusiness(client, skip);
  const userId = (await copy.repos.users.findCredentials({ email: emailOf(client) }))!.id;
  return { client, businessId: business.id, userId };
}

let serial = 0;
/**
 * A new ad of the owner's, driven into `state` the way the lifecycle leaves ads there (rows and an open invoice). One
 * waiting for payment is a draft waiting for its first (`publish`), or an expired ad waiting for its renewal (`renew`).
 */
async function adIn(who: Owner, state: ListingState, command?: Command): Promise<number> {
  const created = await who.client.post('/api/advertiser/posts', await jobBody(who.businessId, { title: `Lifecycle Ad ${++serial}` }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body.data as { id: number }).id;
  const now = clock.now();
  const live = { publishedAt: iso(now - DAY), firstLiveAt: iso(now - DAY) };
  await copy.app.repos.transaction(async (tx) => {
    const move = (to: Parameters<typeof tx.listings.move>[1]) => tx.listings.move(id, to);
    switch (state) {
      case 'draft': break;
      case 'held': await move({ from: ['draft'], status: 'draft', heldReason: 'links' }); break;
      case 'refused': await move({ from: ['draft'], status: 'draft', heldReason: 'refused', moderationReason: 'Spam or misleading content' }); break;
      case 'awaiting_payment': {
        if (command === 'renew') await move({ from: ['draft'], status: 'expired', ...live, expiresAt: iso(now - 1000) });
        const profile = (await tx.advertiser.findProfile(who.businessId))!;
        await copy.app.listings.billing.invoice(tx, { userId: who.userId, profileId: profile.id, name: profile.name, companyNo: null },
          { description: 'Ad', unit_sen: 5000, purpose: 'ad', post_id: id });
        break;
      }
      // Live in its last week: renewable early.
      case 'live': await move({ from: ['draft'], status: 'active', ...live, expiresAt: iso(now + 3 * DAY) }); break;
      case 'expired': await move({ from: ['draft'], status: 'expired', ...live, expiresAt: iso(now - 1000) }); break;
      case 'hidden': await move({ from: ['draft'], status: 'hidden', ...live, expiresAt: iso(now + 20 * DAY), hiddenBy: 'post', moderationReason: 'Other' }); break;
      case 'removed': await move({ from: ['draft'], status: 'removed', ...live }); break;
    }
    await tx.listings.reindex([id]);
  });
  return id;
}

/** Each command people give, as the route that gives it. */
const ROUTES: Partial<Record<Command, { by: 'owner' | 'operator'; call: (client: SessionClient, id: number, body: Record<string, unknown>) => ReturnType<SessionClient['post']> }>> = {
  amend: { by: 'owner', call: (client, id, body) => client.patch(`/api/advertiser/posts/${id}`, body) },
  publish: { by: 'owner', call: (client, id) => client.post(`/api/advertiser/posts/${id}/publish`, { confirm: true }) },
  renew: { by: 'owner', call: (client, id) => client.post(`/api/advertiser/posts/${id}/renew`, { confirm: true }) },
  remove: { by: 'owner', call: (client, id) => client.call('DELETE', `/api/advertiser/posts/${id}`) },
  approve: { by: 'operator', call: (client, id) => client.post(`/api/operator/ads/${id}/approve`, {}) },
  refuse: { by: 'operator', call: (client, id) => client.post(`/api/operator/ads/${id}/refuse`, { reason_code: 'spam' }) },
  hide: { by: 'operator', call: (client, id) => client.post(`/api/operator/listings/jobs/${id}/hide`, { reason_code: 'scam' }) },
  unhide: { by: 'operator', call: (client, id) => client.post(`/api/operator/listings/jobs/${id}/unhide`, {}) },
};
/** The operator's remove is the same command as the owner's, through the console. */
const operatorRemove = (client: SessionClient, id: number) => client.post(`/api/operator/listings/jobs/${id}/remove`, { reason_code: 'other', reason: 'Checking the table.' });

describe('the lifecycle table', () => {
  it('states every command once, from states and to states it knows, with who may give it', () => {
    const commands = LIFECYCLE.map((transition) => transition.command);
    expect(new Set(commands).size).toBe(commands.length);
    for (const transition of LIFECYCLE) {
      for (const state of [...transition.from, ...transition.to]) expect(LISTING_STATES).toContain(state);
      expect(transition.by.length).toBeGreaterThan(0);
    }
    expect(allowed('publish', 'live', 'owner')).toBe('wrong_state');
    expect(allowed('hide', 'live', 'owner')).toBe('wrong_actor');
  });

  it('accepts every allowed (state, command, actor) through the product\'s routes, and refuses every other with 409, 403 or 404', async () => {
    const who = await owner('Table Owner');
    const stranger = await owner('Table Stranger');
    const staff = await operator();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const state of LISTING_STATES) {
      for (const [command, route] of Object.entries(ROUTES) as [Command, NonNullable<(typeof ROUTES)[Command]>][]) {
        const actor: ActorKind = route.by;
        const id = await adIn(who, state, command);
        const body = command === 'amend' ? await jobBody(who.businessId, { title: `Lifecycle Ad ${serial} amended` }) : {};
        // A stranger never learns the ad exists (404); an operator is not the ad's advertiser (403); to anyone but an
        // operator the console answers 404, as if it were not there.
        if (route.by === 'owner') {
          const intruder = await route.call(stranger.client, id, body);
          const notAdvertiser = await route.call(staff, id, body);
          outcomes.push(`${state} ${command} stranger ${intruder.status}`, `${state} ${command} operator ${notAdvertiser.status}`);
          expected.push(`${state} ${command} stranger 404`, `${state} ${command} operator 403`);
        } else {
          const notOperator = await route.call(who.client, id, body);
          outcomes.push(`${state} ${command} owner ${notOperator.status}`);
          expected.push(`${state} ${command} owner 404`);
        }
        const client = route.by === 'owner' ? who.client : staff;
        const answer = await route.call(client, id, body);
        const verdict = allowed(command, state, actor);
        outcomes.push(`${state} ${command} ${actor} ${answer.status < 300 ? 'accepted' : answer.status}`);
        expected.push(`${state} ${command} ${actor} ${verdict === 'yes' ? 'accepted' : verdict === 'wrong_state' ? 409 : 403}`);
      }
      // The operator's removal.
      const id = await adIn(who, state);
      const removed = await operatorRemove(staff, id);
      outcomes.push(`${state} remove operator ${removed.status < 300 ? 'accepted' : removed.status}`);
      expected.push(`${state} remove operator ${allowed('remove', state, 'operator') === 'yes' ? 'accepted' : 409}`);
    }
    expect(outcomes).toEqual(expected);
  });

  it('lets the site itself expire a live ad, and put an awaiting one live once its invoice is paid', async () => {
    const who = await owner('System Owner');
    const live = await adIn(who, 'live');
    clock.advance(4 * DAY);
    await copy.app.jobs.runKind('expire_posts');
    expect(await copy.repos.listings.findPost(live)).toMatchObject({ status: 'expired' });
    const waiting = await adIn(who, 'awaiting_payment');
    const invoice = (await copy.repos.invoices.findAwaitingPayment([waiting])).get(waiting)!;
    expect(await markPaidByNumber(copy.app, invoice.number)).toBe(true);
    expect(await copy.repos.listings.findPost(waiting)).toMatchObject({ status: 'active', live: true });
  });
});

describe('the concurrency contract', () => {
  it('two publishes of one draft spend one token and make one live ad', async () => {
    const who = await owner('Racing Publisher');
    expect((await who.client.post(`/api/advertiser/profiles/${who.businessId}/trial`, { plan: 'BRONZE' })).status).toBe(201);
    const id = await adIn(who, 'draft');
    const answers = await Promise.all([1, 2].map(() => who.client.post(`/api/advertiser/posts/${id}/publish`, { confirm: true })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await copy.repos.listings.findPost(id)).toMatchObject({ status: 'active', tokens_spent: 1 });
    expect((await copy.repos.subscriptions.current(who.businessId))!.tokens_used).toBe(1);
  });

  it('two first-free ads of one account make one free and one quoted', async () => {
    const who = await owner('Racing First Ads');
    const [first, second] = [await adIn(who, 'draft'), await adIn(who, 'draft')];
    const answers = await Promise.all([first, second].map((id) => who.client.post(`/api/advertiser/posts/${id}/publish`, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.quote).toMatchObject({ cost: 'ringgit', amount_sen: 5000, confirm_required: true });
    const rows = await Promise.all([first, second].map((id) => copy.repos.listings.findPost(id)));
    expect(rows.map((row) => row!.status).sort()).toEqual(['active', 'draft']);
    expect(await copy.repos.listings.countAdsWentLive(who.userId)).toBe(1);
    // The quoted one was not invoiced: nothing is owed until its owner confirms.
    expect((await who.client.get('/api/advertiser/invoices')).body.data).toEqual([]);
  });

  it('two subscriptions of one business leave one pending', async () => {
    const who = await owner('Racing Subscriber');
    const answers = await Promise.all(['GOLD', 'SILVER'].map((plan) => who.client.post('/api/advertiser/subscriptions', { profile_id: who.businessId, plan, period: 'monthly' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await copy.repos.subscriptions.findByProfile(who.businessId, 10)).filter((row) => row.status === 'pending')).toHaveLength(1);
    expect((await who.client.get('/api/advertiser/invoices')).body.data).toHaveLength(1);
  });

  it('an approval and a refusal of one held ad: one wins', async () => {
    const who = await owner('Racing Held Owner');
    const id = await adIn(who, 'held');
    const staff = await operator();
    const answers = await Promise.all([
      staff.post(`/api/operator/ads/${id}/approve`, {}),
      staff.post(`/api/operator/ads/${id}/refuse`, { reason_code: 'spam' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const row = (await copy.repos.listings.findPost(id))!;
    const approvedWon = answers[0]!.status === 200;
    expect(approvedWon ? row.held_reason : row.held_reason).toBe(approvedWon ? null : 'refused');
    const log = await copy.repos.operator.findAudit({ targetType: 'jobs', targetId: String(id) }, 10, 0);
    expect(log.map((entry) => entry.action)).toEqual([approvedWon ? 'ad.approve' : 'ad.refuse']);
  });

  it('two operator hides write one audit row and one mail', async () => {
    const who = await owner('Racing Hidden Owner');
    const id = await adIn(who, 'live');
    const staff = await operator();
    const mails = messagesTo(outbox, emailOf(who.client)).length;
    const answers = await Promise.all([1, 2].map(() => staff.post(`/api/operator/listings/jobs/${id}/hide`, { reason_code: 'scam', reason: 'Asked for a deposit.' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    await copy.app.outbox.settled();
    const sent = messagesTo(outbox, emailOf(who.client)).slice(mails).map(decodedMail);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('The reason: Suspected scam or fraud: Asked for a deposit.');
    const log = await copy.repos.operator.findAudit({ targetType: 'jobs', targetId: String(id) }, 10, 0);
    expect(log.map((entry) => entry.action)).toEqual(['listing.hide']);
  });
});

describe('invoices that would go stale', () => {
  it('voids an unpaid ad invoice, with its reason, when the ad goes live on a token instead', async () => {
    const who = await owner('Token Instead Owner');
    const first = await adIn(who, 'draft');
    expect((await who.client.post(`/api/advertiser/posts/${first}/publish`, {})).status).toBe(200);
    const second = await adIn(who, 'draft');
    const invoiced = await who.client.post(`/api/advertiser/posts/${second}/publish`, { confirm: true });
    const invoiceId = (invoiced.body.payment_required as { invoice_id: number }).invoice_id;
    expect((await who.client.get(`/api/advertiser/posts/${second}`)).body.data).toMatchObject({ state: 'awaiting_payment', invoice: { id: invoiceId } });
    // A plan's tokens since: publishing again takes a token, and the invoice is void (it keeps its number).
    expect((await who.client.post(`/api/advertiser/profiles/${who.businessId}/trial`, { plan: 'SILVER' })).status).toBe(201);
    const published = await who.client.post(`/api/advertiser/posts/${second}/publish`, { confirm: true });
    expect(published.body).toMatchObject({ data: { status: 'active', tokens_spent: 1, state: 'live', invoice: null } });
    expect((await who.client.get(`/api/advertiser/invoices/${invoiceId}`)).body.data).toMatchObject({ status: 'void', void_reason: 'The ad went live on a token of the plan instead', payment: null });
  });

  it('credits a paid invoice whose ad can no longer go live, in its own CN series, and lists its refund for an operator', async () => {
    const who = await owner('Credited Owner');
    const first = await adIn(who, 'draft');
    expect((await who.client.post(`/api/advertiser/posts/${first}/publish`, {})).status).toBe(200);
    const second = await adIn(who, 'draft');
    const invoiced = await who.client.post(`/api/advertiser/posts/${second}/publish`, { confirm: true });
    const { invoice_number: number, invoice_id: invoiceId, total_sen: total } = invoiced.body.payment_required as { invoice_number: string; invoice_id: number; total_sen: number };
    // The business is hidden by the moderators before the bank transfer arrives.
    const staff = await operator();
    expect((await staff.post(`/api/operator/listings/profile/${who.businessId}/hide`, { reason_code: 'spam' })).status).toBe(200);
    expect(await markPaidByNumber(copy.app, number)).toBe(true);
    expect(await copy.repos.listings.findPost(second)).toMatchObject({ status: 'draft', live: false });
    const invoices = (await who.client.get('/api/advertiser/invoices')).body.data as { number: string; kind: string; corrects_invoice_id: number | null; total_sen: number; status: string }[];
    const credit = invoices.find((invoice) => invoice.kind === 'credit_note')!;
    expect(credit).toMatchObject({ corrects_invoice_id: invoiceId, total_sen: -total });
    expect(credit.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(invoices.find((invoice) => invoice.number === number)).toMatchObject({ status: 'paid' });
    await copy.app.outbox.settled();
    const refundMails = messagesTo(outbox, emailOf(who.client)).map(decodedMail).filter((mail) => mail.includes('is refunded to you'));
    expect(refundMails.map((mail) => /^Subject: (.*)$/m.exec(mail)?.[1])).toEqual([expect.stringContaining(`A refund of RM${(total / 100).toFixed(2)} for invoice ${number}`)]);
    // Bank transfers have no refund call: the operator refunds by hand and records it.
    const refunds = (await staff.get('/api/operator/refunds')).body.data as { id: number; amount_sen: number; by_hand: boolean; invoice: { number: string } }[];
    const refund = refunds.find((item) => item.invoice.number === number)!;
    expect(refund).toMatchObject({ amount_sen: total, by_hand: true });
    expect(((await staff.get('/api/operator/queues')).body.data as { refunds: number }).refunds).toBeGreaterThanOrEqual(1);
    expect((await staff.post(`/api/operator/refunds/${refund.id}/refunded`, { reference: 'MBB-REFUND-0042' })).status).toBe(200);
    expect((await staff.post(`/api/operator/refunds/${refund.id}/refunded`, { reference: 'MBB-REFUND-0042' })).status).toBe(409);
    expect(((await staff.get('/api/operator/refunds')).body.data as { id: number }[]).some((item) => item.id === refund.id)).toBe(false);
  });
});
