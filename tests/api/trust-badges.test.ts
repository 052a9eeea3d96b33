import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_VERIFIER_EMAIL, VERIFIED_DEMO_BUSINESSES } from '../../scripts/seed/sqlite/verifications.ts';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { jsonLdScript, profileStructuredData } from '../../src/server/seo/structured-data.ts';
import { structuredDataIssues } from '../helpers/structured-data.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, latestCode, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Badges backed by evidence (issue 45) through the API on the configured backend: the SSM request (number checked,
 * certificate required and private), the operator's audited decision, the badge and its years on the profile's API and
 * cached pages (dropped by tag), a new company number dropping it; claimed only with an owner; a stated year shown as stated.
 */
// The app reads the seed's private files (the demo certificates) from a copy of the template's media folder.
const media = mkdtempSync(join(tmpdir(), 'yp-trust-media-'));
cpSync(join(inject('mediaDir'), 'private'), join(media, 'private'), { recursive: true });
afterAll(() => rmSync(media, { recursive: true, force: true }));
const accounts = useAccountsApp('trust-badges', { MEDIA_DIR: media });
const { copy, outbox, clock, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, emailOf, signInAgain } = advertiserHelpers(accounts, 'trust');
const skip = new Set<number>();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
type Badge = { value: string; key: string; verified: boolean; url: string };

let owner: SessionClient;
let business: { id: number; slug: string };

function ssmForm(companyNo: string | undefined, file?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  if (companyNo !== undefined) form.append('company_no', companyNo);
  if (file) form.append('certificate', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

let moderator: SessionClient | undefined;
async function operator(): Promise<SessionClient> {
  if (moderator) return moderator;
  await registerByEmail('badge-operator@example.my', 'Badge Operator');
  await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'badge-operator@example.my' }))!.id, 'operator');
  moderator = await signIn('badge-operator@example.my');
  return moderator;
}

/** A person of a month's standing who follows another business, signed in from `address` (their own by default). */
async function establishedPerson(email: string, name: string, address?: string): Promise<SessionClient> {
  await registerByEmail(email, name);
  await copy.query.updateTable('users').set({ created_at: new Date(clock.now() - 30 * 24 * 60 * 60_000).toISOString() }).where('email', '=', email).execute();
  const person = await signIn(email, undefined, address === undefined ? undefined : browser(address));
  const other = await copy.query.selectFrom('profiles').select('id').where('kind', '=', 'business').where('hidden_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
  expect((await person.post('/api/follow', { type: 'profile', id: other.id })).status).toBeLessThan(300);
  return person;
}

const badgesOf = async (slug: string) => ((await browser().get(`/api/profile/slug/${slug}`)).body as { badges: Badge[] }).badges;

beforeAll(async () => {
  owner = await advertiser('Owner Trust');
  business = await claimBusiness(owner, skip);
  // The business states it was founded in 2015 and lists that number.
  await copy.query.updateTable('profiles').set({ established_year: 2015, company_no: '201501012345 (1134567-A)' }).where('id', '=', business.id).execute();
});

describe('badges', () => {
  it('shows claimed only with an owner, and a stated year as stated', async () => {
    const badges = await badgesOf(business.slug);
    expect(badges.find((badge) => badge.key === 'claimed')).toEqual({ key: 'claimed', value: 'Claimed by its owner', verified: true, url: '/pages/badges#claimed' });
    expect(badges.find((badge) => badge.key === 'years_in_business')).toEqual({
      key: 'years_in_business', value: 'Since 2015 (stated by the owner)', verified: false, url: '/pages/badges#years-in-business',
    });
    expect(badges.some((badge) => badge.key === 'ssm_registered')).toBe(false);
    // A profile marked claimed with nobody owning it shows no claimed badge.
    const unowned = await copy.query.selectFrom('profiles').select(['id', 'slug']).where('owner_user_id', 'is', null).where('hidden_at', 'is', null).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await copy.query.updateTable('profiles').set({ claimed: 1 as never }).where('id', '=', unowned.id).execute();
    expect((await badgesOf(unowned.slug)).some((badge) => badge.key === 'claimed')).toBe(false);
  });

  it('says "Listed by its owner" of a business its account created, and "Claimed by its owner" once a code proves control (probe finding 16)', async () => {
    const creator = await advertiser('Maybank Pretender');
    const created = await creator.post('/api/advertiser/profiles', {
      name: 'Maybank Berhad', locations: [{ name: 'HQ', address_line1: '100 Jalan Tun Perak', city: 'Kuala Lumpur', state: 'Kuala Lumpur', postcode: '50050', phone_number: '012-777 1234' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const made = created.body.data as { id: number; slug: string };
    const page = (await browser().get(`/api/profile/slug/${made.slug}`)).body as { claimed: boolean; badges: Badge[] };
    // The spec's field stays true (no Claim box on it); the badge says only what happened.
    expect(page.claimed).toBe(true);
    expect(page.badges.map((badge) => badge.key)).not.toContain('claimed');
    expect(page.badges.find((badge) => badge.key === 'listed')).toEqual({ key: 'listed', value: 'Listed by its owner', verified: false, url: '/pages/badges#listed' });
    const state = (await creator.get(`/api/advertiser/profiles/${made.id}/verifications`)).body.data as { claimed: { earned: boolean } };
    expect(state.claimed.earned).toBe(false);
    // The owner of a business taken by a claim's code has the claimed badge (the first test's business).
    expect((await badgesOf(business.slug)).map((badge) => badge.key)).toContain('claimed');
    expect((await badgesOf(business.slug)).map((badge) => badge.key)).not.toContain('listed');
  });

  it('takes an SSM request with a valid number and a certificate; an operator approves it, audited, and the badge reaches the cached page', async () => {
    const path = `/api/advertiser/profiles/${business.id}/verifications/ssm`;
    const bad = await owner.postForm(path, ssmForm('2015-99-012345', { bytes: PDF, name: 'ssm.pdf', type: 'application/pdf' }));
    expect(bad.status).toBe(422);
    expect((bad.body.errors as Record<string, string[]>).company_no).toEqual(['The company number must be a 12-digit SSM number, e.g. 201501012345.']);
    expect((await owner.postForm(path, ssmForm('201501012345'))).status).toBe(422);
    expect((await owner.postForm(path, ssmForm('201501012345', { bytes: Buffer.from('just text'), name: 'ssm.txt', type: 'text/plain' }))).status).toBe(422);
    const stranger = await advertiser('Not The Owner');
    expect((await stranger.postForm(path, ssmForm('201501012345', { bytes: PDF, name: 'ssm.pdf', type: 'application/pdf' }))).status).toBe(404);
    expect((await stranger.get(`/api/advertiser/profiles/${business.id}/verifications`)).status).toBe(404);

    const sent = await owner.postForm(path, ssmForm('201501012345 (1134567-A)', { bytes: PDF, name: 'ssm.pdf', type: 'application/pdf' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body.data as { id: number; status: string }).id;
    expect(sent.body.data).toMatchObject({ status: 'pending', company_no: '201501012345' });
    const state = (await owner.get(`/api/advertiser/profiles/${business.id}/verifications`)).body.data as { ssm_registered: { status: string; earned: boolean } };
    expect(state.ssm_registered).toMatchObject({ status: 'pending', earned: false });

    const staff = await operator();
    const queue = (await staff.get('/api/operator/verifications')).body.data as { id: number; company_no: string; year: number; entity: string; document: { url: string } }[];
    const request = queue.find((item) => item.id === id)!;
    expect(request).toMatchObject({ company_no: '201501012345', year: 2015, entity: 'Local company' });
    const file = await staff.getText(request.document.url);
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF')).toBe(true);
    expect((await owner.getText(request.document.url)).status).toBe(404);
    expect(((await staff.get('/api/operator/queues')).body.data as { verifications: number }).verifications).toBeGreaterThanOrEqual(1);

    await staff.post('/api/operator/reauth', { password: TEST_PASSWORD });
    const invalidations = async () => (await copy.query.selectFrom('cache_invalidations').select('id').where('tag', '=', `profile:${business.id}`).execute()).length;
    const before = await invalidations();
    const approved = await staff.post(`/api/operator/verifications/${id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await staff.post(`/api/operator/verifications/${id}/approve`, {})).status).toBe(422);
    const audit = await copy.query.selectFrom('audit_log').select(['action', 'target_id']).where('target_type', '=', 'verification').execute();
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['verification.document.view', 'verification.approve']));
    const mail = messagesTo(outbox, emailOf(owner)).map(decodedMail).find((text) => text.includes('SSM verification'));
    expect(mail).toContain('approved');

    const badges = await badgesOf(business.slug);
    expect(badges.find((badge) => badge.key === 'ssm_registered')).toEqual({
      key: 'ssm_registered', value: 'SSM registered · 201501012345 · since 2015', verified: true, url: '/pages/badges#ssm-registered',
    });
    // The years come from the number now, in steps of 5.
    expect(badges.find((badge) => badge.key === 'years_in_business')).toMatchObject({ value: '10+ Years in Business', verified: true });
    // Every process drops the business's cached pages and cards at once (the e2e journey reads the page itself).
    expect(await invalidations()).toBeGreaterThan(before);
    // JSON-LD names the number where schema.org has a property for it, and passes the validator.
    const profile = (await getProfileBySlug(copy.app, business.slug))!;
    const blocks = profileStructuredData(copy.app.config.siteUrl, profile);
    expect(blocks[0]).toMatchObject({ identifier: { '@type': 'PropertyValue', propertyID: 'SSM', value: '201501012345' }, foundingDate: '2015' });
    expect(await structuredDataIssues(jsonLdScript(blocks))).toEqual([]);

    // A new company number drops the badge until approved again.
    await copy.query.updateTable('profiles').set({ company_no: '201601012399' }).where('id', '=', business.id).execute();
    expect((await badgesOf(business.slug)).some((badge) => badge.key === 'ssm_registered')).toBe(false);
    await copy.query.updateTable('profiles').set({ company_no: '201501012345 (1134567-A)' }).where('id', '=', business.id).execute();

    // Revoking takes a reason and drops it.
    expect((await staff.post(`/api/operator/verifications/${id}/revoke`, {})).status).toBe(422);
    expect((await staff.post(`/api/operator/verifications/${id}/revoke`, { reason: 'The certificate was forged.' })).status).toBe(200);
    expect((await badgesOf(business.slug)).some((badge) => badge.key === 'ssm_registered')).toBe(false);
  });

  it('refuses with a reason, keeps the document, and tells the owner with the appeal address', async () => {
    const sent = await owner.postForm(`/api/advertiser/profiles/${business.id}/verifications/ssm`, ssmForm('201501012345', { bytes: PDF, name: 'ssm.pdf', type: 'application/pdf' }));
    const id = (sent.body.data as { id: number }).id;
    const staff = await operator();
    await staff.post('/api/operator/reauth', { password: TEST_PASSWORD });
    expect((await staff.post(`/api/operator/verifications/${id}/refuse`, { reason: 'The name on the certificate differs.' })).status).toBe(200);
    const row = await copy.query.selectFrom('profile_verifications').select(['status', 'reason', 'document_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'refused', reason: 'The name on the certificate differs.' });
    expect(row.document_id).not.toBeNull();
    const state = (await owner.get(`/api/advertiser/profiles/${business.id}/verifications`)).body.data as { ssm_registered: { status: string; reason: string } };
    expect(state.ssm_registered).toMatchObject({ status: 'refused', reason: 'The name on the certificate differs.' });
  });

  it('verifies a listed mobile number by a code, at once when this account proved it already, never one another account proved', async () => {
    const path = `/api/advertiser/profiles/${business.id}/verifications`;
    type State = { phone_verified: { earned: boolean; targets: { index: number; target: string; verified: boolean }[] } };
    const before = (await owner.get(path)).body.data as State;
    expect(before.phone_verified.earned).toBe(false);
    // The number the owner claimed the business with is proved already: no second code.
    const claimedWith = before.phone_verified.targets[0]!;
    const atOnce = await owner.post(`${path}/phone`, { target: claimedWith.index });
    expect(atOnce.status, JSON.stringify(atOnce.body)).toBe(201);
    expect(atOnce.body.data).toMatchObject({ status: 'approved' });
    expect((await badgesOf(business.slug)).find((badge) => badge.key === 'phone_verified')).toEqual({ key: 'phone_verified', value: 'Phone verified', verified: true, url: '/pages/badges#phone-verified' });

    // A second listed number takes a code; a wrong one is a 422; the right one verifies it.
    const location = await copy.query.selectFrom('locations').select('id').where('profile_id', '=', business.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await copy.query.updateTable('locations').set({ company_phone_number: '012-333 4455' }).where('id', '=', location.id).execute();
    const second = ((await owner.get(path)).body.data as State).phone_verified.targets.find((target) => !target.verified)!;
    expect(second.target).toBe('+60 12-*** **55');
    expect((await owner.post(`${path}/phone`, { target: 99 })).status).toBe(422);
    const sent = await owner.post(`${path}/phone`, { target: second.index });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'code_sent' });
    // Resends wait (429 with Retry-After).
    const again = await owner.post(`${path}/phone`, { target: second.index });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
    expect((await owner.post(`${path}/phone/confirm`, { target: second.index, code: '000000' })).status).toBe(422);
    expect((await owner.post(`${path}/phone/confirm`, { target: second.index, code: 'abc' })).status).toBe(422);
    const confirmed = await owner.post(`${path}/phone/confirm`, { target: second.index, code: latestCode(outbox, '60123334455') });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    // Asked again, a verified number answers as it is (no second row).
    expect((await owner.post(`${path}/phone`, { target: second.index })).status).toBe(200);
    expect(await copy.query.selectFrom('profile_verifications').select('id').where('profile_id', '=', business.id).where('kind', '=', 'phone').execute()).toHaveLength(2);

    // One number serves one account: another advertiser listing it cannot verify it.
    const other = await advertiser('Other Owner');
    const theirs = await claimBusiness(other, skip);
    const theirLocation = await copy.query.selectFrom('locations').select('id').where('profile_id', '=', theirs.id).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await copy.query.updateTable('locations').set({ phone_number: '012-333 4455' }).where('id', '=', theirLocation.id).execute();
    const theirTargets = ((await other.get(`/api/advertiser/profiles/${theirs.id}/verifications`)).body.data as State).phone_verified.targets;
    const shared = theirTargets.find((target) => target.target === '+60 12-*** **55')!;
    const refused = await other.post(`/api/advertiser/profiles/${theirs.id}/verifications/phone`, { target: shared.index });
    expect(refused.status).toBe(422);
    expect((refused.body.errors as Record<string, string[]>).target).toEqual(['This number is verified by another account.']);

    // The badge goes when its numbers leave the listing.
    await copy.query.updateTable('locations').set({ phone_number: null, company_phone_number: null }).where('profile_id', '=', business.id).execute();
    expect((await badgesOf(business.slug)).some((badge) => badge.key === 'phone_verified')).toBe(false);
  });

  it('stores "Usually replies within N hours" daily from first replies in opening hours: 4 people hide it, 5 show it', async () => {
    const responsive = await claimBusiness(owner, skip);
    // No hours stored: every hour counts.
    await copy.query.deleteFrom('business_hours').where('profile_id', '=', responsive.id).execute();
    // Signing in walks the test clock: everyone signs in first, then the five ask at the same moment. Each is an
    // established person: an account a month old that follows another business, on a connection of their own.
    const askers: SessionClient[] = [];
    for (let n = 0; n < 5; n += 1) askers.push(await establishedPerson(`asker-${n}@trust.example.my`, `Asker ${n}`));
    await signInAgain(owner);
    const conversations: number[] = [];
    for (const [n, asker] of askers.entries()) {
      const started = await asker.post('/api/conversations', { type: 'profile', id: responsive.id, text: `Question ${n}`, client_id: `trust-asker-${n}-xxxxxxxx` });
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      conversations.push((started.body.data as { id: number }).id);
    }
    // The owner answers each 90 minutes later (the last one after the first run of the job).
    clock.advance(90 * 60_000);
    for (const [n, id] of conversations.entries()) {
      if (n === 4) continue;
      expect((await owner.post(`/api/conversations/${id}/messages`, { text: 'Yes!', client_id: `trust-reply-${n}-xxxxxxxx` })).status).toBe(201);
    }
    await copy.app.jobs.runKind('trust_signals');
    // Four answered, one waiting under 24 counted hours (left out): no badge yet.
    expect((await badgesOf(responsive.slug)).some((badge) => badge.key === 'responsive')).toBe(false);
    expect((await owner.post(`/api/conversations/${conversations[4]}/messages`, { text: 'Yes!', client_id: 'trust-reply-4-xxxxxxxx' })).status).toBe(201);
    await copy.app.jobs.runKind('trust_signals');
    expect((await badgesOf(responsive.slug)).find((badge) => badge.key === 'responsive')).toEqual({
      key: 'responsive', value: 'Usually replies within 2 hours, based on 5 people', verified: true, url: '/pages/badges#responsive',
    });
    const stored = await copy.query.selectFrom('profiles').select(['response_hours', 'response_count']).where('id', '=', responsive.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ response_hours: 2, response_count: 5 });
  });

  it('earns no reply-time badge from throwaway accounts, nor from people on one home connection; counts people behind a busy shared address (probe finding 3)', async () => {
    const run = async (name: string, people: (n: number) => Promise<SessionClient>) => {
      const business = await claimBusiness(owner, skip);
      await copy.query.deleteFrom('business_hours').where('profile_id', '=', business.id).execute();
      const askers: SessionClient[] = [];
      for (let n = 0; n < 6; n += 1) askers.push(await people(n));
      await signInAgain(owner);
      for (const [n, asker] of askers.entries()) {
        const started = await asker.post('/api/conversations', { type: 'profile', id: business.id, text: `${name} question ${n}`, client_id: `${name}-${n}-xxxxxxxx` });
        expect(started.status, JSON.stringify(started.body)).toBe(201);
        // Answered within a minute.
        expect((await owner.post(`/api/conversations/${(started.body.data as { id: number }).id}/messages`, { text: 'Yes!', client_id: `${name}-reply-${n}-xxxxxxxx` })).status).toBe(201);
      }
      await copy.app.jobs.runKind('trust_signals');
      return { badge: (await badgesOf(business.slug)).find((badge) => badge.key === 'responsive'),
        stored: await copy.query.selectFrom('profiles').select(['response_hours', 'response_count']).where('id', '=', business.id).executeTakeFirstOrThrow() };
    };
    // Six accounts made a minute ago from one address: none is established.
    const throwaway = await run('throwaway', async (n) => {
      const email = `throwaway-${n}@trust.example.my`;
      await registerByEmail(email, `Throwaway ${n}`);
      return signIn(email, undefined, browser('60.50.1.1'));
    });
    expect(throwaway.badge).toBeUndefined();
    expect(throwaway.stored.response_count).toBe(0);
    // Six month-old accounts with a follow elsewhere, all signing in at one home: one person as far as the badge knows.
    const household = await run('household', (n) => establishedPerson(`household-${n}@trust.example.my`, `Household ${n}`, '60.50.2.2'));
    expect(household.badge).toBeUndefined();
    expect(household.stored.response_count).toBe(1);
    // Behind a carrier's shared address many accounts sign in: it links nobody.
    for (let n = 0; n < 6; n += 1) {
      await registerByEmail(`carrier-other-${n}@trust.example.my`, `Carrier Other ${n}`);
      await signIn(`carrier-other-${n}@trust.example.my`, undefined, browser('60.50.3.3'));
    }
    const carrier = await run('carrier', (n) => establishedPerson(`carrier-${n}@trust.example.my`, `Carrier ${n}`, '60.50.3.3'));
    expect(carrier.badge?.value).toBe('Usually replies within 1 hour, based on 6 people');
  }, scaled(60_000));
});

describe('the demo data', () => {
  it('has a few businesses whose badges rest on evidence: an owner, a proved number, an SSM number approved against a private certificate, audited', async () => {
    const demo = await copy.query.selectFrom('profile_verifications as v').innerJoin('profiles as p', 'p.id', 'v.profile_id')
      .select(['v.id', 'v.profile_id', 'v.value', 'v.user_id', 'v.decided_by', 'v.document_id', 'p.slug', 'p.owner_user_id'])
      .where('v.kind', '=', 'ssm').where('v.status', '=', 'approved').where('v.decided_by', 'is not', null).orderBy('v.profile_id').execute();
    const verifier = (await copy.repos.users.findCredentials({ email: DEMO_VERIFIER_EMAIL }))!;
    const seeded = demo.filter((row) => Number(row.decided_by) === verifier.id);
    expect(seeded).toHaveLength(VERIFIED_DEMO_BUSINESSES);
    // The decider can do nothing: no password, no role.
    expect(verifier.password_hash).toBeNull();
    expect((await copy.repos.users.findUser(verifier.id))!.roles).toEqual([]);

    const staff = await operator();
    const approved = (await staff.get('/api/operator/verifications?status=approved')).body.data as { id: number; document: { url: string } | null }[];
    for (const row of seeded) {
      // Owned by the account that asked, an advertiser.
      expect(Number(row.owner_user_id)).toBe(Number(row.user_id));
      expect((await copy.repos.users.findUser(Number(row.user_id)))!.roles).toEqual(['advertiser']);
      const badges = await badgesOf(row.slug);
      const year = Number(row.value.slice(0, 4));
      expect(badges.map((badge) => badge.key)).toEqual(expect.arrayContaining(['phone_verified', 'claimed', 'ssm_registered']));
      expect(badges.find((badge) => badge.key === 'ssm_registered')!.value).toBe(`SSM registered · ${row.value} · since ${year}`);
      const years = new Date(clock.now()).getUTCFullYear() - year;
      const checked = badges.find((badge) => badge.key === 'years_in_business');
      if (years >= 5) expect(checked).toMatchObject({ value: `${years - (years % 5)}+ Years in Business`, verified: true });
      else expect(checked).toBeUndefined();
      // The certificate is private: only an operator opens it, and that is audited like the approval.
      const listed = approved.find((item) => item.id === Number(row.id))!;
      const file = await staff.getText(listed.document!.url);
      expect(file.status).toBe(200);
      expect(file.text.startsWith('%PDF')).toBe(true);
      const actions = await copy.query.selectFrom('audit_log').select(['action', 'operator_user_id']).where('target_type', '=', 'verification').where('target_id', '=', String(row.id)).execute();
      expect(actions.filter((entry) => Number(entry.operator_user_id) === verifier.id).map((entry) => entry.action).sort()).toEqual(['verification.approve', 'verification.document.view']);
      const stored = await copy.query.selectFrom('documents').select('file').where('id', '=', Number(row.document_id)).executeTakeFirstOrThrow();
      // Under the private folder, which the public media route never serves.
      expect(stored.file.startsWith('private/')).toBe(true);
    }
  });
});
