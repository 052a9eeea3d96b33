/**
 * /advertiser/subscribe?package=… (from the Advertise packages page): the chosen plan starts as its free 30-day
 * trial for one of the advertiser's businesses; paying comes with billing. PAY-PER-POST needs nothing to start.
 */
import { useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { showToast } from '../../stores/toasts.ts';
import { AdvertiserOnly, primary } from './gate.tsx';

function SubscribeView({ plan }: { plan: string }) {
  const [businesses, setBusinesses] = useState<calls.DashboardBusiness[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    calls.dashboard().then(({ data }) => setBusinesses(data.businesses), (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  if (!businesses) return <p role="status">Loading…</p>;
  if (plan === 'PAY-PER-POST') {
    return <p className="panel">Pay-Per-Post needs no plan: your first ad is free, and each one after costs RM50. <a className="underline" href="/advertiser/posts/new">Post an ad</a>.</p>;
  }
  if (businesses.length === 0) {
    return <p className="panel">Add or claim your business first: a plan belongs to a business. <a className="underline" href="/advertiser/profiles/new">Add a business</a>.</p>;
  }
  return (
    <div className="panel max-w-xl" data-testid="subscribe">
      <p>Start the free 30-day {plan} trial for:</p>
      <ul className="mt-3 space-y-2">
        {businesses.map((business) => (
          <li key={business.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="[overflow-wrap:anywhere]">{business.name} ({business.plan})</span>
            <button type="button" className={primary} disabled={busy || !business.trial_available} onClick={async () => {
              setBusy(true);
              try {
                const answer = await calls.startTrial(business.id, plan);
                showToast(answer.message ?? 'Your trial has started.', 'success');
                window.location.assign('/advertiser');
              } catch (error) {
                reportFailure(error, () => undefined);
              } finally {
                setBusy(false);
              }
            }}>{business.trial_available ? 'Start trial' : 'Trial used'}</button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Subscribe({ plan }: { plan: string }) {
  return <AdvertiserOnly><SubscribeView plan={plan} /></AdvertiserOnly>;
}
