import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountExistsMail, accountExistsSms, codeMail, codeSms, deletionRequestedMail, emailChangedMail, passwordChangedMail } from '../../src/server/accounts/messages.ts';
import { graceMail, invoiceIssuedMail, invoicePaidMail, planEndedMail, refundMail, renewalMail } from '../../src/server/billing/mails.ts';
import type { InvoiceRow } from '../../src/server/db/rows.ts';
import type { Mail } from '../../src/server/outbox/outbox.ts';
import type { Locale } from '../../src/shared/locale.ts';
import { say } from '../../src/shared/said.ts';

/**
 * Every mail and SMS built by one builder, in the reader's language (issue 63): each template, rendered with sample
 * parameters in Malay and Chinese, carries no line of its English rendering (only what is the same in every language:
 * the site's name, addresses, amounts), no said key left unworded, and an HTML part and Content-Language naming the
 * language it is written in.
 */
const root = join(import.meta.dirname, '..', '..');
const HTML_LANG = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-Hans-MY' } as const;
const english = JSON.parse(readFileSync(join(root, 'messages', 'en.json'), 'utf8')) as Record<string, unknown>;

const invoice = (changes: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 41, number: 'YP-2026-000041', kind: 'invoice', corrects_invoice_id: null, profile_id: 7, status: 'issued', user_id: 3,
  seller: { name: 'Yellow Pages Malaysia Sdn Bhd' }, buyer: { name: 'Kedai Kopi Naga Emas' },
  lines: [{ description: 'GOLD yearly', quantity: 1, unit_sen: 89_900, amount_sen: 89_900, sst_sen: 5_394, purpose: 'plan' }] as InvoiceRow['lines'],
  sst_rate_bp: 600, subtotal_sen: 89_900, sst_sen: 5_394, total_sen: 95_294, issued_at: '2026-12-01T02:00:00Z', due_at: '2026-12-08T02:00:00Z',
  paid_at: null, void_reason: null, ...changes,
}) as InvoiceRow;

const site = 'https://yp.example';
/** Every template with sample parameters, in a language. */
function templates(locale: Locale): Record<string, Mail | string> {
  const to = { email: 'owner@example.my', locale };
  return {
    code: codeMail('a@example.my', 'register', '123456', 10, locale),
    'code SMS': codeSms('login', '123456', 10, locale),
    'account exists': accountExistsMail('a@example.my', locale),
    'account exists SMS': accountExistsSms(locale),
    'password changed': passwordChangedMail('a@example.my', locale),
    'email changed': emailChangedMail('a@example.my', 'new@example.my', locale),
    'deletion requested': deletionRequestedMail('a@example.my', 30, locale),
    'invoice issued': invoiceIssuedMail(to, invoice(), site, 'Maybank 5140 1234 5678'),
    'ad invoice issued': invoiceIssuedMail(to, invoice({ lines: [{ ...invoice().lines[0]!, purpose: 'ad' }] as InvoiceRow['lines'] }), site, 'Maybank 5140 1234 5678'),
    'credit note': invoiceIssuedMail(to, invoice({ kind: 'credit_note', total_sen: -95_294 }), site, 'Maybank 5140 1234 5678'),
    'invoice paid': invoicePaidMail(to, invoice({ status: 'paid' }), site),
    'refund, ad removed, by bank': refundMail(to, invoice({ status: 'paid' }), 95_294, 'removed', false),
    'refund, ad hidden, by gateway': refundMail(to, invoice({ status: 'paid' }), 95_294, 'hidden', true),
    'refund, paid twice': refundMail(to, invoice({ status: 'paid' }), 95_294, 'twice', true),
    'refund, void': refundMail(to, invoice({ status: 'paid' }), 95_294, 'void', false),
    renewal: renewalMail(to, 'Kedai Kopi Naga Emas', 'GOLD', '2026-12-31T16:00:00Z', invoice(), site),
    grace: graceMail(to, 'Kedai Kopi Naga Emas', 'GOLD', '2027-01-07T16:00:00Z', invoice(), site),
    'trial ended': planEndedMail(to, 'Kedai Kopi Naga Emas', say('mail_trial_ended_subject', { plan: 'GOLD', business: 'Kedai Kopi Naga Emas' }),
      say('mail_lead_trial_ended', { plan: 'GOLD' }), 'FREE', ['Aircond servis murah'], site),
    'plan ended': planEndedMail(to, 'Kedai Kopi Naga Emas', say('mail_plan_ended_subject', { plan: 'GOLD', business: 'Kedai Kopi Naga Emas' }),
      say('mail_lead_cancelled', { plan: 'GOLD' }), 'FREE', [], site),
    'renewal unpaid': planEndedMail(to, 'Kedai Kopi Naga Emas', say('mail_moved_subject', { plan: 'FREE', business: 'Kedai Kopi Naga Emas' }),
      say('mail_lead_renewal_unpaid', { plan: 'GOLD', days: 7 }), 'FREE', [], site),
    'new period': planEndedMail(to, 'Kedai Kopi Naga Emas', say('mail_moved_subject', { plan: 'SILVER', business: 'Kedai Kopi Naga Emas' }),
      say('mail_lead_new_period'), 'SILVER', [], site),
  };
}

const linesOf = (item: Mail | string) => (typeof item === 'string' ? [item] : [item.subject, ...item.text.split('\n')]).map((line) => line.trim()).filter(Boolean);
/** What reads the same in every language: the site's name, a bare address, an amount, a fact's value. */
const SAME = /^(Yellow Pages Malaysia|https?:\/\/\S+|RM[\d,. ]+|[\w.+-]+@[\w.-]+|YP-\d{4}-\d+|\d{4}-\d\d-\d\d|Maybank [\d ]+)$/;

describe('every mail and SMS template in Malay and Chinese', () => {
  for (const locale of ['ms', 'zh'] as const) {
    it(`is written in ${locale}: no English line, no unworded key, its language named`, () => {
      const inEnglish = templates('en');
      const found: Record<string, string[]> = {};
      for (const [name, item] of Object.entries(templates(locale))) {
        const theirs = new Set(linesOf(inEnglish[name]!));
        const wrong = linesOf(item).filter((line) => line !== `${'Yellow Pages Malaysia'}` && (/\b(mail|inv|adv|api|form)_[a-z0-9_]+\b/.test(line)
          || (theirs.has(line) && !SAME.test(line.replace(/^[^:]+: /, '')))
          || Object.values(english).includes(line)));
        if (wrong.length > 0) found[name] = wrong;
        if (typeof item !== 'string') {
          expect(item.html, name).toContain(`<html lang="${HTML_LANG[locale]}">`);
          expect(item.headers?.['Content-Language'], name).toBe(locale);
        }
      }
      expect(found).toEqual({});
    });
  }

  it('reads in English as it did, the legal and money facts of an invoice included', () => {
    const issued = templates('en')['invoice issued'] as Mail;
    expect(issued.subject).toBe('Invoice YP-2026-000041 | Yellow Pages Malaysia');
    expect(issued.text).toContain('Invoice YP-2026-000041 for RM952.94 (SST included) is issued. The plan runs once it is paid.');
    expect(issued.text).toContain('SST 6%: RM53.94');
    expect(issued.headers?.['Content-Language']).toBe('en');
    const malay = templates('ms')['invoice issued'] as Mail;
    expect(malay.text).toContain('Invois YP-2026-000041 berjumlah RM952.94 (termasuk SST) telah dikeluarkan. Pelan berjalan sebaik sahaja ia dibayar.');
    expect(malay.text).toContain('Cukai SST 6%: RM53.94');
  });
});
