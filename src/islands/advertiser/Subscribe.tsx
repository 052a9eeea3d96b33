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
import * as m from '../../paraglide/messages.js';

interface Choice { plan: PaidPlan; period: BillingPeriod }

const PLANS = [...PAID_PLANS].reverse();

const periodWord = (period: BillingPeriod) => (period === 'monthly' ? m.adv_period_monthly() : m.adv_period_yearly());

function PriceLines({ choice, rate }: { choice: Choice; rate: number }) {
  const priced = priceLines([{ description: '', quantity: 1, unit_sen: planPriceSen(choice.plan, choice.period) }], rate);
  return (
    <dl className="w-full max-w-xs text-sm" data-testid="price">
      <div className="flex justify-between"><dt>{m.adv_plan_period({ plan: choice.plan, period: periodWord(choice.period) })}</dt><dd>{ringgitText(priced.subtotal_sen)}</dd></div>
      <div className="flex justify-between"><dt>{m.adv_sst_rate({ rate: rate / 100 })}</dt><dd>{ringgitText(priced.sst_sen)}</dd></div>
      <div className="flex justify-between font-bold"><dt>{m.adv_total()}</dt><dd>{ringgitText(priced.total_sen)}</dd></div>
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
      <p><a className="underline" href={`/advertiser/invoices/${invoice.id}`}>{m.adv_invoice_issued({ number: invoice.number, amount: ringgitText(invoice.total_sen) })}</a></p>
      <div className="flex flex-wrap gap-2">
        {online && <button type="button" className={primary} disabled={busy} onClick={() => void pay(online)}>{online === 'sandbox' ? m.adv_pay_online_sandbox() : m.adv_pay_online()}</button>}
        <button type="button" className={secondary} disabled={busy} onClick={() => void pay('bank_transfer')}>{m.adv_pay_bank_transfer()}</button>
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
  if (!data) return <p role="status">{m.loading()}</p>;
  if (plan === 'PAY-PER-POST') {
    return <p className="panel">{m.adv_pay_per_post_note()} <a className="underline" href="/advertiser/posts/new">{m.adv_nav_post_ad()}</a></p>;
  }
  if (data.businesses.length === 0) {
    return <p className="panel">{m.adv_business_first()} <a className="underline" href="/advertiser/profiles/new">{m.adv_nav_add_business()}</a></p>;
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
          <span className="font-semibold">{m.adv_business()}</span>
          <select className="mt-1 block w-full rounded border border-gray-400 p-2" value={business.id} onChange={(event) => { setBusinessId(Number(event.target.value)); setInvoice(null); }}>
            {data.businesses.map((item) => <option key={item.id} value={item.id}>{item.name}</option>)}
          </select>
        </label>
      )}
      <p data-testid="current-plan">
        <span className="[overflow-wrap:anywhere]">{m.adv_current_plan({ name: business.name, plan: business.plan })}</span>
        {running ? (running.kind === 'trial' ? m.adv_trial_until({ date: running.ends_at.slice(0, 10) })
          : m.adv_period_until({ period: running.period ? periodWord(running.period) : '', date: running.ends_at.slice(0, 10) })) : ''}
        {running?.kind === 'paid' ? (running.renews ? (running.next_plan ? m.adv_renewing_as({ plan: running.next_plan }) : m.adv_renewing()) : m.adv_not_renewing()) : m.adv_full_stop()}
      </p>

      <fieldset>
        <legend className="font-semibold">{m.adv_step_plan()}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {PLANS.map((item) => (
            <label key={item} className="flex items-center gap-1"><input type="radio" name="plan" value={item} checked={choice.plan === item} onChange={() => { setChoice({ ...choice, plan: item }); setInvoice(null); }} /> {item}</label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="font-semibold">{m.adv_period()}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {(['monthly', 'yearly'] as const).map((item) => (
            <label key={item} className="flex items-center gap-1"><input type="radio" name="period" value={item} checked={choice.period === item} onChange={() => { setChoice({ ...choice, period: item }); setInvoice(null); }} /> {item === 'monthly' ? m.adv_monthly() : m.adv_yearly()}</label>
          ))}
        </div>
      </fieldset>
      <section aria-labelledby="price-heading">
        <h2 id="price-heading" className="font-semibold">{m.adv_step_price()}</h2>
        <PriceLines choice={choice} rate={data.billing.sst_rate_bp} />
        <p className="mt-1 text-xs">{m.adv_plan_terms()}</p>
      </section>
      {invoice ? <PayInvoice invoice={invoice} providers={data.billing.providers} /> : (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.subscribe({ profile_id: business.id, ...choice }), (answer) => {
            if (answer.message) showToast(answer.message, 'success');
            if (answer.data.invoice) setInvoice(answer.data.invoice);
            else void load();
          })}>{m.adv_step_confirm({ plan: choice.plan, period: periodWord(choice.period) })}</button>
          {business.trial_available && (
            <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.startTrial(business.id, choice.plan), (answer) => {
              showToast(answer.message ?? m.adv_trial_started_plain(), 'success');
              window.location.assign('/advertiser');
            })}>{m.adv_trial_first({ plan: choice.plan })}</button>
          )}
        </div>
      )}
      {running?.kind === 'paid' && running.renews && (
        <p>
          <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.cancelSubscription(running.id), (answer) => {
            showToast(answer.message ?? m.adv_cancelled(), 'success');
            void load();
          })}>{m.adv_cancel_renewal()}</button>
        </p>
      )}
    </div>
  );
}

export default function Subscribe({ plan, period, profileId }: { plan: string; period: string; profileId?: number }) {
  return <AdvertiserOnly><SubscribeView plan={plan} period={period} profileId={profileId} /></AdvertiserOnly>;
}
