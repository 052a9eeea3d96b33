import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { redacted, REDACTED } from '../../src/server/operator/audit.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, latestCode, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * The operator console's ground (issue 28): a console nobody else can see (404), destructive actions behind a fresh
 * proof (403 with reauth: true), document claims decided, bank transfers confirmed, and an append-only audit log
 * with personal fields redacted, searchable and exported as neutralised CSV.
 */
const accounts = useAccountsApp('operator');
const { copy, clock, browser, outbox, registerByEmail, signIn } = accounts;
const { advertiser, unclaimedWithMobile, claimBusiness, emailOf } = advertiserHelpers(accounts, 'claimant');
const skip = new Set<number>();
const MINUTE = 60_000;

let operators = 0;
async function operator(): Promise<{ client: SessionClient; id: number; email: string }> {
  const email = `operator-${++operators}@example.my`;
  await registerByEmail(email, 'Siti Operator');
  const id = (await copy.repos.users.findCredentials({ email }))!.id;
  await copy.repos.users.addRole(id, 'operator');
  return { client: await signIn(email), id, email };
}

async function documentClaim(claimant: SessionClient) {
  const business = await unclaimedWithMobile(skip);
  skip.add(business.id);
  const form = new FormData();
  form.append('profile_id', String(business.id));
  form.append('method', 'document');
  form.append('document', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'ssm.pdf');
  const answer = await claimant.postForm('/api/advertiser/claims', form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { business, claimId: (answer.body.data as { id: number }).id };
}

/** Every route of the console's API (src/server/api/operator.ts), with ids that exist or not: the answer is 404 all the same. */
const ROUTES: [method: 'get' | 'post', path: string][] = [
  ['post', '/api/operator/reauth'], ['get', '/api/operator/queues'], ['get', '/api/operator/claims'], ['get', '/api/operator/claims/1/document'],
  ['post', '/api/operator/claims/1/approve'], ['post', '/api/operator/claims/1/refuse'], ['get', '/api/operator/reports'], ['post', '/api/operator/reports/services-1/dismiss'],
  ['get', '/api/operator/listings?q=a'], ['get', '/api/operator/listings/services/1'], ['post', '/api/operator/listings/services/1/hide'],
  ['post', '/api/operator/listings/profile/1/unhide'], ['post', '/api/operator/listings/jobs/1/remove'], ['get', '/api/operator/reviews'],
  ['post', '/api/operator/reviews/1/publish'], ['post', '/api/operator/reviews/1/hide'], ['get', '/api/operator/users?q=ab'], ['get', '/api/operator/users/1'],
  ['post', '/api/operator/users/1/suspend'], ['post', '/api/operator/users/1/restore'], ['get', '/api/operator/ads'], ['get', '/api/operator/ads/1'],
  ['post', '/api/operator/ads/1/approve'], ['post', '/api/operator/ads/1/refuse'], ['post', '/api/operator/ads/1/category'], ['get', '/api/operator/profile-changes'],
  ['post', '/api/operator/profile-changes/1/approve'], ['post', '/api/operator/profile-changes/1/refuse'], ['get', '/api/operator/payments'],
  ['post', '/api/operator/invoices/1/mark-paid'], ['get', '/api/operator/refunds'], ['post', '/api/operator/refunds/1/refunded'], ['get', '/api/operator/audit'], ['get', '/api/operator/audit.csv'], ['get', '/api/operator/nothing-here'],
];

/** The destructive routes: each needs a proof from the last 15 minutes (checked before anything is looked up). */
const DESTRUCTIVE = ROUTES.filter(([method, path]) => method === 'post' && !/reauth|dismiss|category/.test(path));

async function statuses(client: SessionClient) {
  const answers = [];
  for (const [method, path] of ROUTES) {
    answers.push(method === 'get' ? (await client.getText(path)).status : (await client.post(path, { reason: 'Checking who may.', password: TEST_PASSWORD })).status);
  }
  return answers;
}

describe('who sees the console', () => {
  it('answers 404 on every route signed out, to a member, to an advertiser and to an operator whose role was revoked mid-session', async () => {
    const all404 = ROUTES.map(() => 404);
    expect(await statuses(browser())).toEqual(all404);
    await registerByEmail('member@example.my');
    expect(await statuses(await signIn('member@example.my'))).toEqual(all404);
    expect(await statuses(await advertiser('Plain Advertiser'))).toEqual(all404);
    const staff = await operator();
    expect((await staff.client.get('/api/operator/queues')).status).toBe(200);
    await copy.repos.users.removeRole(staff.id, 'operator');
    expect(await statuses(staff.client)).toEqual(all404);
  });

  it('needs the CSRF token on every write, a fresh proof on every destructive one, and marks every answer private, no-store', async () => {
    const staff = await operator();
    const cookie = staff.client.cookieHeader();
    for (const [, path] of ROUTES.filter(([method]) => method === 'post')) {
      const bare = await accounts.api().request(path, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ password: TEST_PASSWORD, reason: 'Checking who may.' }) });
      expect([path, bare.status]).toEqual([path, 419]);
    }
    clock.advance(16 * MINUTE);
    for (const [, path] of DESTRUCTIVE) {
      const stale = await staff.client.post(path, { reason: 'Checking who may.', category: 'x' });
      expect([path, stale.status, stale.body.reauth]).toEqual([path, 403, true]);
    }
    // No route hands out roles, passwords or codes: an account's page carries none.
    expect((await staff.client.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);
    const page = JSON.stringify((await staff.client.get(`/api/operator/users/${staff.id}`)).body);
    expect(page).toContain('"sign_in_attempts"');
    expect(page).not.toMatch(/"(password|password_hash|hash|code|codes|csrf_token|token|secret)":/i);
    const queues = await staff.client.getText('/api/operator/queues');
    expect(queues.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('sudo mode', () => {
  it('a destructive action with a proof older than 15 minutes is a 403 with reauth: true; the password renews it', async () => {
    const staff = await operator();
    const buyer = await advertiser('Transfer Payer');
    const business = await claimBusiness(buyer, skip);
    const bought = await buyer.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'BRONZE', period: 'monthly' });
    const invoice = (bought.body.data as { invoice: { id: number; number: string; total_sen: number } }).invoice;
    const waiting = (await staff.client.get('/api/operator/payments')).body.data as { id: number }[];
    expect(waiting.map((item) => item.id)).toContain(invoice.id);

    clock.advance(16 * MINUTE);
    const stale = await staff.client.post(`/api/operator/invoices/${invoice.id}/mark-paid`);
    expect([stale.status, stale.body]).toEqual([403, { message: expect.any(String), code: 'reauth_required', reauth: true }]);
    // Still signed in: reading goes on.
    expect((await staff.client.get('/api/operator/queues')).status).toBe(200);
    const wrong = await staff.client.post('/api/operator/reauth', { password: 'not my password' });
    expect([wrong.status, Object.keys(wrong.body.errors as object)]).toEqual([422, ['password']]);
    expect((await staff.client.post('/api/operator/reauth', {})).status).toBe(422);
    // A code sent to the operator's own address proves it too (for an operator without a password).
    expect((await staff.client.post('/api/account/verification', { type: 'email', email: staff.email })).status).toBe(200);
    expect((await staff.client.post('/api/operator/reauth', { code: '000000' })).status).toBe(422);
    expect((await staff.client.post('/api/operator/reauth', { code: latestCode(outbox, staff.email) })).status).toBe(200);
    const paid = await staff.client.post(`/api/operator/invoices/${invoice.id}/mark-paid`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await buyer.get(`/api/advertiser/invoices/${invoice.id}`)).body.data).toMatchObject({ status: 'paid' });
    expect((await staff.client.post(`/api/operator/invoices/${invoice.id}/mark-paid`)).status).toBe(422);

    const log = (await staff.client.get(`/api/operator/audit?target_type=invoice&target_id=${invoice.id}`)).body.data as { action: string; operator_user_id: number; after: Record<string, unknown>; client: string }[];
    expect(log).toEqual([expect.objectContaining({ action: 'invoice.mark_paid', operator_user_id: staff.id, after: { status: 'paid', number: invoice.number } })]);
    expect(log[0]!.client).not.toBe('');
  });
});

describe('document claims', () => {
  it('lists them oldest first; viewing the file is audited; approving gives the business its owner; refusing mails the reason', async () => {
    const staff = await operator();
    const first = await advertiser('First Claimant');
    const second = await advertiser('Second Claimant');
    const approved = await documentClaim(first);
    const refused = await documentClaim(second);
    const queue = (await staff.client.get('/api/operator/claims')).body.data as { id: number; document: { url: string } }[];
    const ids = queue.map((item) => item.id);
    expect(ids.indexOf(approved.claimId)).toBeLessThan(ids.indexOf(refused.claimId));
    expect((await staff.client.get('/api/operator/queues')).body.data).toMatchObject({ claims: queue.length });

    const file = await staff.client.getText(queue.find((item) => item.id === approved.claimId)!.document.url);
    expect([file.status, file.bytes.subarray(0, 5).toString('latin1')]).toEqual([200, '%PDF-']);
    expect((await first.getText(`/api/operator/claims/${approved.claimId}/document`)).status).toBe(404);

    // Signing the claimants in walked the clock past the operator's proof: renewed first.
    expect((await staff.client.post(`/api/operator/claims/${approved.claimId}/approve`)).status).toBe(403);
    expect((await staff.client.post('/api/operator/reauth', { password: TEST_PASSWORD })).status).toBe(200);
    expect((await staff.client.post(`/api/operator/claims/${approved.claimId}/approve`)).status).toBe(200);
    expect(await copy.repos.advertiser.findProfile(approved.business.id)).toMatchObject({ owner_user_id: (await copy.repos.users.findCredentials({ email: emailOf(first) }))!.id, claimed: true });
    expect((await staff.client.post(`/api/operator/claims/${approved.claimId}/approve`)).status).toBe(422);
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(first)).map(decodedMail).at(-1)).toContain('is approved');

    const noReason = await staff.client.post(`/api/operator/claims/${refused.claimId}/refuse`, {});
    expect([noReason.status, Object.keys(noReason.body.errors as object)]).toEqual([422, ['reason']]);
    expect((await staff.client.post(`/api/operator/claims/${refused.claimId}/refuse`, { reason: '=HYPERLINK("x") The SSM certificate names another company.' })).status).toBe(200);
    await copy.app.outbox.settled();
    expect(messagesTo(outbox, emailOf(second)).map(decodedMail).at(-1)).toContain('The SSM certificate names another company.');
    expect((await copy.repos.advertiser.findProfile(refused.business.id))!.owner_user_id).toBeNull();

    const actions = ((await staff.client.get(`/api/operator/audit?operator=${staff.id}`)).body.data as { action: string; target_id: string }[])
      .filter((entry) => [String(approved.claimId), String(refused.claimId)].includes(entry.target_id)).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['claim.approve', 'claim.document.view', 'claim.refuse']);
    // The CSV export neutralises a cell a spreadsheet would run.
    const csv = await staff.client.getText(`/api/operator/audit.csv?operator=${staff.id}`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain(`'=HYPERLINK`);
    expect(csv.text).not.toMatch(/,=HYPERLINK/);
    const bad = await staff.client.get('/api/operator/audit?from=yesterday');
    expect([bad.status, Object.keys(bad.body.errors as object)]).toEqual([422, ['from']]);
  });
});

describe('the audit log', () => {
  it('redacts personal fields at any depth, and the database refuses to change or delete an entry', async () => {
    expect(redacted({ name: 'Tan', nested: { email: 'a@b.my', phone_number: '+60123', plan: 'GOLD' }, list: [{ address: 'Jalan 1' }], status: 'paid' })).toEqual({
      name: REDACTED, nested: { email: REDACTED, phone_number: REDACTED, plan: 'GOLD' }, list: [{ address: REDACTED }], status: 'paid',
    });
    const id = await copy.repos.operator.appendAudit({ operator_user_id: 1, action: 'test', target_type: 'user', target_id: '1', reason: null, before: null, after: null, client: 'test' });
    // The log's only methods append and read.
    expect(Object.getOwnPropertyNames(Object.getPrototypeOf(copy.repos.operator)).filter((name) => /audit/i.test(name)).sort()).toEqual(['appendAudit', 'findAudit']);
    await expect(copy.query.updateTable('audit_log').set({ reason: 'rewritten' }).where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(copy.query.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(copy.query)).rejects.toThrow(/append-only/);
  });
});
