/**
 * A moderator's decision with its reason (issue 39): a short list and free text (needed for "Other"), and, for what
 * hurts (removing a listing, suspending a paying account), a second step in the page that says what will happen.
 */
import { useId, useState } from 'react';
import type { ReasonList } from '../../shared/moderation-reasons.ts';
import { primary, secondary } from './reauth.tsx';

export interface Reason {
  reason_code: string;
  reason?: string;
}

export function ReasonForm({ label, reasons, onReason, busy, confirm, extra, testId }: {
  label: string; reasons: ReasonList; onReason: (reason: Reason) => void; busy: boolean;
  /** What confirming means, asked before it is done (none: no second step). */
  confirm?: string | undefined;
  /** More fields of the same form (a suspension's end date). */
  extra?: React.ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [text, setText] = useState('');
  const [asking, setAsking] = useState(false);
  const id = useId();
  if (!open) return <button type="button" className={secondary} disabled={busy} onClick={() => setOpen(true)}>{label}…</button>;
  const ready = code !== '' && (code !== 'other' || text.trim().length >= 3);
  const send = () => onReason({ reason_code: code, ...(text.trim() ? { reason: text.trim() } : {}) });
  return (
    <form className="flex w-full flex-wrap items-end gap-2 rounded border border-gray-300 p-2" data-testid={testId ?? 'reason-form'} aria-label={label} onSubmit={(event) => {
      event.preventDefault();
      if (!ready) return;
      if (confirm && !asking) setAsking(true);
      else send();
    }}>
      <label className="text-sm font-semibold" htmlFor={`${id}-code`}>Reason
        <select id={`${id}-code`} className="ml-1 rounded border border-gray-500 p-1 font-normal" value={code} onChange={(event) => { setCode(event.target.value); setAsking(false); }}>
          <option value="">Choose…</option>
          {Object.entries(reasons).map(([value, words]) => <option key={value} value={value}>{words}</option>)}
        </select>
      </label>
      <label className="text-sm font-semibold" htmlFor={`${id}-text`}>{code === 'other' ? 'Say why (the owner is told)' : 'Details (optional)'}
        <input id={`${id}-text`} className="ml-1 rounded border border-gray-500 p-1 font-normal" value={text} maxLength={1000} onChange={(event) => setText(event.target.value)} />
      </label>
      {extra}
      {asking ? (
        <span className="flex w-full flex-wrap items-center gap-2 rounded bg-amber-50 p-2" role="alert" data-testid="confirm-step">
          <span className="font-semibold">{confirm}</span>
          <button type="submit" className={primary} disabled={busy}>Yes, {label.toLowerCase()}</button>
          <button type="button" className={secondary} onClick={() => setAsking(false)}>Cancel</button>
        </span>
      ) : <button type="submit" className={primary} disabled={busy || !ready}>{label}</button>}
    </form>
  );
}

/** A decision that takes a free-text reason only (a review's or a message's removal). */
export function ReasonButton({ label, onReason, busy }: { label: string; onReason: (reason: string) => void; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const id = useId();
  if (!open) return <button type="button" className={secondary} disabled={busy} onClick={() => setOpen(true)}>{label}…</button>;
  return (
    <span className="flex flex-wrap items-end gap-2">
      <label className="text-sm" htmlFor={id}>Reason <input id={id} className="ml-1 rounded border border-gray-500 p-1" value={reason} onChange={(event) => setReason(event.target.value)} /></label>
      <button type="button" className={primary} disabled={busy || reason.trim().length < 3} onClick={() => onReason(reason.trim())}>{label}</button>
    </span>
  );
}
