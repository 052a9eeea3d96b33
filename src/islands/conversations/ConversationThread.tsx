/**
 * One conversation (issue 44), the same on both sides: its messages oldest first as a polite live log, new ones as
 * they arrive (stores/conversations.ts), the box to write in, and what a side may do (archive, mute, block). A
 * flagged message comes under a warning card with where to check a number; the opener's contact details are masked
 * for the owner until they write, with a logged 'Show'. Text shows as typed: links stay text.
 */
import { useEffect, useRef, useState } from 'react';
import * as m from '../../paraglide/messages.js';
import {
  answerOffer, blockConversation, changeConversation, conversation, makeOffer, markRead, revealMessage, sendMessage, type Thread,
} from '../../client/conversation-calls.ts';
import { DEAL_METHODS } from '../../shared/constants.ts';
import type { ClosedReason, MessageView, OfferStatus } from '../../shared/conversations.ts';
import { OfferSchema } from '../../shared/schemas/conversations.ts';
import { factWords } from '../account/fact-words.ts';
import { currentLocale, localHref } from '../../shared/i18n.ts';
import { INTL_LOCALE } from '../../shared/locale.ts';
import { MessageSchema } from '../../shared/schemas/conversations.ts';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { translateFieldErrors } from '../../shared/form-messages.ts';
import { onLiveEvent, startLive } from '../../stores/conversations.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { SignedOutPanel, useSignedInId } from '../account/signed-in.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(INTL_LOCALE[currentLocale()], { timeZone: 'Asia/Kuala_Lumpur', dateStyle: 'medium', timeStyle: 'short' });
/** Oldest first, each message once (a stream may bring one the page already shows). */
const merged = (messages: MessageView[], more: MessageView[]) => [...new Map([...messages, ...more].map((message) => [message.id, message])).values()].sort((a, b) => a.id - b.id);

/** The card over a message a scam rule flagged: the rule's warning, and where to check (Semak Mule, NSRC 997). */
function WarningCard({ text }: { text: string }) {
  return (
    <div role="note" className="mb-2 rounded border border-amber-500 bg-amber-50 p-2 text-sm text-gray-900" data-testid="scam-warning">
      <p className="font-semibold">{m.conversation_warning_heading()}</p>
      <p className="mt-1">{text}</p>
      <p className="mt-1">
        <a className="underline" href="https://semakmule.rmp.gov.my/" rel="noopener noreferrer" target="_blank">{m.conversation_semak_mule()}</a>
        {' · '}
        <a className="underline" href="tel:997">{m.conversation_nsrc()}</a>
      </p>
    </div>
  );
}

/** Why the box is gone, in the page's language. */
const CLOSED: Record<ClosedReason, () => string> = {
  no_owner: m.conversation_closed_no_owner, new_owner: m.conversation_closed_new_owner, person_left: m.conversation_closed_person_left,
};

const OFFER_STATUS: Record<OfferStatus, () => string> = {
  open: m.offer_status_open, accepted: m.offer_status_accepted, declined: m.offer_status_declined, withdrawn: m.offer_status_withdrawn,
};

/** An offer as its message shows it, with the answers its reader may give while it is open. */
function OfferCard({ message, role, answer }: { message: MessageView; role: 'person' | 'owner'; answer: (action: 'accept' | 'decline' | 'withdraw') => void }) {
  const offer = message.offer!;
  return (
    <div className="mb-1 rounded border border-gray-300 bg-gray-50 p-2" data-testid="offer">
      <p className="font-semibold">{m.offer_heading({ qty: offer.qty, price: offer.offered_price.toLocaleString(INTL_LOCALE[currentLocale()]) })}</p>
      <p className="text-sm">{factWords(DEAL_METHODS[offer.deal_method as keyof typeof DEAL_METHODS] ?? offer.deal_method)} · <span data-testid="offer-status">{OFFER_STATUS[offer.status]()}</span></p>
      {offer.status === 'open' && role === 'owner' && (
        <p className="mt-2 flex gap-2">
          <button type="button" className="rounded bg-ink px-3 py-1 text-sm font-semibold text-white" onClick={() => answer('accept')}>{m.offer_accept()}</button>
          <button type="button" className="rounded border border-gray-400 px-3 py-1 text-sm" onClick={() => answer('decline')}>{m.offer_decline()}</button>
        </p>
      )}
      {offer.status === 'open' && role === 'person' && message.mine && (
        <button type="button" className="mt-2 rounded border border-gray-400 px-3 py-1 text-sm" onClick={() => answer('withdraw')}>{m.offer_withdraw()}</button>
      )}
    </div>
  );
}

/** The buyer's offer on a buy & sell post: the enquiry form's fields. */
function OfferForm({ send }: { send: (body: { qty: string; offered_price: string; deal_method: string; remark: string }) => Promise<boolean> }) {
  const [values, setValues] = useState({ qty: '1', offered_price: '', deal_method: '', remark: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value });
  const field = 'mt-1 w-full rounded border border-gray-400 px-3 py-2';
  return (
    <details className="mt-3" data-testid="offer-form">
      <summary className="cursor-pointer font-semibold">{m.offer_make()}</summary>
      <form noValidate className="mt-2 grid gap-2 sm:grid-cols-3" onSubmit={(event) => {
        event.preventDefault();
        const found = fieldErrors(OfferSchema, values);
        if (found) return setErrors(translateFieldErrors(found, currentLocale()));
        void send(values).then((done) => { if (done) { setValues({ qty: '1', offered_price: '', deal_method: '', remark: '' }); setErrors({}); } }, (error: unknown) => reportFailure(error, setErrors));
      }}>
        <label className="text-sm">{m.enquiry_quantity()}<input type="number" min="1" inputMode="numeric" value={values.qty} onChange={set('qty')} className={field} aria-invalid={errors.qty ? true : undefined} /></label>
        <label className="text-sm">{m.enquiry_offered_price()}<input type="number" min="0" inputMode="decimal" value={values.offered_price} onChange={set('offered_price')} className={field} aria-invalid={errors.offered_price ? true : undefined} /></label>
        <label className="text-sm">{m.enquiry_deal_method()}
          <select value={values.deal_method} onChange={set('deal_method')} className={field} aria-invalid={errors.deal_method ? true : undefined}>
            <option value="">{m.enquiry_choose()}</option>
            {Object.entries(DEAL_METHODS).map(([method, text]) => <option key={method} value={method}>{factWords(text)}</option>)}
          </select>
        </label>
        <label className="text-sm sm:col-span-3">{m.enquiry_remark()}<textarea rows={2} value={values.remark} onChange={set('remark')} className={field} /></label>
        {Object.values(errors)[0] && <p className="text-sm text-red-700 sm:col-span-3" role="alert">{Object.values(errors)[0]![0]}</p>}
        <button type="submit" className="rounded bg-ink px-4 py-2 font-semibold text-white sm:col-span-1">{m.offer_send()}</button>
      </form>
    </details>
  );
}

export default function ConversationThread({ id }: { id: number }) {
  const { ready, userId } = useSignedInId();
  const [thread, setThread] = useState<Thread | null | 'missing'>(null);
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const last = useRef(0);

  const readUpTo = (rows: MessageView[]) => {
    const newest = rows.at(-1)?.id ?? 0;
    if (newest > last.current) {
      last.current = newest;
      markRead(id, newest).catch(() => undefined);
    }
  };

  useEffect(() => {
    if (!ready || userId === null) return;
    startLive();
    conversation(id).then((answer) => {
      setThread(answer.data);
      const rows = merged([], answer.data.messages);
      setMessages(rows);
      readUpTo(rows);
    }, () => setThread('missing'));
    return onLiveEvent((event) => {
      if ((event.event !== 'message' && event.event !== 'offer') || event.data.conversation_id !== id) return;
      setMessages((rows) => {
        const next = merged(rows, [event.data.message]);
        readUpTo(next);
        return next;
      });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per person and conversation
  }, [ready, userId, id]);

  if (!ready || (userId !== null && thread === null)) return <p className="text-gray-700" role="status">{m.loading()}</p>;
  if (userId === null) return <SignedOutPanel text={m.my_area_signed_out()} testId="conversation-signed-out" />;
  if (thread === 'missing' || thread === null) return <p className="panel" data-testid="conversation-missing">{m.conversation_missing()}</p>;

  const older = async () => {
    const answer = await conversation(id, messages[0]?.id);
    setMessages((rows) => merged(rows, answer.data.messages));
    setThread({ ...thread, has_more: answer.data.has_more });
  };
  const send = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const body = { text, client_id: crypto.randomUUID() };
    const found = fieldErrors(MessageSchema, body);
    if (found) return setErrors(translateFieldErrors(found, currentLocale()));
    setBusy(true);
    sendMessage(id, body).then((answer) => {
      setMessages((rows) => merged(rows, [answer.data]));
      setText('');
      setErrors({});
    }, (error: unknown) => reportFailure(error, setErrors)).finally(() => setBusy(false));
  };
  const toggle = (state: { archived?: boolean; muted?: boolean }) => changeConversation(id, state).then((answer) => setThread({ ...thread, ...answer.data }), (error: unknown) => reportFailure(error, () => undefined));
  const block = () => blockConversation(id, true).then(() => showToast(m.conversation_blocked_done(), 'success'), (error: unknown) => reportFailure(error, () => undefined));
  const replace = (message: MessageView) => setMessages((rows) => merged(rows, [message]));
  const answer = (message: MessageView) => (action: 'accept' | 'decline' | 'withdraw') => {
    answerOffer(message.offer!.id, action).then((answered) => replace(answered.data), (error: unknown) => reportFailure(error, () => undefined));
  };
  // The form checked the fields with the same schema the API parses them with.
  const offer = (body: { qty: string; offered_price: string; deal_method: string; remark: string }) =>
    makeOffer(id, { ...body, deal_method: body.deal_method as keyof typeof DEAL_METHODS }).then((made) => { replace(made.data); return true; });
  const show = (message: MessageView) => revealMessage(id, message.id).then((answer) => setMessages((rows) => rows.map((row) => (row.id === message.id ? answer.data : row))), (error: unknown) => reportFailure(error, () => undefined));

  return (
    <section className="panel" aria-labelledby="conversation-heading" data-testid="conversation">
      <h2 id="conversation-heading" className="text-lg font-semibold">
        {thread.listing.url ? <a className="text-blue-800 hover:underline" href={localHref(thread.listing.url)}>{thread.listing.title}</a> : thread.listing.title}
      </h2>
      <p className="text-sm text-gray-700">{m.conversation_with({ name: thread.with })}</p>
      <div className="mt-2 flex flex-wrap gap-2 text-sm">
        <button type="button" className="rounded border border-gray-400 px-3 py-1" onClick={() => void toggle({ archived: !thread.archived })}>{thread.archived ? m.conversation_unarchive() : m.conversation_archive()}</button>
        <button type="button" className="rounded border border-gray-400 px-3 py-1" onClick={() => void toggle({ muted: !thread.muted })}>{thread.muted ? m.conversation_unmute() : m.conversation_mute()}</button>
        <button type="button" className="rounded border border-red-700 px-3 py-1 text-red-800" onClick={() => void block()} data-testid="conversation-block">{m.conversation_block()}</button>
      </div>
      {thread.has_more && <button type="button" className="mt-3 text-sm underline" onClick={() => void older()}>{m.conversation_older()}</button>}
      <div role="log" aria-live="polite" aria-label={m.conversation_log()} className="mt-3" data-testid="conversation-log">
      <ol className="space-y-2">
        {messages.map((message) => (
          <li key={message.id} data-side={message.side} data-mine={message.mine ? 'true' : undefined}
            className={`rounded border p-3 ${message.mine ? 'border-blue-200 bg-blue-50' : 'border-gray-200 bg-white'}`}>
            {message.warning && <WarningCard text={message.warning.text} />}
            {message.offer && <OfferCard message={message} role={thread.role} answer={answer(message)} />}
            <p className="text-xs text-gray-700">
              <span className="font-semibold">{message.mine ? m.thread_you() : thread.with}</span> · <time dateTime={message.created_at}>{when(message.created_at)}</time>
              {message.enquiry && <> · <a className="underline" href={localHref(message.enquiry.url)}>{m.conversation_open_enquiry()}</a></>}
            </p>
            <p className={`mt-1 whitespace-pre-wrap break-words ${message.erased ? 'italic text-gray-700' : ''}`}>{message.erased ? m.conversation_erased() : message.text}</p>
            {message.masked && (
              <p className="mt-1 text-sm text-gray-700">{m.conversation_masked_note()} <button type="button" className="underline" onClick={() => void show(message)}>{m.conversation_show()}</button></p>
            )}
          </li>
        ))}
      </ol>
      </div>
      {thread.can_write ? (
        <form className="mt-3" noValidate onSubmit={send}>
          <label htmlFor="conversation-text" className="block text-sm font-semibold">{m.conversation_write()}</label>
          <textarea id="conversation-text" rows={3} value={text} onChange={(event) => setText(event.target.value)} className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
            aria-invalid={errors.text ? true : undefined} aria-describedby={errors.text ? 'conversation-text-error' : undefined} />
          {errors.text && <p id="conversation-text-error" className="mt-1 text-sm text-red-700">{errors.text[0]}</p>}
          <button type="submit" className="mt-2 rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-60" disabled={busy}>{m.thread_send()}</button>
        </form>
      ) : null}
      {thread.can_write && thread.role === 'person' && thread.listing.type === 'buysell' && <OfferForm send={offer} />}
      {thread.closed && <p className="mt-3 text-sm text-gray-700" data-testid="conversation-closed">{CLOSED[thread.closed]()}</p>}
    </section>
  );
}
