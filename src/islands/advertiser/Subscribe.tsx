/**
 * /advertiser/subscribe (from the Advertise packages page and the dashboard): choose and pay (issue 27). Pick a
 * business, a plan and a period; see the price with SST on its own line; confirm (the invoice is issued); pay online
 * through the hosted checkout or by bank transfer. The free 30-day trial starts from here too, and a running paid plan
 * can stop renewing. PAY-PER-POST needs nothing to start.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { onlineProvider, planPriceSen, priceLines, type BillingPeriod, type PaymentProvider } from '../../shared/billing.ts';
import { PAID_PLANS, type PaidPlan } from '../../shared/plans.ts';
import { reportFailure } from '../forms.tsx';
import { showToast } from '../../stores/toasts.ts';
import { AdvertiserOnly, primary, ringgitText, secondary } from './gate.tsx';

interface Choice { plan: PaidPlan; period: BillingPeriod }

const PLANS = [...PAID_PLANS].reverse();

function PriceLines({ choice, rate }: { choice: Choice; rate: number }) {
  const priced = priceLines([{ description: '', quantity: 1, unit_sen: planPriceSen(choice.plan, choice.period) }], rate);
  return (
    <dl className="w-full max-w-xs text-sm" data-testid="price">
      <div className="flex justify-between"><dt>{choice.plan}, {choice.period}</dt><dd>{ringgitText(priced.subtotal_sen)}</dd></div>
      <div className="flex justify-between"><dt>SST {rate / 100}%</dt><dd>{ringgitText(priced.sst_sen)}</dd></div>
      <div className="flex justify-between font-bold"><dt>Total</dt><dd>{ringgitText(priced.total_sen)}</dd></div>
    </dl>
  );
}

function PayInvoice({ invoice, providers }: { invoice: calls.Invoice; providers: PaymentProvider[] }) {
  const [busy, setBusy] = useState(false);
  const online = onlineProvider(providers);
  async function pay(provider: PaymentProvider) {
    setBusy(true);
    try {
      window.location.assign((await calls.payInvoice(invoice.id, provider)).data.redirect_url);
    } catch (error) {
      reportFailure(error, () => undefined);
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2 rounded bg-amber-50 p-3" data-testid="pay">
      <p>Invoice <a className="underline" href={`/advertiser/invoices/${invoice.id}`}>{invoice.number}</a> for <strong>{ringgitText(invoice.total_sen)}</strong> is issued. How would you like to pay?</p>
      <div className="flex flex-wrap gap-2">
        {online && <button type="button" className={primary} disabled={busy} onClick={() => void pay(online)}>{online === 'sandbox' ? 'Pay online (sandbox: no money moves)' : 'Pay online (FPX or card)'}</button>}
        <button type="button" className={secondary} disabled={busy} onClick={() => void pay('bank_transfer')}>Pay by bank transfer</button>
      </div>
    </div>
  );
}

function SubscribeView({ plan, period, profileId }: { plan: string; period: string; profileId?: number }) {
  const [data, setData] = useState<calls.Dashboard | null>(null);
  const [businessId, setBusinessId] = useState<number | undefined>(profileId);
  const [choice, setChoice] = useState<Choice>({
    plan: (PAID_PLANS as readonly string[]).includes(plan) ? plan as PaidPlan : 'GOLD', period: period === 'monthly' ? 'monthly' : 'yearly',
  });
  const [invoice, setInvoice] = useState<calls.Invoice | null>(null);
  const [busy, setBusy] = useState(false);
  const load = () => calls.dashboard().then(({ data: loaded }) => {
    setData(loaded);
    setBusinessId((current) => current ?? loaded.businesses[0]?.id);
  }, (error: unknown) => reportFailure(error, () => undefined));
  useEffect(() => {
    void load();
  }, []);
  if (!data) return <p role="status">Loading…</p>;
  if (plan === 'PAY-PER-POST') {
    return <p className="panel">Pay-Per-Post needs no plan: your first ad is free, and each one after costs RM50 plus SST. <a className="underline" href="/advertiser/posts/new">Post an ad</a>.</p>;
  }
  if (data.businesses.length === 0) {
    return <p className="panel">Add or claim your business first: a plan belongs to a business. <a className="underline" href="/advertiser/profiles/new">Add a business</a>.</p>;
  }
  const business = data.businesses.find((item) => item.id === businessId) ?? data.businesses[0]!;
  const running = business.subscription;

  async function run<T>(work: () => Promise<T>, after: (result: T) => void) {
    setBusy(true);
    try {
      after(await work());
    } catch (error) {
      reportFailure(error, () => undefined);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="panel max-w-2xl space-y-4" data-testid="subscribe">
      {data.businesses.length > 1 && (
        <label className="block">
          <span className="font-semibold">Business</span>
          <select className="mt-1 block w-full rounded border border-gray-400 p-2" value={business.id} onChange={(event) => { setBusinessId(Number(event.target.value)); setInvoice(null); }}>
            {data.businesses.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          </select>
        </label>
      )}
      <p data-testid="current-plan">
        <span className="[overflow-wrap:anywhere]">{business.name}</span> is on <strong>{business.plan}</strong>
        {running ? `${running.kind === 'trial' ? ' (free trial)' : ` ${running.period ?? ''}`} until ${running.ends_at.slice(0, 10)}` : ''}
        {running?.kind === 'paid' ? (running.renews ? `, renewing${running.next_plan ? ` as ${running.next_plan}` : ''}.` : ', not renewing.') : '.'}
      </p>

      <fieldset>
        <legend className="font-semibold">1. Plan</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {PLANS.map((item) => (
            <label key={item} className="flex items-center gap-1"><input type="radio" name="plan" value={item} checked={choice.plan === item} onChange={() => { setChoice({ ...choice, plan: item }); setInvoice(null); }} /> {item}</label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-semibold">Period</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {(['monthly', 'yearly'] as const).map((item) => (
            <label key={item} className="flex items-center gap-1"><input type="radio" name="period" value={item} checked={choice.period === item} onChange={() => { setChoice({ ...choice, period: item }); setInvoice(null); }} /> {item === 'monthly' ? 'Monthly' : 'Yearly'}</label>
          ))}
        </div>
      </fieldset>
      <section aria-labelledby="price-heading">
        <h2 id="price-heading" className="font-semibold">2. Price</h2>
        <PriceLines choice={choice} rate={data.billing.sst_rate_bp} />
        <p className="mt-1 text-xs">The minimum listing period is 12 months; plans renew by themselves until cancelled. An upgrade starts at once and is charged for the days left of the current period; a lower plan starts when the current period ends.</p>
      </section>
      {invoice ? <PayInvoice invoice={invoice} providers={data.billing.providers} /> : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.subscribe({ profile_id: business.id, ...choice }), (answer) => {
            if (answer.message) showToast(answer.message, 'success');
            if (answer.data.invoice) setInvoice(answer.data.invoice);
            else void load();
          })}>3. Confirm {choice.plan} {choice.period}</button>
          {business.trial_available && (
            <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.startTrial(business.id, choice.plan), (answer) => {
              showToast(answer.message ?? 'Your trial has started.', 'success');
              window.location.assign('/advertiser');
            })}>Start the free 30-day {choice.plan} trial first</button>
          )}
        </div>
      )}
      {running?.kind === 'paid' && running.renews && (
        <p>
          <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.cancelSubscription(running.id), (answer) => {
            showToast(answer.message ?? 'Cancelled.', 'success');
            void load();
          })}>Cancel renewal</button>
        </p>
      )}
    </div>
  );
}

export default function Subscribe({ plan, period, profileId }: { plan: string; period: string; profileId?: number }) {
  return <AdvertiserOnly><SubscribeView plan={plan} period={period} profileId={profileId} /></AdvertiserOnly>;
}
