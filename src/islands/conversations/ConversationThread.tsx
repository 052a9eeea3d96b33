/**
 * One conversation (issue 44), the same on both sides and in both areas (My area's Messages, the advertiser's lead):
 * its messages oldest first as a polite live log, new ones as they arrive (stores/conversations.ts), the box to write
 * in with photos, and what a side may do (archive, mute, block, report). A flagged message comes under a warning card
 * offering report and block, with where to check a number; the opener's contact details are masked for the owner
 * until they write, with a logged 'Show'. Text shows as typed: links stay text.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as m from '../../paraglide/messages.js';
import {
  answerOffer, blockConversation, changeConversation, conversation, makeOffer, markRead, revealMessage, sendMessage, type Thread,
} from '../../client/conversation-calls.ts';
import type { DEAL_METHODS } from '../../shared/constants.ts';
import type { MessageView } from '../../shared/conversations.ts';
import { currentLocale, localHref } from '../../shared/i18n.ts';
import { INTL_LOCALE } from '../../shared/locale.ts';
import { MessageSchema } from '../../shared/schemas/conversations.ts';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { formFieldErrors } from '../../shared/form-messages.ts';
import { onLiveEvent, startLive } from '../../stores/conversations.ts';
import { showToast } from '../../stores/toasts.ts';
import { reportFailure } from '../forms.tsx';
import { SignedOutPanel, useSignedInId } from '../account/signed-in.tsx';
import { CLOSED, ImagePicker, MessageImages, OfferCard, OfferForm, ReportForm, WarningCard, type PickedImage } from './message-parts.tsx';

const when = (iso: string) => new Date(iso).toLocaleString(INTL_LOCALE[currentLocale()], { timeZone: 'Asia/Kuala_Lumpur', dateStyle: 'medium', timeStyle: 'short' });
/** Oldest first, each message once (a stream may bring one the page already shows). */
const merged = (messages: MessageView[], more: MessageView[]) => [...new Map([...messages, ...more].map((message) => [message.id, message])).values()].sort((a, b) => a.id - b.id);

export default function ConversationThread({ id, actions, onSent }: {
  id: number;
  /** More a side may do, shown beside archive and mute (an owner's quick answers for its lead). */
  actions?: (thread: Thread) => ReactNode;
  /** Told once a message is sent (a lead's page shows it replied). */
  onSent?: () => void;
}) {
  const { ready, userId } = useSignedInId();
  const [thread, setThread] = useState<Thread | null | 'missing'>(null);
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [text, setText] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
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
  const uploading = images.some((image) => image.id === null);
  const send = (event: React.SyntheticEvent) => {
    event.preventDefault();
    const body = { text, images: images.map((image) => image.id!), client_id: crypto.randomUUID() };
    const found = fieldErrors(MessageSchema, body);
    const worded = found && formFieldErrors(found, currentLocale());
    if (worded) return setErrors(worded);
    setBusy(true);
    sendMessage(id, body).then((answer) => {
      setMessages((rows) => merged(rows, [answer.data]));
      setText('');
      setImages([]);
      setErrors({});
      onSent?.();
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
  const button = 'rounded border border-gray-400 px-3 py-1';

  return (
    <section className="panel" aria-labelledby="conversation-heading" data-testid="conversation">
      <h2 id="conversation-heading" className="text-lg font-semibold">
        {thread.listing.url ? <a className="text-blue-800 hover:underline" href={localHref(thread.listing.url)}>{thread.listing.title}</a> : thread.listing.title}
      </h2>
      <p className="text-sm text-gray-700">{m.conversation_with({ name: thread.with })}</p>
      <div className="mt-2 flex flex-wrap items-start gap-2 text-sm">
        {actions?.(thread)}
        <button type="button" className={button} onClick={() => void toggle({ archived: !thread.archived })}>{thread.archived ? m.conversation_unarchive() : m.conversation_archive()}</button>
        <button type="button" className={button} onClick={() => void toggle({ muted: !thread.muted })}>{thread.muted ? m.conversation_unmute() : m.conversation_mute()}</button>
        <button type="button" className="rounded border border-red-700 px-3 py-1 text-red-800" onClick={() => void block()} data-testid="conversation-block">{m.conversation_block()}</button>
        <ReportForm conversationId={id} label={m.conversation_report()} />
      </div>
      {thread.has_more && <button type="button" className="mt-3 text-sm underline" onClick={() => void older()}>{m.conversation_older()}</button>}
      <div role="log" aria-live="polite" aria-label={m.conversation_log()} className="mt-3" data-testid="conversation-log">
      <ol className="space-y-2">
        {messages.map((message) => (
          <li key={message.id} data-side={message.side} data-mine={message.mine ? 'true' : undefined}
            className={`rounded border p-3 ${message.mine ? 'border-blue-200 bg-blue-50' : 'border-gray-200 bg-white'}`}>
            {message.warning && (
              <WarningCard text={message.warning.text}>
                <ReportForm conversationId={id} messageId={message.id} label={m.conversation_report_message()} />
                <button type="button" className="rounded border border-red-700 px-3 py-1 text-red-800" onClick={() => void block()}>{m.conversation_block()}</button>
              </WarningCard>
            )}
            {message.offer && <OfferCard message={message} role={thread.role} answer={answer(message)} />}
            <p className="text-xs text-gray-700">
              <span className="font-semibold">{message.mine ? m.thread_you() : thread.with}</span> · <time dateTime={message.created_at}>{when(message.created_at)}</time>
              {message.enquiry && <> · <a className="underline" href={localHref(message.enquiry.url)}>{m.conversation_open_enquiry()}</a></>}
            </p>
            {message.moderated || message.erased
              ? <p className="mt-1 italic text-gray-700">{message.moderated ? m.conversation_moderated() : m.conversation_erased()}</p>
              : message.text && <p className="mt-1 whitespace-pre-wrap break-words">{message.text}</p>}
            <MessageImages images={message.images} from={message.mine ? m.thread_you() : thread.with} />
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
          <ImagePicker images={images} onChange={setImages} />
          {errors.images && <p className="mt-1 text-sm text-red-700" role="alert">{errors.images[0]}</p>}
          <button type="submit" className="mt-2 rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-60" disabled={busy || uploading}>{m.thread_send()}</button>
        </form>
      ) : null}
      {thread.can_write && thread.role === 'person' && thread.listing.type === 'buysell' && <OfferForm send={offer} />}
      {thread.closed && <p className="mt-3 text-sm text-gray-700" data-testid="conversation-closed">{CLOSED[thread.closed]()}</p>}
    </section>
  );
}
