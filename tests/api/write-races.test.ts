import { describe, expect, it } from 'vitest';
import type { Repositories } from '../../src/server/db/repositories.ts';
import { CONVERSATION_LIMITS, type ConversationView, type MessageView } from '../../src/shared/conversations.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { codeAfter, decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { livePost } from '../fixtures/catalogue.ts';

/**
 * One rule for every write (issue 60), on whichever backend the suite runs on: the writes the code review found
 * check-then-act, raced through the product's routes. The loser of a race gets what the same request gets once the
 * winner has committed, and nothing of it is stored. Races that cannot be timed by sending at once are timed by a
 * transaction held open: it makes the change that wins, the request starts while it is open (so anything it reads
 * before its own transaction is stale), and the change commits before the request's transaction may look.
 */
const accounts = useAccountsApp('write-races');
const { copy, outbox, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, emailOf, jobBody } = advertiserHelpers(accounts, 'racer');
const skip = new Set<number>();
let clientIds = 0;
const clientId = () => `race-${++clientIds}-${'x'.repeat(8)}`;

let staffClient: SessionClient | undefined;
async function operator(): Promise<SessionClient> {
  if (!staffClient) {
    await registerByEmail('race-operator@example.my', 'Race Operator');
    await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'race-operator@example.my' }))!.id, 'operator');
    staffClient = await signIn('race-operator@example.my');
  }
  expect((await staffClient.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);
  return staffClient;
}

let people = 0;
async function person(): Promise<SessionClient> {
  const email = `race-person-${++people}@example.my`;
  await registerByEmail(email, `Racing Person ${people}`);
  return signIn(email);
}

/**
 * Runs `request` while a transaction that makes `change` is open, then lets that transaction commit: the request's
 * reads before its own transaction see the world before the change; its transaction sees it after.
 */
async function whileChanging<T>(change: (tx: Repositories) => Promise<void>, request: () => Promise<T>): Promise<T> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  let opened!: () => void;
  const open = new Promise<void>((resolve) => { opened = resolve; });
  const holding = copy.app.repos.transaction(async (tx) => {
    await change(tx);
    opened();
    await gate;
  });
  await open;
  const answer = request();
  // Long enough for the request to read what it reads before its transaction on an idle machine; on a busy one the
  // race is merely not provoked (the request then reads after the commit), and the test still holds.
  await new Promise((resolve) => setTimeout(resolve, 300));
  release();
  await holding;
  return answer;
}

/** A seller (an advertiser owning the business of the `offset`-th live buy & sell post) and a buyer in conversation about it. */
async function buyerAndSeller(name: string, offset: number, text: string): Promise<{ seller: SessionClient; buyer: SessionClient; id: number }> {
  const seller = await advertiser(name);
  const sellerId = (await seller.get('/api/user')).body.id as number;
  const item = await livePost(copy.app, 'buysell', { offset });
  await copy.query.updateTable('profiles').set({ owner_user_id: sellerId }).where('id', '=', item.row.profile_id).execute();
  const buyer = await person();
  const started = await buyer.post('/api/conversations', { type: 'buysell', id: item.id, text, client_id: clientId() });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { seller, buyer, id: (started.body.data as ConversationView).id };
}

const auditOf = async (type: string, id: number) => (await copy.repos.operator.findAudit({ targetType: type, targetId: String(id) }, 20, 0)).map((entry) => entry.action);

describe('profile changes', () => {
  it('two refusals of one change: one revert, one audit row, one mail; the other gets 404', async () => {
    const owner = await advertiser('Racing Renamer');
    const business = await claimBusiness(owner, skip);
    const { name: oldName } = (await copy.repos.advertiser.findProfile(business.id))!;
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { name: 'Racing New Name Sdn Bhd' })).status).toBe(200);
    const staff = await operator();
    const [change] = ((await staff.get('/api/operator/profile-changes')).body.data as { id: number; profile: { id: number } }[]).filter((row) => row.profile.id === business.id);
    const mails = messagesTo(outbox, emailOf(owner)).length;
    const answers = await Promise.all([1, 2].map(() => staff.post(`/api/operator/profile-changes/${change!.id}/refuse`, { reason: 'The SSM record names the old name.' })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect((await copy.repos.advertiser.findProfile(business.id))!.name).toBe(oldName);
    const reverts = await copy.query.selectFrom('profile_changes').select('id').where('profile_id', '=', business.id).where('field', '=', 'name').where('review', '=', 'none').execute();
    expect(reverts).toHaveLength(1);
    expect(await auditOf('profile', business.id)).toEqual(['profile_change.refuse']);
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(owner)).slice(mails).map(decodedMail).filter((mail) => mail.includes('was not approved'))).toHaveLength(1);
  });

  it('an approval and its audit row commit together; a second approval is a 404 with no second row', async () => {
    const owner = await advertiser('Racing Approved');
    const business = await claimBusiness(owner, skip);
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { url: 'https://racing.example.my' })).status).toBe(200);
    const staff = await operator();
    const [change] = ((await staff.get('/api/operator/profile-changes')).body.data as { id: number; profile: { id: number } }[]).filter((row) => row.profile.id === business.id);
    const answers = await Promise.all([1, 2].map(() => staff.post(`/api/operator/profile-changes/${change!.id}/approve`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404]);
    expect(await auditOf('profile', business.id)).toEqual(['profile_change.approve']);
  });
});

describe('conversations', () => {
  it(`takes at most ${CONVERSATION_LIMITS.perMinute} messages a minute from one account, of 40 sent at once`, async () => {
    const owner = await advertiser('Racing Listener');
    const business = await claimBusiness(owner, skip);
    const visitor = await person();
    const started = await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Hello, are you open?', client_id: clientId() });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = (started.body.data as ConversationView).id;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => visitor.post(`/api/conversations/${id}/messages`, { text: `Message ${n}`, client_id: clientId() })));
    const accepted = answers.filter((answer) => answer.status === 201).length;
    expect(answers.every((answer) => answer.status === 201 || answer.status === 429)).toBe(true);
    expect(accepted).toBe(CONVERSATION_LIMITS.perMinute - 1);
    const stored = await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', id).execute();
    expect(stored).toHaveLength(CONVERSATION_LIMITS.perMinute);
  });

  it('refuses a message, or an offer, to a conversation closed meanwhile, and stores nothing', async () => {
    const { buyer, id } = await buyerAndSeller('Racing Seller', 3, 'Is it still for sale?');
    const count = async () => (await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', id).execute()).length;
    const before = await count();
    // The listing changed hands meanwhile: the person's conversation is superseded (a new owner never reads it).
    const message = await whileChanging((tx) => tx.conversations.supersedeConversation(id),
      () => buyer.post(`/api/conversations/${id}/messages`, { text: 'Hello?', client_id: clientId() }));
    expect(message.status).toBe(422);
    expect(message.body.errors).toEqual({ text: ['This listing has a new owner. Write to them from the listing.'] });
    expect(await count()).toBe(before);

    const other = await buyerAndSeller('Racing Second Seller', 4, 'And this one?');
    const offer = await whileChanging((tx) => tx.conversations.supersedeConversation(other.id),
      () => other.buyer.post(`/api/conversations/${other.id}/offers`, { qty: 1, offered_price: 120, deal_method: 'cod' }));
    expect(offer.status).toBe(422);
    expect(await copy.query.selectFrom('conversation_offers').select('id').where('conversation_id', '=', other.id).execute()).toEqual([]);
  });

  it('accepts one of two acceptances of one offer at once (regression)', async () => {
    const { seller, buyer, id } = await buyerAndSeller('Racing Acceptor', 5, 'Would you take an offer?');
    const made = await buyer.post(`/api/conversations/${id}/offers`, { qty: 1, offered_price: 99, deal_method: 'cod' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const offerId = (made.body.data as MessageView).offer!.id;
    const answers = await Promise.all([1, 2].map(() => seller.post(`/api/conversations/offers/${offerId}/accept`, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await copy.query.selectFrom('conversation_offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow()).toEqual({ status: 'accepted' });
  });
});

describe('held ads', () => {
  it('refuses a category change of an ad approved meanwhile: the change never lands after the approval', async () => {
    const owner = await advertiser('Racing Held Owner');
    const business = await claimBusiness(owner, skip);
    const created = await owner.post('/api/advertiser/posts', await jobBody(business.id, { title: 'Racing Held Barista' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    await copy.app.repos.listings.move(id, { from: ['draft'], status: 'draft', heldReason: 'links' });
    const before = (await copy.repos.catalog.findPostCategories([id])).map((row) => row.slug);
    const other = (await copy.repos.catalog.findCategoryTree()).find((row) => row.type === 'jobs' && row.parent_id !== null && !before.includes(row.slug))!;
    const staff = await operator();
    // Approved meanwhile (as the approval command leaves it: live, its hold gone).
    const answer = await whileChanging(async (tx) => {
      expect(await tx.listings.move(id, { from: ['draft'], status: 'active', heldReason: null, publishedAt: new Date(accounts.clock.now()).toISOString(), expiresAt: new Date(accounts.clock.now() + 30 * 86_400_000).toISOString() })).toBe(true);
    }, () => staff.post(`/api/operator/ads/${id}/category`, { category: other.slug }));
    expect(answer.status).toBe(404);
    expect((await copy.repos.catalog.findPostCategories([id])).map((row) => row.slug)).toEqual(before);
    expect(await auditOf('jobs', id)).toEqual([]);
  });
});

describe('phone badges', () => {
  it('two accounts confirming one number at once: one badge; the other is told the number is taken', async () => {
    const number = '012-888 7766';
    const owners = [await advertiser('Racing Prover One'), await advertiser('Racing Prover Two')];
    const businesses = [await claimBusiness(owners[0]!, skip), await claimBusiness(owners[1]!, skip)];
    for (const business of businesses) {
      await copy.query.updateTable('locations').set({ company_phone_number: number }).where('profile_id', '=', business.id).execute();
    }
    type State = { phone_verified: { targets: { index: number; target: string }[] } };
    const indexes: number[] = [];
    const codes: string[] = [];
    for (const [n, owner] of owners.entries()) {
      const path = `/api/advertiser/profiles/${businesses[n]!.id}/verifications`;
      const target = ((await owner.get(path)).body.data as State).phone_verified.targets.find((item) => item.target === '+60 12-*** **66')!;
      indexes.push(target.index);
      codes.push(await codeAfter(outbox, '60128887766', async () => {
        const sent = await owner.post(`${path}/phone`, { target: target.index });
        expect(sent.body.data, JSON.stringify(sent.body)).toMatchObject({ status: 'code_sent' });
      }));
      accounts.clock.advance(2 * 60_000);
    }
    const answers = await Promise.all(owners.map((owner, n) =>
      owner.post(`/api/advertiser/profiles/${businesses[n]!.id}/verifications/phone/confirm`, { target: indexes[n], code: codes[n] })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.errors).toEqual({ target: ['This number is verified by another account.'] });
    const badges = await copy.query.selectFrom('profile_verifications').select(['profile_id', 'user_id']).where('kind', '=', 'phone').where('status', '=', 'approved')
      .where('value', '=', '60128887766').execute();
    expect(badges).toHaveLength(1);
    const holder = await copy.query.selectFrom('proved_numbers').select('user_id').where('number', '=', '60128887766').executeTakeFirstOrThrow();
    expect(Number(holder.user_id)).toBe(Number(badges[0]!.user_id));
  });
});

describe('proved numbers', () => {
  it('are written by each way a number is proved: an account\'s phone (released when it changes), an SMS claim, a badge', async () => {
    const owner = await advertiser('Number Keeper');
    const userId = (await owner.get('/api/user')).body.id as number;
    const holderOf = async (number: string) => (await copy.query.selectFrom('proved_numbers').select(['user_id', 'way']).where('number', '=', number).executeTakeFirst());
    const first = (await copy.repos.users.findUser(userId))!.phone_number!;
    expect(await holderOf(first)).toMatchObject({ way: 'account' });
    const code = await codeAfter(outbox, '60176660077', () => owner.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: '0176660077' }));
    expect((await owner.patch('/api/account', { phone_number_country: '60', phone_number: '017-666 0077', code })).status).toBe(200);
    expect(Number((await holderOf('60176660077'))!.user_id)).toBe(userId);
    expect(await holderOf(first)).toBeUndefined();
    // The claim by SMS proved the business's listed number.
    const business = await claimBusiness(owner, skip);
    const claim = await copy.query.selectFrom('profile_claims').select('target').where('profile_id', '=', business.id).where('status', '=', 'verified').executeTakeFirstOrThrow();
    expect(await holderOf(claim.target!)).toMatchObject({ way: 'claim' });
  });
});
