import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUnclaimedWithMobile } from '../helpers/advertisers.ts';
import { signedInOverHttp } from '../helpers/http-session.ts';
import { freePort, startServer } from '../helpers/server.ts';
import { codeAfter, type SessionClient } from '../helpers/session-client.ts';
import { openTestDatabase, useDatabaseCopies } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * The paid path on a fresh machine (issue 62): the site started as `npm start` starts it, with no NODE_ENV in its
 * environment (the server chooses React's production build itself) and an http SITE_URL. The sandbox checkout stays
 * on, so an invoice is paid in one sitting; and asked for by name (SANDBOX_CHECKOUT=on, as the README offers), it
 * still serves every page.
 */
const scratch = mkdtempSync(join(tmpdir(), 'yp-fresh-machine-e2e-'));
const outbox = join(scratch, 'outbox');
const copyOfE2eDb = useDatabaseCopies();

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let url: string;

/** The site as `npm start` runs it: the built server, NODE_ENV removed from its environment. */
async function startAsNewcomer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  return startServer({ DATABASE_URL: url, OUTBOX_DIR: outbox, MEDIA_DIR: join(scratch, 'media'), SITE_URL: baseUrl, SEARCH_WORKERS: '0', ...env }, port, ['NODE_ENV']);
}

beforeAll(async () => {
  url = await copyOfE2eDb('fresh-machine');
  server = await startAsNewcomer();
  database = await openTestDatabase(url);
});
afterAll(async () => {
  await database?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

const ok = (answer: { status: number; body: unknown }, step: string) => expect(answer.status, `${step}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);

/** A member who became an advertiser with a phone number, then claimed a seeded business by SMS code. */
async function ownerOfABusiness(): Promise<{ owner: SessionClient; businessId: number }> {
  const owner = await signedInOverHttp(server.baseUrl, outbox, 'fresh-machine-owner@example.my');
  const phone = '60195550077';
  const upgradeCode = await codeAfter(outbox, phone, async () => ok(await owner.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: phone }), 'verification'));
  ok(await owner.post('/api/account/upgrade', { phone_number_country: '60', phone_number: phone, code: upgradeCode }), 'upgrade');
  const business = await findUnclaimedWithMobile(database.repos);
  const options = await owner.get(`/api/advertiser/claims/options?profile_id=${business.id}`);
  const sms = (options.body.data as { options: { index: number; method: string }[] }).options.find((option) => option.method === 'sms')!;
  let claimId = 0;
  const claimCode = await codeAfter(outbox, business.mobile, async () => {
    const started = await owner.post('/api/advertiser/claims', { profile_id: business.id, method: 'sms', target: sms.index });
    ok(started, 'claim');
    claimId = (started.body.data as { id: number }).id;
  });
  ok(await owner.post(`/api/advertiser/claims/${claimId}/verify`, { code: claimCode }), 'claim code');
  return { owner, businessId: business.id };
}

describe('a fresh machine', () => {
  it('offers the sandbox checkout beside the bank transfer, and an invoice is paid through it', async () => {
    const { owner, businessId } = await ownerOfABusiness();
    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: businessId, plan: 'SILVER', period: 'monthly' });
    ok(bought, 'subscription');
    const invoice = (bought.body.data as { invoice: { id: number; payment: { providers: string[] } } }).invoice;
    expect(invoice.payment.providers).toEqual(['bank_transfer', 'sandbox']);
    const pay = await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'sandbox' });
    ok(pay, 'pay');
    const { redirect_url: checkout, payment_id: paymentId } = pay.body.data as { redirect_url: string; payment_id: number };
    expect((await owner.getText(checkout)).status).toBe(200);
    // The buyer presses Pay on the checkout page (a same-site form POST).
    const pressed = await fetch(server.baseUrl + checkout, {
      method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.baseUrl },
      body: new URLSearchParams({ bank: 'Maybank2u', action: 'pay' }).toString(),
    });
    expect(pressed.status).toBe(303);
    await expect.poll(async () => ((await owner.get(`/api/advertiser/payments/${paymentId}`)).body.data as { status: string; invoice_status: string }),
      { timeout: scaled(15_000) }).toMatchObject({ status: 'paid', invoice_status: 'paid' });
  });

  it('serves its pages with SANDBOX_CHECKOUT=on, as the README offers', async () => {
    const asked = await startAsNewcomer({ SANDBOX_CHECKOUT: 'on' });
    try {
      for (const path of ['/', '/services', '/advertise-on-yp']) expect([path, (await fetch(asked.baseUrl + path)).status]).toEqual([path, 200]);
    } finally {
      await asked.stop();
    }
  });
});
