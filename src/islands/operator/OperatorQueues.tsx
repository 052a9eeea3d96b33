/**
 * /operator (issue 28): the queues the console has, each with its count, oldest first: reports grouped by what they
 * name (dismiss, hide, remove with a reason; a reported conversation's messages read and removed one by one), new ads and reviews held by an automatic check (approve or publish,
 * refuse, hide, remove),
 * document claims (view the file, approve, refuse with a reason) and bank transfers to confirm. Destructive actions ask for the password again when the proof is older than 15 minutes.
 */
import { changeFieldLabel, changeLines } from '../../shared/change-text.ts';
import { Person } from './Person.tsx';
import { counted } from '../../shared/plurals.ts';
import { useCallback, useEffect, useId, useState } from 'react';
import * as calls from '../../client/operator-calls.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ringgit } from '../../shared/plans.ts';
import { ACCOUNT_REASONS, DISMISS_REASONS, LISTING_REASONS } from '../../shared/moderation-reasons.ts';
import { ReasonButton, ReasonForm } from './ReasonForm.tsx';
import { ReportedConversation } from './ReportedConversation.tsx';
import { primary, secondary, useAction } from './reauth.tsx';

const day = (iso: string) => malaysiaToday(Date.parse(iso));

/** A payment owed back: refunded by hand (bank transfer, or a gateway without a refund call), then recorded with its reference. */
function RefundItem({ refund, busy, onDone }: { refund: calls.Refund; busy: boolean; onDone: (reference: string) => void }) {
  const [reference, setReference] = useState('');
  const id = useId();
  return (
    <li className="flex flex-wrap items-end justify-between gap-2 py-2" data-testid="refund">
      <span className="[overflow-wrap:anywhere]">{refund.invoice.number} · {String(refund.invoice.buyer.name ?? '')} · {ringgit(refund.amount_sen)} paid by {refund.provider.replace('_', ' ')}{refund.bill_id ? ` (bill ${refund.bill_id})` : ''}</span>
      <span className="flex flex-wrap items-end gap-2">
        <label className="text-sm" htmlFor={id}>Refund reference <input id={id} className="ml-1 rounded border border-gray-500 p-1" value={reference} onChange={(event) => setReference(event.target.value)} /></label>
        <button type="button" className={primary} disabled={busy || reference.trim().length < 3} onClick={() => onDone(reference.trim())}>Mark refunded</button>
      </span>
    </li>
  );
}

export default function OperatorQueues() {
  const [queues, setQueues] = useState<calls.Queues | null>(null);
  const [reports, setReports] = useState<calls.ReportGroup[]>([]);
  const [claims, setClaims] = useState<calls.ClaimItem[]>([]);
  const [payments, setPayments] = useState<calls.Payment[]>([]);
  const [held, setHeld] = useState<calls.HeldAd[]>([]);
  const [heldReviews, setHeldReviews] = useState<calls.HeldReview[]>([]);
  const [changes, setChanges] = useState<calls.ProfileChange[]>([]);
  const [refunds, setRefunds] = useState<calls.Refund[]>([]);
  const load = useCallback(async () => {
    const [counts, groups, waiting, unpaid, ads, reviews, profileChanges, owed] = await Promise.all([
      calls.queues(), calls.reports(), calls.claims(), calls.payments(), calls.heldAds(), calls.heldReviews(), calls.profileChanges(), calls.refunds(),
    ]);
    setRefunds(owed.data);
    setChanges(profileChanges.data);
    setQueues(counts.data);
    setHeld(ads.data);
    setHeldReviews(reviews.data);
    setReports(groups.data);
    setClaims(waiting.data);
    setPayments(unpaid.data);
  }, []);
  useEffect(() => { void load(); }, [load]);
  const { run, busy, form } = useAction(() => void load());
  if (!queues) return <p role="status">Loading…</p>;
  const target = (group: calls.ReportGroup) => (group.type === 'review' || group.type === 'conversation' ? null : group.type);
  return (
    <div className="space-y-6" data-testid="operator-queues">
      {form}
      <p className="flex flex-wrap gap-x-4 text-sm font-semibold" data-testid="queue-counts">
        <a href="#reports" className="underline">Reports ({queues.reports})</a>
        <a href="#held-ads" className="underline">Held ads ({queues.ads})</a>
        <a href="#held-reviews" className="underline">Held reviews ({queues.reviews})</a>
        <a href="#claims" className="underline">Claims ({queues.claims})</a>
        <a href="#payments" className="underline">Payments ({queues.payments})</a>
        <a href="#profile-changes" className="underline">Profile changes ({queues.profile_changes})</a>
        <a href="#refunds" className="underline">Refunds ({queues.refunds})</a>
        <a href="/operator/verifications" className="underline">SSM verifications ({queues.verifications})</a>
      </p>

      <section id="reports" aria-labelledby="reports-heading" className="panel">
        <h2 id="reports-heading" className="text-lg font-bold">Reports</h2>
        {reports.length === 0 ? <p>No open reports.</p> : (
          <ul className="mt-2 space-y-3">
            {reports.map((group) => (
              <li key={group.group} className="rounded border border-gray-200 p-3" data-testid="report-group">
                <p className="font-semibold [overflow-wrap:anywhere]">
                  {group.url ? <a className="underline" href={group.url}>{group.title}</a> : group.title} <span className="font-normal">({group.type}, {counted(group.count, 'report')} since {day(group.first_at)}{group.owner_user_id !== null && <>, {group.type === 'conversation' ? 'reported' : 'owner'}: <Person id={group.owner_user_id} name={group.owner_name} /></>})</span>
                </p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {group.reports.map((report, index) => (
                    <li key={index} className="[overflow-wrap:anywhere]"><strong>{report.reason_text}</strong>: {report.description} ({report.reporter.user_id ? <Person id={report.reporter.user_id} name={report.reporter.name} /> : report.reporter.automatic ? 'the scam rules' : 'signed out'}, {day(report.created_at)})</li>
                  ))}
                </ul>
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <ReasonForm label="Dismiss" reasons={DISMISS_REASONS} busy={busy} onReason={(reason) => void run(() => calls.dismiss(group.group, reason))} />
                  {target(group) ? (
                    <>
                      <ReasonForm label="Hide" reasons={LISTING_REASONS} busy={busy} onReason={(reason) => void run(() => calls.moderateListing(target(group)!, group.id, 'hide', reason))} />
                      <ReasonForm label="Remove" reasons={LISTING_REASONS} busy={busy} confirm={`Remove "${group.title}" for good? Its page answers 410 and it cannot come back.`}
                        onReason={(reason) => void run(() => calls.moderateListing(target(group)!, group.id, 'remove', reason))} />
                    </>
                  ) : group.type === 'conversation' ? null : (
                    <>
                      <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.moderateReview(group.id, 'hide'))}>Hide</button>
                      <ReasonButton label="Remove" busy={busy} onReason={(reason) => void run(() => calls.moderateReview(group.id, 'remove', reason))} />
                    </>
                  )}
                  {group.owner_user_id !== null && (
                    <ReasonForm label={group.type === 'conversation' ? 'Suspend the reported account' : 'Suspend owner'} reasons={ACCOUNT_REASONS} busy={busy} confirm="Suspend the owner's account? They are signed out, their listings leave the site and their plans stop renewing. Check their account page first if they pay for a plan."
                      onReason={(reason) => void run(() => calls.suspend(group.owner_user_id!, reason))} />
                  )}
                </div>
                {group.type === 'conversation' && <ReportedConversation id={group.id} busy={busy} run={run} />}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="held-ads" aria-labelledby="held-heading" className="panel">
        <h2 id="held-heading" className="text-lg font-bold">New ads held for review</h2>
        {held.length === 0 ? <p>No ads waiting.</p> : (
          <ul className="mt-2 space-y-3">
            {held.map((ad) => (
              <li key={ad.id} className="rounded border border-gray-200 p-3" data-testid="held-ad">
                <p className="font-semibold [overflow-wrap:anywhere]">{ad.title} <span className="font-normal">({ad.type}, {ad.profile.name}, held: {ad.checks.join(', ')})</span></p>
                {ad.signals.length > 0 && (
                  <ul className="mt-1 text-sm" aria-label="Checks that fired">
                    {ad.signals.map((signal) => (
                      <li key={signal.check} data-testid="held-signal" className="[overflow-wrap:anywhere]">
                        <strong>{signal.check}</strong> (score {signal.score.toFixed(2)}){signal.evidence ? `: ${Object.entries(signal.evidence).map(([key, value]) => `${key.replaceAll('_', ' ')} ${value}`).join(', ')}` : ''}
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.approveAd(ad.id))}>Approve</button>
                  <ReasonForm label="Refuse ad" reasons={LISTING_REASONS} busy={busy} onReason={(reason) => void run(() => calls.refuseAd(ad.id, reason))} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="held-reviews" aria-labelledby="held-reviews-heading" className="panel">
        <h2 id="held-reviews-heading" className="text-lg font-bold">Reviews held for review</h2>
        {heldReviews.length === 0 ? <p>No reviews waiting.</p> : (
          <ul className="mt-2 space-y-3">
            {heldReviews.map((review) => (
              <li key={review.id} className="rounded border border-gray-200 p-3" data-testid="held-review">
                <p className="[overflow-wrap:anywhere]"><strong>{review.reviewer_name}</strong> ({review.rating}/5, held: {review.checks.join(', ')}): {review.content}</p>
                {review.score !== null && review.features && (
                  <p className="text-sm text-gray-700" data-testid="review-score">Score {review.score}: {Object.entries(review.features).map(([name, value]) => `${name.replace(/_/g, ' ')} ${value}`).join(', ') || 'no signals'}</p>
                )}
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.moderateReview(review.id, 'publish'))}>Publish</button>
                  <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.moderateReview(review.id, 'hide'))}>Keep hidden</button>
                  <ReasonButton label="Remove review" busy={busy} onReason={(reason) => void run(() => calls.moderateReview(review.id, 'remove', reason))} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="claims" aria-labelledby="claims-heading" className="panel">
        <h2 id="claims-heading" className="text-lg font-bold">Claims waiting on a document</h2>
        {claims.length === 0 ? <p>No claims waiting.</p> : (
          <ul className="mt-2 space-y-3">
            {claims.map((claim) => (
              <li key={claim.id} className="rounded border border-gray-200 p-3" data-testid="claim">
                <p className="font-semibold [overflow-wrap:anywhere]"><a className="underline" href={`/${claim.profile.slug}`}>{claim.profile.name}</a> <span className="font-normal">claimed by <Person id={claim.user_id} name={claim.user_name} /> on {day(claim.created_at)}</span></p>
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  {claim.document && <a className={secondary} href={claim.document.url} target="_blank" rel="noopener">View document</a>}
                  <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.approveClaim(claim.id))}>Approve</button>
                  <ReasonButton label="Refuse" busy={busy} onReason={(reason) => void run(() => calls.refuseClaim(claim.id, reason))} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="profile-changes" aria-labelledby="changes-heading" className="panel">
        <h2 id="changes-heading" className="text-lg font-bold">Profile changes to review</h2>
        {changes.length === 0 ? <p>No changes waiting.</p> : (
          <ul className="mt-2 space-y-3">
            {changes.map((change) => (
              <li key={change.id} className="rounded border border-gray-200 p-3" data-testid="profile-change">
                <p className="font-semibold [overflow-wrap:anywhere]"><a className="underline" href={`/${change.profile.slug}`}>{change.profile.name}</a>: {changeFieldLabel(change.field)}</p>
                <dl className="mt-1 grid gap-1 text-sm sm:grid-cols-2">
                  <div className="[overflow-wrap:anywhere]"><dt className="font-semibold">Before</dt><dd><ul>{changeLines(change.field, change.old).map((line, index) => <li key={index}>{line}</li>)}</ul></dd></div>
                  <div className="[overflow-wrap:anywhere]"><dt className="font-semibold">After</dt><dd><ul>{changeLines(change.field, change.new).map((line, index) => <li key={index}>{line}</li>)}</ul></dd></div>
                </dl>
                <div className="mt-2 flex flex-wrap items-end gap-2">
                  <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.approveProfileChange(change.id))}>Approve change</button>
                  <ReasonButton label="Refuse change" busy={busy} onReason={(reason) => void run(() => calls.refuseProfileChange(change.id, reason))} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="refunds" aria-labelledby="refunds-heading" className="panel">
        <h2 id="refunds-heading" className="text-lg font-bold">Refunds to make by hand</h2>
        {refunds.length === 0 ? <p>No refunds owed.</p> : (
          <ul className="mt-2 divide-y divide-gray-200">
            {refunds.map((refund) => <RefundItem key={refund.id} refund={refund} busy={busy} onDone={(reference) => void run(() => calls.markRefunded(refund.id, reference))} />)}
          </ul>
        )}
      </section>

      <section id="payments" aria-labelledby="payments-heading" className="panel">
        <h2 id="payments-heading" className="text-lg font-bold">Bank transfers to confirm</h2>
        {payments.length === 0 ? <p>No invoices waiting.</p> : (
          <ul className="mt-2 divide-y divide-gray-200">
            {payments.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="payment">
                <span className="[overflow-wrap:anywhere]">{invoice.number} · {String(invoice.buyer.name ?? '')} · {ringgit(invoice.total_sen)} · due {day(invoice.due_at)}</span>
                <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.markPaid(invoice.id))}>Mark paid</button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
