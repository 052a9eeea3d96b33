/**
 * A local payment gateway speaking Billplz's API v3, for tests: bills made with the API key, and behind them the
 * checkout page and signing the app's own sandbox checkout serves (src/server/billing/checkout-page.ts): a payment
 * page with Pay and Fail, callbacks signed with the X Signature key, sent as a gateway sends them (a urlencoded
 * server-to-server POST with no cookie and no Origin) before the buyer is redirected back, unless held.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { callbackForm, checkoutPage, returnUrl } from '../../src/server/billing/checkout-page.ts';

export interface FakeBill {
  id: string;
  collection_id: string;
  amount: number;
  paid: boolean;
  state: 'due' | 'paid' | 'deleted' | 'overdue';
  paid_at: string | null;
  callback_url: string;
  redirect_url: string;
  reference_1: string;
  description: string;
}

const FAKE_BILLPLZ = { apiKey: 'test-api-key', collectionId: 'testcoll', signatureKey: 'test-x-signature-key' };

const readBody = (request: IncomingMessage) => new Promise<string>((resolve) => {
  let body = '';
  request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8'); });
  request.on('end', () => resolve(body));
});

export class FakeBillplz {
  readonly bills = new Map<string, FakeBill>();
  /** Callbacks each bill's payment sent, with the status the site answered. */
  readonly callbacks: { billId: string; status: number }[] = [];
  /** While true, paying redirects the buyer first and the callback waits for `releaseCallbacks`. */
  holdCallbacks = false;
  private held: (() => Promise<void>)[] = [];
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The env that points the site at this gateway. */
  env(): Record<string, string> {
    return { BILLPLZ_URL: this.url, BILLPLZ_API_KEY: FAKE_BILLPLZ.apiKey, BILLPLZ_COLLECTION_ID: FAKE_BILLPLZ.collectionId, BILLPLZ_SIGNATURE_KEY: FAKE_BILLPLZ.signatureKey };
  }

  /** The callback form of a bill as it stands (with `changes`), signed with `key` (the right one by default). */
  callbackForm(billId: string, changes: Record<string, string> = {}, key = FAKE_BILLPLZ.signatureKey, without: readonly string[] = []): URLSearchParams {
    return callbackForm(this.bills.get(billId)!, key, changes, without, `${this.url}/bills/${billId}`);
  }

  /** The gateway's side of paying (or cancelling, or expiring) a bill, without a browser. */
  settle(billId: string, state: 'paid' | 'deleted' | 'overdue'): FakeBill {
    const bill = this.bills.get(billId)!;
    bill.state = state;
    bill.paid = state === 'paid';
    bill.paid_at = bill.paid ? new Date().toISOString() : null;
    return bill;
  }

  /** Sends a bill's callback to the site over HTTP, as the gateway does; answers the site's status. */
  async sendCallback(billId: string): Promise<number> {
    const bill = this.bills.get(billId)!;
    const response = await fetch(bill.callback_url, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: this.callbackForm(billId), redirect: 'manual',
    });
    await response.arrayBuffer();
    this.callbacks.push({ billId, status: response.status });
    return response.status;
  }

  /** Sends the callbacks held back while the buyer was redirected first. */
  async releaseCallbacks(): Promise<void> {
    const held = this.held;
    this.held = [];
    for (const send of held) await send();
  }

  private authorised(request: IncomingMessage): boolean {
    return request.headers.authorization === `Basic ${Buffer.from(`${FAKE_BILLPLZ.apiKey}:`).toString('base64')}`;
  }

  private json(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  private billJson(bill: FakeBill) {
    return { id: bill.id, collection_id: bill.collection_id, paid: bill.paid, state: bill.state, amount: bill.amount, paid_amount: bill.paid ? bill.amount : 0, url: `${this.url}/bills/${bill.id}`, reference_1: bill.reference_1 };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const api = /^\/api\/v3\/bills(?:\/([\w-]+))?$/.exec(url.pathname);
    if (api) {
      if (!this.authorised(request)) return this.json(response, 401, { error: { type: 'Unauthorized' } });
      if (request.method === 'POST' && !api[1]) {
        const form = new URLSearchParams(await readBody(request));
        if (form.get('collection_id') !== FAKE_BILLPLZ.collectionId) return this.json(response, 404, { error: { type: 'RecordNotFound' } });
        const bill: FakeBill = {
          id: randomBytes(4).toString('hex'), collection_id: FAKE_BILLPLZ.collectionId, amount: Number(form.get('amount')), paid: false, state: 'due', paid_at: null,
          callback_url: form.get('callback_url') ?? '', redirect_url: form.get('redirect_url') ?? '', reference_1: form.get('reference_1') ?? '', description: form.get('description') ?? '',
        };
        this.bills.set(bill.id, bill);
        return this.json(response, 200, this.billJson(bill));
      }
      const bill = api[1] ? this.bills.get(api[1]) : undefined;
      if (request.method === 'GET' && bill) return this.json(response, 200, this.billJson(bill));
      return this.json(response, 404, { error: { type: 'RecordNotFound' } });
    }
    const page = /^\/bills\/([\w-]+)$/.exec(url.pathname);
    const bill = page ? this.bills.get(page[1]!) : undefined;
    if (!page || !bill) return void response.writeHead(404).end('No such bill');
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(checkoutPage(bill, { title: 'Fake Billplz', formAction: `/bills/${bill.id}` }));
      return;
    }
    if (request.method === 'POST') {
      const action = new URLSearchParams(await readBody(request)).get('action');
      this.settle(bill.id, action === 'pay' ? 'paid' : 'deleted');
      const send = async () => { await this.sendCallback(bill.id); };
      if (this.holdCallbacks) this.held.push(send);
      else await send();
      response.writeHead(303, { Location: returnUrl(bill, FAKE_BILLPLZ.signatureKey) }).end();
      return;
    }
    response.writeHead(405).end();
  }
}
