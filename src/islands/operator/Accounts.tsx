/**
 * /operator/users and /operator/users/{id} (issue 28): accounts found by e-mail, phone or name; an account's page
 * with its roles, suspension (suspend with a reason and an end date or none, restore), listings, sessions, sign-in
 * attempts, reports and appeals. Opening the page is audited by the server.
 */
import { useCallback, useEffect, useState } from 'react';
import { malaysiaTime } from '../../shared/malaysia-time.ts';
import { errorBody } from '../../client/api.ts';
import * as calls from '../../client/operator-calls.ts';
import { showToast } from '../../stores/toasts.ts';
import { ACCOUNT_REASONS } from '../../shared/moderation-reasons.ts';
import { ReasonForm } from './ReasonForm.tsx';
import { primary, secondary, useAction } from './reauth.tsx';

/** Times in Malaysia time, as the rest of the site shows them. */
const when = (iso: string) => malaysiaTime(iso);

function Search() {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<calls.AccountItem[] | null>(null);
  return (
    <div className="space-y-4" data-testid="accounts">
      <form className="panel flex flex-wrap items-end gap-2" onSubmit={async (event) => {
        event.preventDefault();
        try {
          setFound((await calls.searchAccounts(q)).data);
        } catch (error) {
          showToast(errorBody(error).message ?? 'The search did not work.', 'warning');
        }
      }}>
        <label className="text-sm font-semibold" htmlFor="account-q">E-mail, phone or name</label>
        <input id="account-q" className="rounded border border-gray-500 p-1" value={q} onChange={(event) => setQ(event.target.value)} />
        <button type="submit" className={secondary}>Find accounts</button>
      </form>
      {found && (found.length === 0 ? <p className="panel">No account matches.</p> : (
        <ul className="panel divide-y divide-gray-200">
          {found.map((user) => (
            <li key={user.id} className="py-2 [overflow-wrap:anywhere]" data-testid="account">
              <a className="font-semibold underline" href={`/operator/users/${user.id}`}>{user.name}</a> · {user.email ?? 'no e-mail'} · {user.phone_number ?? 'no phone'} · {user.roles.join(', ') || 'member'}
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}

function Account({ id }: { id: number }) {
  const [page, setPage] = useState<calls.AccountPage | null>(null);
  const [until, setUntil] = useState('');
  const load = useCallback(async () => {
    try {
      setPage((await calls.account(id)).data);
    } catch (error) {
      showToast(errorBody(error).message ?? 'The account could not be read.', 'warning');
    }
  }, [id]);
  useEffect(() => { void load(); }, [load]);
  const { run, busy, form } = useAction(() => void load());
  if (!page) return <p role="status">Loading…</p>;
  const { user, suspension } = page;
  const paidPlans = page.listings.businesses.filter((business) => business.paid_plan !== null).map((business) => `${business.paid_plan} (${business.name})`);
  return (
    <div className="space-y-4" data-testid="account-page">
      {form}
      <section className="panel [overflow-wrap:anywhere]" aria-labelledby="who-heading">
        <h2 id="who-heading" className="text-lg font-bold">{user.name}</h2>
        <p>{user.email ?? 'no e-mail'} · {user.phone_number ?? 'no phone'} · since {user.created_at.slice(0, 10)} · {user.roles.join(', ') || 'member'}</p>
        {suspension ? (
          <div className="mt-2 space-y-2" data-testid="suspension">
            <p className="font-semibold">Suspended {suspension.until ? `until ${suspension.until.slice(0, 10)}` : 'until restored'}: {suspension.reason}</p>
            <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.restore(id))}>Restore</button>
          </div>
        ) : (
          <div className="mt-2">
            <ReasonForm label="Suspend" reasons={ACCOUNT_REASONS} busy={busy} testId="suspend-form"
              // Suspending a paying customer stops their plan renewing: the page asks first (issue 39).
              confirm={paidPlans.length > 0 ? `This account pays for ${paidPlans.join(', ')}: suspending it stops the plan renewing and takes its listings off the site. Suspend it?` : undefined}
              extra={<label className="text-sm font-semibold" htmlFor="suspend-until">Until (optional) <input id="suspend-until" type="date" className="ml-1 rounded border border-gray-500 p-1 font-normal" value={until} onChange={(event) => setUntil(event.target.value)} /></label>}
              onReason={(reason) => void run(() => calls.suspend(id, reason, until || undefined))} />
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="listings-heading">
        <h2 id="listings-heading" className="text-lg font-bold">Listings</h2>
        <ul className="mt-1 list-disc pl-5 text-sm [overflow-wrap:anywhere]">
          {page.listings.businesses.map((business) => <li key={`b${business.id}`}><a className="underline" href={`/${business.slug}`}>{business.name}</a> ({business.plan}{business.hidden ? ', hidden' : ''})</li>)}
          {page.listings.ads.map((ad) => <li key={`a${ad.id}`}>{ad.title} ({ad.type}, {ad.status})</li>)}
        </ul>
      </section>
      <section className="panel" aria-labelledby="activity-heading">
        <h2 id="activity-heading" className="text-lg font-bold">Sessions, sign-ins and reports</h2>
        <h3 className="mt-2 font-semibold">Sessions</h3>
        <ul className="text-sm">{page.sessions.map((session, index) => <li key={index}>{when(session.created_at)} to {when(session.last_seen_at)} · {session.client}</li>)}</ul>
        <h3 className="mt-2 font-semibold">Sign-in attempts</h3>
        <ul className="text-sm">{page.sign_in_attempts.map((attempt, index) => <li key={index}>{when(attempt.at)} · {attempt.action} · {attempt.outcome} · {attempt.client}</li>)}</ul>
        <h3 className="mt-2 font-semibold">Reports received</h3>
        <ul className="text-sm">{page.reports_received.map((item, index) => <li key={index}>{when(item.created_at)} · {item.target.type} {item.target.id} · {item.reason}{item.handled ? ' (handled)' : ''}</li>)}</ul>
        <h3 className="mt-2 font-semibold">Appeals</h3>
        <ul className="text-sm [overflow-wrap:anywhere]" data-testid="appeals">{page.appeals.map((appeal) => (
          <li key={appeal.id}>{when(appeal.created_at)} · {appeal.confirmed_at ? '' : <strong data-testid="appeal-unverified">Unverified (the link mailed to this address was not opened) · </strong>}{appeal.message}</li>
        ))}</ul>
        <h3 className="mt-2 font-semibold">Reports made</h3>
        <ul className="text-sm">{page.reports_made.map((item, index) => <li key={index}>{when(item.created_at)} · {item.target.type} {item.target.id} · {item.reason}</li>)}</ul>
      </section>
    </div>
  );
}

export default function Accounts({ id }: { id?: number }) {
  return id ? <Account id={id} /> : <Search />;
}
