/**
 * /operator/verifications (issue 45): SSM requests, oldest first. The operator opens the certificate (audited), compares
 * the name and the number with the business, then approves or refuses with a reason; an approved number can be
 * revoked with a reason. Each decision asks for the password again when the proof is older than 15 minutes.
 */
import { useCallback, useEffect, useState } from 'react';
import { Person } from './Person.tsx';
import * as calls from '../../client/operator-calls.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ReasonButton } from './ReasonForm.tsx';
import { primary, useAction } from './reauth.tsx';

function Request({ item, busy, run }: { item: calls.Verification; busy: boolean; run: (action: () => Promise<{ message?: string }>) => Promise<void> }) {
  return (
    <li className="rounded border border-gray-200 p-3" data-testid="verification">
      <p className="font-semibold [overflow-wrap:anywhere]"><a className="underline" href={`/${item.profile.slug}`}>{item.profile.name}</a></p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt>Number sent</dt><dd className="[overflow-wrap:anywhere]">{item.company_no}{item.old_company_no ? ` (${item.old_company_no})` : ''}</dd>
        <dt>Reads as</dt><dd>{item.entity ?? 'not a valid number'}{item.year ? `, registered ${item.year}` : ''}</dd>
        <dt>On the business</dt><dd className="[overflow-wrap:anywhere]">{item.profile.company_no ?? 'none'}</dd>
        <dt>Sent</dt><dd>{malaysiaToday(Date.parse(item.created_at))} by {item.user_id === null ? 'a deleted account' : <Person id={item.user_id} name={item.user_name} />}</dd>
      </dl>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {item.document && <a className="underline" href={item.document.url}>Open the certificate (audited)</a>}
        {item.status === 'pending' ? (
          <>
            <button type="button" className={primary} disabled={busy} onClick={() => void run(() => calls.decideVerification(item.id, 'approve'))}>Approve</button>
            <ReasonButton label="Refuse" busy={busy} onReason={(reason) => void run(() => calls.decideVerification(item.id, 'refuse', reason))} />
          </>
        ) : <ReasonButton label="Revoke" busy={busy} onReason={(reason) => void run(() => calls.decideVerification(item.id, 'revoke', reason))} />}
      </div>
    </li>
  );
}

export default function Verifications() {
  const [pending, setPending] = useState<calls.Verification[] | null>(null);
  const [approved, setApproved] = useState<calls.Verification[]>([]);
  const load = useCallback(async () => {
    const [waiting, done] = await Promise.all([calls.verifications('pending'), calls.verifications('approved')]);
    setPending(waiting.data);
    setApproved(done.data);
  }, []);
  useEffect(() => { void load(); }, [load]);
  const { run, busy, form } = useAction(() => void load());
  if (!pending) return <p role="status">Loading…</p>;
  return (
    <div className="space-y-6" data-testid="verifications">
      {form}
      <section aria-labelledby="pending-heading" className="panel">
        <h2 id="pending-heading" className="text-lg font-bold">SSM requests ({pending.length})</h2>
        {pending.length === 0 ? <p>No requests waiting.</p> : <ul className="mt-2 space-y-3">{pending.map((item) => <Request key={item.id} item={item} busy={busy} run={run} />)}</ul>}
      </section>
      <section aria-labelledby="approved-heading" className="panel">
        <h2 id="approved-heading" className="text-lg font-bold">Approved SSM numbers</h2>
        {approved.length === 0 ? <p>None yet.</p> : <ul className="mt-2 space-y-3">{approved.map((item) => <Request key={item.id} item={item} busy={busy} run={run} />)}</ul>}
      </section>
    </div>
  );
}
