import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/server/app-types.ts';
import { makeOffer, sendMessage } from '../../src/server/conversations/conversations.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import type { SessionRow } from '../../src/server/db/rows.ts';
import { approve, moderatePost, refuse, removeOwn, suspendOwner } from '../../src/server/listings/index.ts';
import { setAdCategory } from '../../src/server/operator/held-ads.ts';
import { approveProfileChange, refuseProfileChange } from '../../src/server/operator/profile-changes.ts';
import type { Actor } from '../../src/server/policies.ts';
import { sendPhoneCode } from '../../src/server/trust/verifications.ts';
import type { ConversationView } from '../../src/shared/conversations.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';

/**
 * One rule for every write (issue 60): each command's change, its audit row, its mail (an outbox row and its sending
 * job) and its search and cache rows commit together or not at all. Every command moved onto the helper is run once on
 * an app whose transactions fail at their commit (the work done, then an error: as a crash there would), and must leave
 * nothing behind; then once on the real app, where all of it commits.
 */
const accounts = useAccountsApp('command-rollback');
const { copy, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, jobBody } = advertiserHelpers(accounts, 'rollback');
const skip = new Set<number>();

class CommitFailed extends Error {}

/** The app, with every transaction failing once its work is done. */
function failingAtCommit(): AppContext {
  const real = copy.app.repos;
  const transaction: Repositories['transaction'] = (work) => real.transaction(async (tx) => {
    await work(tx);
    throw new CommitFailed('the commit failed');
  });
  const repos = new Proxy(real, { get: (target, key) => (key === 'transaction' ? transaction : Reflect.get(target, key)) });
  return { ...copy.app, repos, listings: { ...copy.app.listings, repos } };
}

/** What a command writes beside its change: audit rows, outbox rows, jobs (a mail's sending), invalidations. */
async function sideRows() {
  const count = async (table: 'audit_log' | 'outbox_messages' | 'jobs' | 'cache_invalidations') =>
    Number((await copy.query.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { audit: await count('audit_log'), outbox: await count('outbox_messages'), jobs: await count('jobs'), tags: await count('cache_invalidations') };
}

/** Runs `command` on the failing app (nothing of it may stay), then on the real one (all of it commits). */
async function commitsWhole(command: (app: AppContext) => Promise<unknown>, expected: { audit: number; outbox: number; tags: boolean }, changed: () => Promise<unknown>) {
  const before = await sideRows();
  const state = await changed();
  await expect(command(failingAtCommit())).rejects.toBeInstanceOf(CommitFailed);
  expect(await sideRows()).toEqual(before);
  expect(await changed()).toEqual(state);
  await command(copy.app);
  const after = await sideRows();
  expect(after.audit - before.audit).toBe(expected.audit);
  expect(after.outbox - before.outbox).toBe(expected.outbox);
  expect(after.jobs - before.jobs).toBeGreaterThanOrEqual(expected.outbox);
  if (expected.tags) expect(after.tags).toBeGreaterThan(before.tags);
  expect(await changed()).not.toEqual(state);
}

let operatorActor: Actor | undefined;
async function operator(): Promise<Actor> {
  if (!operatorActor) {
    await registerByEmail('rollback-operator@example.my', 'Rollback Operator');
    const id = (await copy.repos.users.findCredentials({ email: 'rollback-operator@example.my' }))!.id;
    await copy.repos.users.addRole(id, 'operator');
    operatorActor = { id, roles: ['operator'] };
  }
  return operatorActor;
}
const freshSession = (userId: number): SessionRow => {
  const now = new Date(accounts.clock.now()).toISOString();
  return { id: 'rollback-session', user_id: userId, csrf_token: '', created_at: now, last_seen_at: now, expires_at: now, proven_at: now };
};

async function heldAd(title: string) {
  const owner = await advertiser(`${title} Owner`);
  const business = await claimBusiness(owner, skip);
  const created = await owner.post('/api/advertiser/posts', await jobBody(business.id, { title }));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body.data as { id: number }).id;
  await copy.app.repos.listings.move(id, { from: ['draft'], status: 'draft', heldReason: 'links' });
  return { owner, business, id };
}

describe('commands commit whole or not at all', () => {
  it('an operator refusing a held ad: its state, audit row and mail', async () => {
    const { id } = await heldAd('Rollback Refused Barista');
    const staff = await operator();
    await commitsWhole((app) => refuse(app.listings, staff, 'test', id, 'Spam or misleading content'), { audit: 1, outbox: 1, tags: false },
      async () => (await copy.repos.listings.findPost(id))!.held_reason);
  });

  it('an operator approving a held ad: its state, audit row, mail, search rows and tags', async () => {
    const { id } = await heldAd('Rollback Approved Barista');
    const staff = await operator();
    await commitsWhole((app) => approve(app.listings, staff, 'test', id), { audit: 1, outbox: 1, tags: true },
      async () => (await copy.repos.listings.findPost(id))!.status);
  });

  it('an owner removing an ad: its state, search rows and tags', async () => {
    const { owner, id } = await heldAd('Rollback Removed Barista');
    const ownerId = (await owner.get('/api/user')).body.id as number;
    await commitsWhole((app) => removeOwn(app.listings, { id: ownerId, roles: ['advertiser'] }, id), { audit: 0, outbox: 0, tags: true },
      async () => (await copy.repos.listings.findPost(id))!.status);
  });

  it('an operator suspending an account: the suspension, its sessions, audit row, mail and tags', async () => {
    const { owner } = await heldAd('Rollback Suspended Barista');
    const ownerId = (await owner.get('/api/user')).body.id as number;
    const staff = await operator();
    await commitsWhole((app) => suspendOwner(app.listings, staff, 'test', ownerId, { until: null, reason: 'Testing.', message: 'Your account is suspended.' }),
      { audit: 1, outbox: 1, tags: true }, async () => [(await copy.repos.listings.findSuspension(ownerId)) !== undefined, (await copy.query.selectFrom('sessions').select('id').where('user_id', '=', ownerId).execute()).length]);
  });

  it('an operator hiding a live ad: its state, audit row, mail, search rows and tags', async () => {
    const { id } = await heldAd('Rollback Hidden Barista');
    const now = accounts.clock.now();
    await copy.app.repos.listings.move(id, { from: ['draft'], status: 'active', heldReason: null, publishedAt: new Date(now).toISOString(), expiresAt: new Date(now + 86_400_000).toISOString() });
    const staff = await operator();
    await commitsWhole((app) => moderatePost(app.listings, staff, 'test', id, 'hide', 'Asked for a deposit.'), { audit: 1, outbox: 1, tags: true },
      async () => (await copy.repos.listings.findPost(id))!.status);
  });

  it('an operator correcting a held ad\'s category: the categories and the audit row', async () => {
    const { id } = await heldAd('Rollback Category Barista');
    const before = (await copy.repos.catalog.findPostCategories([id])).map((row) => row.slug);
    const other = (await copy.repos.catalog.findCategoryTree()).find((row) => row.type === 'jobs' && row.parent_id !== null && !before.includes(row.slug))!;
    const staff = await operator();
    await commitsWhole((app) => setAdCategory(app, staff, 'test', id, { category: other.slug }), { audit: 1, outbox: 0, tags: false },
      async () => (await copy.repos.catalog.findPostCategories([id])).map((row) => row.slug));
  });

  it('an operator refusing a profile change: the revert, its decision, audit row, mail and tags', async () => {
    const owner = await advertiser('Rollback Renamer');
    const business = await claimBusiness(owner, skip);
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { name: 'Rollback New Name Sdn Bhd' })).status).toBe(200);
    const [change] = (await copy.repos.operator.findPendingProfileChanges(200)).filter((row) => row.profile_id === business.id);
    const staff = await operator();
    await commitsWhole((app) => refuseProfileChange(app, staff, freshSession(staff.id), 'test', change!.id, { reason: 'The SSM record names the old name.' }),
      { audit: 1, outbox: 1, tags: true }, async () => (await copy.repos.advertiser.findProfile(business.id))!.name);
  });

  it('an operator approving a profile change: its decision and audit row', async () => {
    const owner = await advertiser('Rollback Approved Renamer');
    const business = await claimBusiness(owner, skip);
    expect((await owner.patch(`/api/advertiser/profiles/${business.id}`, { url: 'https://rollback.example.my' })).status).toBe(200);
    const [change] = (await copy.repos.operator.findPendingProfileChanges(200)).filter((row) => row.profile_id === business.id);
    const staff = await operator();
    await commitsWhole((app) => approveProfileChange(app, staff, freshSession(staff.id), 'test', change!.id), { audit: 1, outbox: 0, tags: false },
      async () => (await copy.repos.operator.findPendingProfileChanges(200)).some((row) => row.id === change!.id));
  });

  it('a buyer\'s offer: the offer and its message', async () => {
    const seller = await advertiser('Rollback Seller');
    const sellerId = (await seller.get('/api/user')).body.id as number;
    const item = await livePost(copy.app, 'buysell', { offset: 2 });
    await copy.query.updateTable('profiles').set({ owner_user_id: sellerId }).where('id', '=', item.row.profile_id).execute();
    await registerByEmail('rollback-buyer@example.my', 'Rollback Buyer');
    const buyer = await signIn('rollback-buyer@example.my');
    const started = await buyer.post('/api/conversations', { type: 'buysell', id: item.id, text: 'Still for sale?', client_id: 'rollback-client-0101' });
    const id = (started.body.data as ConversationView).id;
    const buyerId = (await buyer.get('/api/user')).body.id as number;
    await commitsWhole((app) => makeOffer(app, buyerId, id, { qty: 1, offered_price: 80, deal_method: 'cod' }), { audit: 0, outbox: 0, tags: false },
      async () => (await copy.query.selectFrom('conversation_offers').select('id').where('conversation_id', '=', id).execute()).length);
  });

  it('a person\'s message: the message (and the conversation\'s events)', async () => {
    const owner = await advertiser('Rollback Listener');
    const business = await claimBusiness(owner, skip);
    await registerByEmail('rollback-person@example.my', 'Rollback Person');
    const visitor = await signIn('rollback-person@example.my');
    const started = await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Hello there', client_id: 'rollback-client-0001' });
    const id = (started.body.data as ConversationView).id;
    const personId = (await visitor.get('/api/user')).body.id as number;
    await commitsWhole((app) => sendMessage(app, personId, id, { text: 'Are you open?', client_id: 'rollback-client-0002' }), { audit: 0, outbox: 0, tags: false },
      async () => (await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', id).execute()).length);
  });

  it('a phone badge: the badge, the proved number and the tags', async () => {
    const owner = await advertiser('Rollback Badge');
    const business = await claimBusiness(owner, skip);
    const ownerId = (await owner.get('/api/user')).body.id as number;
    const targets = ((await owner.get(`/api/advertiser/profiles/${business.id}/verifications`)).body.data as { phone_verified: { targets: { index: number }[] } }).phone_verified.targets;
    // The number its claim proved: the badge comes at once, in one command.
    await commitsWhole((app) => sendPhoneCode(app, { id: ownerId, roles: ['advertiser'] }, business.id, { target: targets[0]!.index }, 'test'), { audit: 0, outbox: 0, tags: true },
      async () => (await copy.repos.verifications.findProfileVerifications(business.id)).filter((row) => row.kind === 'phone').length);
  });
});
