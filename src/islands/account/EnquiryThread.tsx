/**
 * The thread of an enquiry (issue 26), the same on both sides: the advertiser's replies and the sender's answers,
 * oldest first, and a form to add one. Text shows as typed (React escapes it); the caller says who is who and sends.
 */
import { useState } from 'react';
import * as m from '../../paraglide/messages.js';
import type { LeadReply } from '../../shared/leads.ts';
import { LeadReplySchema } from '../../shared/schemas/leads.ts';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { currentLocale } from '../../shared/i18n.ts';
import { INTL_LOCALE } from '../../shared/locale.ts';
import { translateFieldErrors } from '../../shared/form-messages.ts';

/** When a message was sent, in Malaysian time and the page's language. */
const when = (iso: string) => new Date(iso).toLocaleString(INTL_LOCALE[currentLocale()], { timeZone: 'Asia/Kuala_Lumpur', dateStyle: 'medium', timeStyle: 'short' });

export function EnquiryThread({ replies, mine, theirs, canSend, closedText, send, sent }: {
  replies: LeadReply[];
  /** The side the reader writes as. */
  mine: LeadReply['side'];
  /** What the other side is called ("Advertiser", the sender's name). */
  theirs: string;
  canSend: boolean;
  /** Shown instead of the form when the reader cannot write yet. */
  closedText: string;
  send: (message: string) => Promise<{ data: LeadReply[]; message: string }>;
  /** Told once a message is sent (the lead's page shows it replied). */
  sent?: () => void;
}) {
  const [thread, setThread] = useState(replies);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  return (
    <section className="panel" aria-labelledby="thread-heading" data-testid="enquiry-thread">
      <h2 id="thread-heading" className="font-semibold">{m.thread_heading()}</h2>
      {thread.length === 0 ? <p className="mt-2 text-sm text-gray-700">{m.thread_empty()}</p> : (
        <ol className="mt-2 space-y-2">
          {thread.map((reply) => (
            <li key={reply.id} className={`rounded border p-3 ${reply.side === mine ? 'border-blue-200 bg-blue-50' : 'border-gray-200 bg-white'}`} data-side={reply.side}>
              <p className="text-xs text-gray-700"><span className="font-semibold">{reply.side === mine ? m.thread_you() : theirs}</span> · <time dateTime={reply.created_at}>{when(reply.created_at)}</time></p>
              <p className="mt-1 whitespace-pre-wrap break-words">{reply.message}</p>
            </li>
          ))}
        </ol>
      )}
      {canSend || thread.some((reply) => reply.side !== mine) ? (
        <form className="mt-3" noValidate onSubmit={(event) => {
          event.preventDefault();
          const found = fieldErrors(LeadReplySchema, { message });
          if (found) return setErrors(translateFieldErrors(found, currentLocale()));
          setBusy(true);
          send(message).then((answer) => {
            setThread(answer.data);
            sent?.();
            setMessage('');
            setErrors({});
            showToast(answer.message, 'success');
          }, (error: unknown) => reportFailure(error, setErrors)).finally(() => setBusy(false));
        }}>
          <label htmlFor="thread-message" className="block text-sm font-semibold">{mine === 'owner' ? m.thread_reply() : m.thread_answer()}</label>
          <textarea id="thread-message" rows={3} value={message} onChange={(event) => setMessage(event.target.value)} className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
            aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? 'thread-message-error' : undefined} />
          {errors.message && <p id="thread-message-error" className="mt-1 text-sm text-red-700">{errors.message[0]}</p>}
          <button type="submit" className="mt-2 rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-60" disabled={busy}>{m.thread_send()}</button>
        </form>
      ) : <p className="mt-3 text-sm text-gray-700">{closedText}</p>}
    </section>
  );
}
