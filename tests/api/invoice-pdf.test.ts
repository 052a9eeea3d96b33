import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import type { SessionClient } from '../helpers/session-client.ts';

/**
 * Invoices as PDFs (issue 40): the logo, the buyer's address, a payment reference, a paid or unpaid stamp, a Chinese
 * name printed in the embedded CJK font (Noto Sans SC, installed by npm install), and a monthly plan's plain words
 * on its 12-month minimum. An INVOICE_FONT that does not exist is refused in one sentence.
 */
const accounts = useAccountsApp('invoice-pdf');
const { copy, api } = accounts;
const { advertiser, claimBusiness } = advertiserHelpers(accounts, 'invoice-pdf');
const skip = new Set<number>();

async function pdfText(owner: SessionClient, id: number) {
  const answer = await owner.getText(`/api/advertiser/invoices/${id}.pdf`);
  expect(answer.status).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(answer.bytes)), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), bytes: answer.bytes };
}

describe('an invoice PDF', () => {
  it('prints a Chinese business name in the embedded font, the buyer\'s address, the stamp, the reference and the monthly minimum; paid, it says how', async () => {
    const owner = await advertiser('Tan Ah Kow');
    const business = await claimBusiness(owner, skip);
    const { etag } = { etag: (await owner.get(`/api/advertiser/profiles/${business.id}`)).headers.get('ETag')! };
    expect((await owner.call('PATCH', `/api/advertiser/profiles/${business.id}`, { name: '金龙茶餐室 Kedai Kopi Naga Emas' }, { 'If-Match': etag })).status).toBe(200);
    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const invoice = (bought.body.data as { invoice: { id: number; number: string; total_sen: number; buyer: { address: string } } }).invoice;
    const [place] = await copy.repos.catalog.findProfileLocations(business.id);
    expect(invoice.buyer.address).toContain(place!.address_line1);

    const unpaid = await pdfText(owner, invoice.id);
    expect(unpaid.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Regular/);
    expect(unpaid.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC-Bold/);
    expect(unpaid.bytes.toString('latin1')).not.toContain('Helvetica');
    expect(unpaid.text).toContain('金龙茶餐室 Kedai Kopi Naga Emas');
    expect(unpaid.text).toContain(invoice.buyer.address);
    expect(unpaid.text).toMatch(/UNPAID · due \d{4}-\d\d-\d\d/);
    expect(unpaid.text).toContain(`Payment reference: ${invoice.number}.`);
    const total = `RM ${(invoice.total_sen / 100).toFixed(2)}`;
    expect(unpaid.text).toContain(`You owe ${total} now, for one month`);
    expect(unpaid.text).toContain('SILVER monthly has a 12-month minimum');
    expect(unpaid.text).toContain(`RM ${(invoice.total_sen * 12 / 100).toLocaleString('en-MY', { minimumFractionDigits: 2 })} in all`);
    // The page says the same.
    expect(((await owner.get(`/api/advertiser/invoices/${invoice.id}`)).body.data as { term_note: string }).term_note).toContain('12-month minimum');

    // Paid in the sandbox checkout: stamped PAID, with the payment's reference.
    const started = (await owner.post(`/api/advertiser/invoices/${invoice.id}/pay`, { provider: 'sandbox' })).body.data as { redirect_url: string };
    const path = started.redirect_url;
    const pressed = await api().request(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:4321' }, body: 'bank=CIMB+Clicks&action=pay' });
    expect(pressed.status).toBe(303);
    const paid = await pdfText(owner, invoice.id);
    expect(paid.text).toContain('PAID');
    expect(paid.text).not.toContain('UNPAID');
    expect(paid.text).toMatch(/Paid on \d{4}-\d\d-\d\d by the sandbox checkout \(no money moved\)\. Payment reference: SANDBOX-\d+\./);
  });

  it('keeps the legal particulars in English with a Malay buyer\'s language beside them, and words the rest in Malay (issue 63)', async () => {
    const owner = await advertiser('Siti Aminah');
    expect((await owner.call('PATCH', '/api/account', { locale: 'ms' })).status).toBe(200);
    const business = await claimBusiness(owner, skip);
    const bought = await owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'BRONZE', period: 'monthly' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const invoice = (bought.body.data as { invoice: { id: number; number: string } }).invoice;
    const { text } = await pdfText(owner, invoice.id);
    for (const label of ['Tax invoice · Invois cukai', 'Seller · Penjual', 'Bill to · Dibilkan kepada', 'Subtotal · Jumlah kecil', 'Total · Jumlah', 'Payment · Pembayaran']) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/SST registration: \S+ · Pendaftaran SST: /);
    expect(text).toContain(`Payment reference: ${invoice.number}.`);
    expect(text).toContain(`Rujukan bayaran: ${invoice.number}.`);
    expect(text).toContain('Pelan BRONZE bulanan mempunyai tempoh minimum 12 bulan');
    // The page's term note follows the page's language; an API call without one is in English.
    const worded = async (language?: string) => ((await owner.call('GET', `/api/advertiser/invoices/${invoice.id}`, undefined, language ? { 'Accept-Language': language } : {})).body.data as { term_note: string }).term_note;
    expect(await worded('ms-MY')).toContain('tempoh minimum 12 bulan');
    expect(await worded()).toContain('12-month minimum');
  });

  it('embeds the packaged Noto Sans SC with no setting, and refuses an INVOICE_FONT that does not exist in one sentence', () => {
    const base = { DATABASE_URL: 'sqlite::memory:' };
    const font = loadConfig(base).billing.invoiceFont;
    expect(font.regular.path).toMatch(/@expo-google-fonts\/noto-sans-sc\/400Regular\/NotoSansSC_400Regular\.ttf$/);
    expect(font.bold.path).toMatch(/NotoSansSC_700Bold\.ttf$/);
    expect(() => loadConfig({ ...base, INVOICE_FONT: '/nowhere/font.ttf' })).toThrow('INVOICE_FONT names a file that does not exist: point it at a TrueType or OpenType font, or unset it to print in Noto Sans SC.');
    const chosen = loadConfig({ ...base, INVOICE_FONT: `${font.bold.path}#Chosen` }).billing.invoiceFont;
    expect(chosen).toEqual({ regular: { path: font.bold.path, family: 'Chosen' }, bold: { path: font.bold.path, family: 'Chosen' } });
  });
});
