/**
 * /advertiser/invoices and /advertiser/invoices/{id} (issue 27): the advertiser's invoices, newest first, and one
 * invoice as issued: seller with its SST registration, buyer, lines with their SST, totals, how to pay it while unpaid,
 * and its PDF. The legal particulars' labels stay in English, as issued, with the advertiser's language beside them
 * where it differs (issue 63, decision 0036); what the page says around them is in the advertiser's language.
 */
import { onlineProvider, type PaymentProvider } from '../../shared/billing.ts';
import { useEffect, useRef, useState } from 'react';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/advertiser-calls.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { reportFailure } from '../forms.tsx';
import { AdvertiserOnly, primary, ringgitText } from './gate.tsx';
import * as m from '../../paraglide/messages.js';
import { invoiceLabel } from '../../shared/invoice-labels.ts';

const STATUS = { issued: m.inv_unpaid, paid: m.inv_paid, void: m.inv_void } as const;
const day = (iso: string) => malaysiaToday(Date.parse(iso));

function InvoiceList() {
  const [list, setList] = useState<calls.Invoice[] | null>(null);
  useEffect(() => {
    calls.invoices().then(({ data }) => setList(data), (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  if (!list) return <p role="status">{m.loading()}</p>;
  if (list.length === 0) return <p className="panel">{m.adv_no_invoices()}</p>;
  return (
    <ul className="divide-y divide-gray-200 rounded border border-gray-200 bg-white" data-testid="invoices">
      {list.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <a href={`/advertiser/invoices/${item.id}`} className="font-semibold text-blue-800 hover:underline">{item.number}</a>
          <span className="text-sm">{day(item.issued_at)} · {ringgitText(item.total_sen)} · {STATUS[item.status]()}</span>
        </li>
      ))}
    </ul>
  );
}

const PAYMENT_WORDS = {
  paid: m.inv_payment_paid,
  pending: m.inv_payment_pending,
  cancelled: m.inv_payment_cancelled,
  expired: m.inv_payment_expired,
} as const;

/** The buyer back from the hosted checkout (`?payment=`): the payment's state, asked again while it waits. */
function PaymentStatus({ paymentId, onSettled }: { paymentId: number; onSettled: () => void }) {
  const [status, setStatus] = useState<keyof typeof PAYMENT_WORDS | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  useEffect(() => {
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => calls.payment(paymentId).then(({ data }) => {
      setStatus(data.status);
      if (data.status === 'pending' && ++tries < 20) timer = setTimeout(() => void look(), 3000);
      else settled.current();
    }, (error: unknown) => reportFailure(error, () => undefined));
    void look();
    return () => clearTimeout(timer);
  }, [paymentId]);
  if (!status) return null;
  return <p role="status" className="rounded bg-blue-50 p-3 text-sm font-semibold" data-testid="payment-status">{PAYMENT_WORDS[status]()}</p>;
}

function InvoiceView({ id }: { id: number }) {
  const [item, setItem] = useState<calls.Invoice | null | 'missing'>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const paymentId = Number(new URLSearchParams(window.location.search).get('payment')) || undefined;
  useEffect(() => {
    calls.invoice(id).then(({ data }) => setItem(data), (error: unknown) => {
      if (errorBody(error).status === 404) setItem('missing');
      else reportFailure(error, () => undefined);
    });
  }, [id, version]);
  async function payOnline(provider: PaymentProvider) {
    setBusy(true);
    try {
      window.location.assign((await calls.payInvoice(id, provider)).data.redirect_url);
    } catch (error) {
      reportFailure(error, () => undefined);
      setBusy(false);
    }
  }
  if (item === null) return <p role="status">{m.loading()}</p>;
  if (item === 'missing') return <p className="panel" data-testid="not-found">{m.inv_not_found()}</p>;
  const online = item.payment ? onlineProvider(item.payment.providers) : undefined;
  return (
    <article className="panel space-y-4" data-testid="invoice">
      {paymentId && <PaymentStatus paymentId={paymentId} onSettled={() => setVersion((value) => value + 1)} />}
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-xl font-bold">{invoiceLabel(item.kind === 'credit_note' ? m.inv_credit_note : m.inv_tax_invoice)} {item.number}</h2>
          <p className="text-sm">{invoiceLabel(m.inv_issued, { date: day(item.issued_at) })} · {invoiceLabel(m.inv_due, { date: day(item.due_at) })}{item.paid_at ? ` · ${invoiceLabel(m.inv_paid_on, { date: day(item.paid_at) })}` : ''}</p>
        </div>
        <span className="rounded bg-gray-100 px-2 py-0.5 text-sm font-bold" data-testid="invoice-status">{STATUS[item.status]()}</span>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="seller-heading">
          <h3 id="seller-heading" className="font-semibold">{invoiceLabel(m.inv_seller)}</h3>
          <p>{item.seller.name}</p><p className="text-sm">{item.seller.address}</p>
          <p className="text-sm">{invoiceLabel(m.inv_sst_registration, { number: item.seller.sst_registration ?? '' })}</p>
        </section>
        <section aria-labelledby="buyer-heading">
          <h3 id="buyer-heading" className="font-semibold">{invoiceLabel(m.inv_bill_to)}</h3>
          <p className="break-words">{item.buyer.name}</p>
          {item.buyer.company_no && <p className="text-sm">{invoiceLabel(m.inv_company_no, { number: item.buyer.company_no ?? '' })}</p>}
          {item.buyer.address && <p className="break-words text-sm">{item.buyer.address}</p>}
          <p className="break-words text-sm">{item.buyer.contact}{item.buyer.email ? `, ${item.buyer.email}` : ''}</p>
        </section>
      </div>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={m.inv_lines()}>
        <table className="w-full text-sm">
          <thead><tr className="text-left"><th scope="col">{invoiceLabel(m.inv_description)}</th><th scope="col" className="text-right">{invoiceLabel(m.inv_qty)}</th><th scope="col" className="text-right">{invoiceLabel(m.inv_amount)}</th><th scope="col" className="text-right">{invoiceLabel(m.adv_sst_rate, { rate: item.sst_rate })}</th></tr></thead>
          <tbody>
            {item.lines.map((line, index) => (
              <tr key={index} className="border-t border-gray-100"><td className="break-words">{line.description}</td><td className="text-right">{line.quantity}</td>
                <td className="text-right">{ringgitText(line.amount_sen)}</td><td className="text-right">{ringgitText(line.sst_sen)}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto w-full max-w-xs text-sm" data-testid="invoice-totals">
        <div className="flex justify-between"><dt>{invoiceLabel(m.inv_subtotal)}</dt><dd>{ringgitText(item.subtotal_sen)}</dd></div>
        <div className="flex justify-between"><dt>{invoiceLabel(m.adv_sst_rate, { rate: item.sst_rate })}</dt><dd>{ringgitText(item.sst_sen)}</dd></div>
        <div className="flex justify-between font-bold"><dt>{invoiceLabel(m.adv_total)}</dt><dd>{ringgitText(item.total_sen)}</dd></div>
      </dl>
      {item.payment && (
        <div id="pay" className="space-y-2 rounded bg-amber-50 p-3 text-sm" data-testid="invoice-pay">
          <p>{m.inv_bank_transfer({ account: item.payment.account, reference: item.payment.reference })}</p>
          {online && (
            <button type="button" className={primary} disabled={busy} onClick={() => void payOnline(online)}>{online === 'sandbox' ? m.inv_pay_online_sandbox() : m.inv_pay_online()}</button>
          )}
        </div>
      )}
      {item.term_note && <p className="rounded border border-gray-300 p-3 text-sm" data-testid="term-note">{item.term_note}</p>}
      <p><a href={calls.invoicePdfUrl(item.id)} className="link" download>{m.inv_download_pdf()}</a></p>
    </article>
  );
}

export default function Invoices({ id }: { id?: number }) {
  return <AdvertiserOnly>{id ? <InvoiceView id={id} /> : <InvoiceList />}</AdvertiserOnly>;
}
