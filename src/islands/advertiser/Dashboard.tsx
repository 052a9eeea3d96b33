/**
 * The advertiser dashboard, /advertiser (issue 25): the businesses with their plan and what it leaves, the ads by
 * type and status with their actions, and the last 30 days' views, clicks and enquiries per listing. Each ad names its
 * state (issue 39): waiting for payment with its invoice, held for review, hidden by Yellow Pages with the reason,
 * expired with Renew; publishing and renewing show what they cost before anything is charged.
 */
import { useCallback, useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { LISTING_TYPES } from '../../shared/constants.ts';
import { typeLabel } from '../../shared/type-labels.ts';
import * as m from '../../paraglide/messages.js';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import { listingStateLabel, type PublishQuote } from '../../shared/listing-states.ts';
import { showToast } from '../../stores/toasts.ts';
import { CostConfirm } from './CostConfirm.tsx';
import { AdvertiserOnly, primary, ringgitText, secondary } from './gate.tsx';

const STATUS_LABELS = [m.adv_status_draft, m.adv_status_live, m.adv_status_expired, m.adv_status_removed];

/** An ad's state in its own words, with the reason Yellow Pages gave where it hid or refused it. */
function StateText({ post }: { post: calls.AdvertiserPostItem }) {
  const label = listingStateLabel(post.state);
  if (post.state === 'awaiting_payment' && post.invoice) {
    return <>{label}: <a className="underline" href={`/advertiser/invoices/${post.invoice.id}`}>{m.adv_invoice_named({ number: post.invoice.number })}</a></>;
  }
  if ((post.state === 'hidden' || post.state === 'refused') && post.moderation_reason) return <>{label}: {post.moderation_reason}</>;
  return <>{label}</>;
}

function Totals({ totals }: { totals: { views: number; clicks: number; enquiries: number } }) {
  return <span className="text-sm text-gray-700">{m.adv_views_count({ count: totals.views })} · {m.adv_clicks_count({ count: totals.clicks })} · {m.adv_enquiries_count({ count: totals.enquiries })}</span>;
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
      else await act(() => calls.publishPost(id), m.adv_ad_live());
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
    await act(() => (quote.action === 'publish' ? calls.publishPost(id, true) : calls.renewPost(id, true)), quote.action === 'publish' ? m.adv_ad_live() : m.adv_ad_live_again());
  }

  if (!data) return <p role="status">{m.adv_loading_listings()}</p>;
  return (
    <div className="space-y-6" data-testid="advertiser-dashboard">
      <section className="panel" aria-labelledby="businesses-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="businesses-title" className="text-lg font-bold">{m.adv_your_businesses()}</h2>
          <a href="/advertiser/profiles/new" className={secondary}>{m.adv_nav_add_business()}</a>
        </div>
        {data.businesses.length === 0 && <p className="mt-2">{m.adv_no_business()}</p>}
        <ul className="mt-3 space-y-3">
          {data.businesses.map((business) => (
            <li key={business.id} className="rounded border border-gray-200 p-3" data-testid="business">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <a href={`/advertiser/profiles/${business.id}`} className="font-semibold underline [overflow-wrap:anywhere]">{business.name}</a>
                <span className="text-sm font-semibold" data-testid="business-plan">{business.subscription?.kind === 'trial' ? m.adv_plan_trial({ plan: business.plan }) : business.plan}</span>
              </div>
              <p className="mt-1 text-sm">
                {[
                  business.package.tokens_left !== null ? m.adv_tokens_left({ left: business.package.tokens_left, tokens: business.package.tokens ?? 0 }) : m.adv_pay_per_post(),
                  m.adv_package_categories({ count: business.package.categories }), m.adv_package_keywords({ count: business.package.keywords }),
                  m.adv_package_photos({ count: business.package.photos }), m.adv_package_pdfs({ count: business.package.pdfs }), m.adv_package_videos({ count: business.package.videos }),
                  ...(business.subscription ? [m.adv_until({ date: business.subscription.ends_at.slice(0, 10) })] : []),
                ].join(' · ')}
              </p>
              <p className="mt-1"><Totals totals={business.last_30_days} /></p>
              <div className="mt-2 flex flex-wrap gap-2">
                <a href={profileUrl(business.slug)} className={secondary}>{m.adv_view_page()}</a>
                <a href={`/advertiser/posts/new?profile_id=${business.id}`} className={secondary}>{m.adv_nav_post_ad()}</a>
                <a href={`/advertiser/subscribe?profile=${business.id}&package=${business.plan === 'FREE' ? 'GOLD' : business.plan}`} className={secondary}>
                  {business.subscription?.kind === 'paid' ? m.adv_change_plan() : m.adv_choose_plan()}
                </a>
                {business.trial_available && (['BRONZE', 'SILVER', 'GOLD'] as const).map((plan) => (
                  <button key={plan} type="button" className={secondary} disabled={busy}
                    onClick={() => act(async () => calls.startTrial(business.id, plan), m.adv_trial_started({ plan }))}>{m.adv_start_trial({ plan })}</button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel" aria-labelledby="ads-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ads-title" className="text-lg font-bold">{m.adv_your_ads()}</h2>
          <a href="/advertiser/posts/new?type=hireme" className={secondary}>{m.adv_offer_yourself()}</a>
        </div>
        {data.first_ad_free && <p className="mt-1 text-sm">{m.adv_first_ad_free()}</p>}
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{m.adv_ads_by_type()}</caption>
            <thead><tr><th scope="col" className="py-1 pr-2">{m.adv_type()}</th>{STATUS_LABELS.map((label) => <th key={label()} scope="col" className="py-1 pr-2">{label()}</th>)}</tr></thead>
            <tbody>
              {LISTING_TYPES.map((type) => (
                <tr key={type} className="border-t border-gray-100">
                  <th scope="row" className="py-1 pr-2 font-normal">{typeLabel(type, 'tab')}</th>
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
                {typeLabel(post.type, 'tab')} · {post.profile_name}
                {post.expires_at && post.status !== 'draft' && ` · ${post.state === 'expired' ? m.adv_expired_on({ date: post.expires_at.slice(0, 10) }) : m.adv_until({ date: post.expires_at.slice(0, 10) })}`}
                {` · ${m.adv_spent_tokens({ count: post.tokens_spent })}${post.amount_sen > 0 ? `, ${ringgitText(post.amount_sen)}` : ''}`}
              </p>
              <p className="mt-1"><Totals totals={post.last_30_days} /></p>
              <div className="mt-2 flex flex-wrap gap-2">
                {post.state === 'live' && <a href={postUrl(post.type, post.slug)} className={secondary}>{m.adv_view()}</a>}
                {post.state !== 'removed' && <a href={`/advertiser/posts/${post.id}/preview`} className={secondary}>{m.adv_preview()}</a>}
                {(post.state === 'draft' || post.state === 'refused') && <button type="button" className={primary} disabled={busy} onClick={() => void goLive(post.id)}>{m.adv_publish()}</button>}
                {post.state === 'awaiting_payment' && post.invoice && <a href={`/advertiser/invoices/${post.invoice.id}`} className={primary}>{m.adv_pay_invoice()}</a>}
                {post.renewable && <button type="button" className={primary} disabled={busy} onClick={() => void goLive(post.id)}>{m.adv_renew()}</button>}
                {post.state !== 'removed' && <button type="button" className={secondary} disabled={busy} onClick={() => setRemoving(post.id)}>{m.adv_remove()}</button>}
              </div>
              {removing === post.id && (
                <div className="mt-2 flex flex-wrap items-center gap-2 rounded border border-amber-500 bg-amber-50 p-2" role="group" aria-label={m.adv_confirm_removal()} data-testid="remove-confirm">
                  <span>{m.adv_remove_for_good({ title: post.title })}</span>
                  <button type="button" className={primary} disabled={busy} onClick={() => { setRemoving(null); void act(() => calls.removePost(post.id), m.adv_ad_removed()); }}>{m.adv_yes_remove()}</button>
                  <button type="button" className={secondary} onClick={() => setRemoving(null)}>{m.dialog_cancel()}</button>
                </div>
              )}
              {asking?.id === post.id && (
                <CostConfirm quote={asking.quote} busy={busy} onConfirm={() => void confirm()}
                  onCancel={() => { setAsking(null); showToast(asking.quote.action === 'publish' ? m.adv_not_published() : m.adv_not_renewed(), 'success'); }} />
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
