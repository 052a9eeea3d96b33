import { beforeAll, describe, expect, it } from 'vitest';
import { getProfileBySlug } from '../../src/server/catalog/profiles.ts';
import { jsonLdScript, profileStructuredData } from '../../src/server/seo/structured-data.ts';
import { structuredDataIssues } from '../helpers/structured-data.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * Badges backed by evidence (issue 45) through the API on the configured backend: the SSM request (number checked,
 * certificate required and private), the operator's audited decision, the badge and its years on the profile's API and
 * cached pages (dropped by tag), a new company number dropping it; claimed only with an owner; a stated year shown as stated.
 */
const accounts = useAccountsApp('trust-badges');
const { copy, outbox, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, emailOf } = advertiserHelpers(accounts, 'trust');
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
});
