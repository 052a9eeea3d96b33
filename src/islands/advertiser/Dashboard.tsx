/**
 * The advertiser dashboard, /advertiser (issue 25): the businesses with their plan and what it leaves, the ads by
 * type and status with their actions, and the last 30 days' views, clicks and enquiries per listing. Each ad names its
 * state (issue 39): waiting for payment with its invoice, held for review, hidden by Yellow Pages with the reason,
 * expired with Renew; publishing and renewing show what they cost before anything is charged.
 */
import { counted } from '../../shared/plurals.ts';
import { useCallback, useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { LISTING_TYPE_LABELS, LISTING_TYPES } from '../../shared/constants.ts';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import { LISTING_STATE_LABELS, type PublishQuote } from '../../shared/listing-states.ts';
import { showToast } from '../../stores/toasts.ts';
import { CostConfirm } from './CostConfirm.tsx';
import { AdvertiserOnly, primary, ringgitText, secondary } from './gate.tsx';

const STATUS_LABELS = { draft: 'Draft', active: 'Live', expired: 'Expired', removed: 'Removed' } as const;

/** An ad's state in its own words, with the reason Yellow Pages gave where it hid or refused it. */
function StateText({ post }: { post: calls.AdvertiserPostItem }) {
  const label = LISTING_STATE_LABELS[post.state];
  if (post.state === 'awaiting_payment' && post.invoice) {
    return <>{label}: <a className="underline" href={`/advertiser/invoices/${post.invoice.id}`}>invoice {post.invoice.number}</a></>;
  }
  if ((post.state === 'hidden' || post.state === 'refused') && post.moderation_reason) return <>{label}: {post.moderation_reason}</>;
  return <>{label}</>;
}

function Totals({ totals }: { totals: { views: number; clicks: number; enquiries: number } }) {
  return <span className="text-sm text-gray-700">{totals.views} views · {totals.clicks} clicks · {totals.enquiries} enquiries</span>;
}

function DashboardView() {
  const [data, setData] = useState<calls.Dashboard | null>(null);
  const [busy, setBusy] = useState(false);
  /** The ad whose publishing or renewing waits for the person's yes, with its quote. */
  const [asking, setAsking] = useState<{ id: number; quote: PublishQuote } | null>(null);
  /** The ad whose removal waits for the person's yes. */
  const [removing, setRemoving] = useState<number | null>(null);
  const load = useCallback(async () => {
    try {
      setData((await calls.dashboard()).data);
    } catch (error) {
      reportFailure(error, () => undefined);
    }
  }, []);
  useEffect(() => { void load(); }, [load]);

  async function act(run: () => Promise<{ message?: string; payment_required?: calls.Payment }>, done: string) {
    setBusy(true);
    try {
      const answer = await run();
      showToast(answer.payment_required?.message ?? answer.message ?? done, answer.payment_required ? 'warning' : 'success');
      // A step that costs ringgit has its invoice: the buyer goes to pay it.
      if (answer.payment_required) window.location.assign(`/advertiser/invoices/${answer.payment_required.invoice_id}`);
      else await load();
    } catch (error) {
      reportFailure(error, () => undefined);
    } finally {
      setBusy(false);
    }
  }

  /** Publish or renew: free goes at once; a token or ringgit shows its quote first, and goes on Confirm. */
  async function goLive(id: number) {
    setBusy(true);
    try {
      const quote = (await calls.publishQuote(id)).data;
      if (quote.confirm_required) setAsking({ id, quote });
      else await act(() => calls.publishPost(id), 'The ad is live.');
    } catch (error) {
      reportFailure(error, () => undefined);
    } finally {
      setBusy(false);
    }
  }

  async function confirm() {
    if (!asking) return;
    const { id, quote } = asking;
    setAsking(null);
    await act(() => (quote.action === 'publish' ? calls.publishPost(id, true) : calls.renewPost(id, true)), quote.action === 'publish' ? 'The ad is live.' : 'The ad is live again.');
  }

  if (!data) return <p role="status">Loading your listings…</p>;
  return (
    <div className="space-y-6" data-testid="advertiser-dashboard">
      <section className="panel" aria-labelledby="businesses-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="businesses-title" className="text-lg font-bold">Your businesses</h2>
          <a href="/advertiser/profiles/new" className={secondary}>Add a business</a>
        </div>
        {data.businesses.length === 0 && <p className="mt-2">No business yet. Claim yours from its page on the directory, or add a new one.</p>}
        <ul className="mt-3 space-y-3">
          {data.businesses.map((business) => (
            <li key={business.id} className="rounded border border-gray-200 p-3" data-testid="business">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={`/advertiser/profiles/${business.id}`} className="font-semibold underline [overflow-wrap:anywhere]">{business.name}</a>
                <span className="text-sm font-semibold" data-testid="business-plan">{business.plan}{business.subscription?.kind === 'trial' ? ' (trial)' : ''}</span>
              </div>
              <p className="mt-1 text-sm">
                {business.package.tokens_left !== null ? `${business.package.tokens_left} of ${business.package.tokens} tokens left · ` : 'Pay per post · '}
                {business.package.categories} categories · {business.package.keywords} keywords · {business.package.photos} photos · {business.package.pdfs} PDFs · {business.package.videos} videos
                {business.subscription && ` · until ${business.subscription.ends_at.slice(0, 10)}`}
              </p>
              <p className="mt-1"><Totals totals={business.last_30_days} /></p>
              <div className="mt-2 flex flex-wrap gap-2">
                <a href={profileUrl(business.slug)} className={secondary}>View page</a>
                <a href={`/advertiser/posts/new?profile_id=${business.id}`} className={secondary}>Post an ad</a>
                <a href={`/advertiser/subscribe?profile=${business.id}&package=${business.plan === 'FREE' ? 'GOLD' : business.plan}`} className={secondary}>
                  {business.subscription?.kind === 'paid' ? 'Change plan' : 'Choose a plan'}
                </a>
                {business.trial_available && (['BRONZE', 'SILVER', 'GOLD'] as const).map((plan) => (
                  <button key={plan} type="button" className={secondary} disabled={busy}
                    onClick={() => act(async () => calls.startTrial(business.id, plan), `Your ${plan} trial has started.`)}>Start free {plan} trial</button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel" aria-labelledby="ads-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ads-title" className="text-lg font-bold">Your ads</h2>
          <a href="/advertiser/posts/new?type=hireme" className={secondary}>Offer yourself for hire</a>
        </div>
        {data.first_ad_free && <p className="mt-1 text-sm">Your first ad is free.</p>}
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">Ads by type and status</caption>
            <thead><tr><th scope="col" className="py-1 pr-2">Type</th>{Object.values(STATUS_LABELS).map((label) => <th key={label} scope="col" className="py-1 pr-2">{label}</th>)}</tr></thead>
            <tbody>
              {LISTING_TYPES.map((type) => (
                <tr key={type} className="border-t border-gray-100">
                  <th scope="row" className="py-1 pr-2 font-normal">{LISTING_TYPE_LABELS[type].tab}</th>
                  <td>{data.ads[type].draft}</td><td>{data.ads[type].live}</td><td>{data.ads[type].expired}</td><td>{data.ads[type].removed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="mt-4 space-y-3">
          {data.posts.map((post) => (
            <li key={post.id} className="rounded border border-gray-200 p-3" data-testid="advertiser-post">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={`/advertiser/posts/${post.id}`} className="font-semibold underline [overflow-wrap:anywhere]">{post.title}</a>
                <span className="text-sm font-semibold [overflow-wrap:anywhere]" data-testid="post-status"><StateText post={post} /></span>
              </div>
              <p className="mt-1 text-sm">
                {LISTING_TYPE_LABELS[post.type].tab} · {post.profile_name}
                {post.expires_at && post.status !== 'draft' && ` · ${post.state === 'expired' ? 'expired' : 'until'} ${post.expires_at.slice(0, 10)}`}
                {` · spent ${counted(post.tokens_spent, 'token')}${post.amount_sen > 0 ? `, ${ringgitText(post.amount_sen)}` : ''}`}
              </p>
              <p className="mt-1"><Totals totals={post.last_30_days} /></p>
              <div className="mt-2 flex flex-wrap gap-2">
                {post.state === 'live' && <a href={postUrl(post.type, post.slug)} className={secondary}>View</a>}
                {post.state !== 'removed' && <a href={`/advertiser/posts/${post.id}/preview`} className={secondary}>Preview</a>}
                {(post.state === 'draft' || post.state === 'refused') && <button type="button" className={primary} disabled={busy} onClick={() => void goLive(post.id)}>Publish</button>}
                {post.state === 'awaiting_payment' && post.invoice && <a href={`/advertiser/invoices/${post.invoice.id}`} className={primary}>Pay invoice</a>}
                {post.renewable && <button type="button" className={primary} disabled={busy} onClick={() => void goLive(post.id)}>Renew</button>}
                {post.state !== 'removed' && <button type="button" className={secondary} disabled={busy} onClick={() => setRemoving(post.id)}>Remove</button>}
              </div>
              {removing === post.id && (
                <div className="mt-2 flex flex-wrap items-center gap-2 rounded border border-amber-500 bg-amber-50 p-2" role="group" aria-label="Confirm the removal" data-testid="remove-confirm">
                  <span>Remove &quot;{post.title}&quot; for good? It leaves the site, and its page says it was removed.</span>
                  <button type="button" className={primary} disabled={busy} onClick={() => { setRemoving(null); void act(() => calls.removePost(post.id), 'The ad was removed.'); }}>Yes, remove it</button>
                  <button type="button" className={secondary} onClick={() => setRemoving(null)}>Cancel</button>
                </div>
              )}
              {asking?.id === post.id && (
                <CostConfirm quote={asking.quote} busy={busy} onConfirm={() => void confirm()}
                  onCancel={() => { setAsking(null); showToast(`Not ${asking.quote.action === 'publish' ? 'published' : 'renewed'}: nothing was charged.`, 'success'); }} />
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function Dashboard() {
  return <AdvertiserOnly><DashboardView /></AdvertiserOnly>;
}
