/**
 * The parts of a conversation's page (issue 44): the scam warning card, offers, a message's private images and the
 * picker that uploads them, and the report form. ConversationThread puts them together.
 */
import { useState, type ReactNode } from 'react';
import * as m from '../../paraglide/messages.js';
import { reportConversation, uploadImage } from '../../client/conversation-calls.ts';
import { CONVERSATION_LIMITS, type ClosedReason, type ConversationReportReason, type MessageView, type OfferStatus } from '../../shared/conversations.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { INTL_LOCALE } from '../../shared/locale.ts';
import { OfferSchema } from '../../shared/schemas/conversations.ts';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { formFieldErrors } from '../../shared/form-messages.ts';
import { showToast } from '../../stores/toasts.ts';
import { optionLabel, optionLabels } from '../../shared/option-labels.ts';
import { reportFailure } from '../forms.tsx';

/** The card over a message a scam rule flagged: the rule's warning, and where to check (Semak Mule, NSRC 997). */
export function WarningCard({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div role="note" className="mb-2 rounded border border-amber-500 bg-amber-50 p-2 text-sm text-gray-900" data-testid="scam-warning">
      <p className="font-semibold">{m.conversation_warning_heading()}</p>
      <p className="mt-1">{text}</p>
      <p className="mt-1">
        <a className="underline" href="https://semakmule.rmp.gov.my/" rel="noopener noreferrer" target="_blank">{m.conversation_semak_mule()}</a>
        {' · '}
        <a className="underline" href="tel:997">{m.conversation_nsrc()}</a>
      </p>
      {children && <div className="mt-2 flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}

/** Why the box is gone, in the page's language. */
export const CLOSED: Record<ClosedReason, () => string> = {
  no_owner: m.conversation_closed_no_owner, new_owner: m.conversation_closed_new_owner, person_left: m.conversation_closed_person_left,
};

const OFFER_STATUS: Record<OfferStatus, () => string> = {
  open: m.offer_status_open, accepted: m.offer_status_accepted, declined: m.offer_status_declined, withdrawn: m.offer_status_withdrawn,
};

/** An offer as its message shows it, with the answers its reader may give while it is open. */
export function OfferCard({ message, role, answer }: { message: MessageView; role: 'person' | 'owner'; answer: (action: 'accept' | 'decline' | 'withdraw') => void }) {
  const offer = message.offer!;
  return (
    <div className="mb-1 rounded border border-gray-300 bg-gray-50 p-2" data-testid="offer">
      <p className="font-semibold">{m.offer_heading({ qty: offer.qty, price: offer.offered_price.toLocaleString(INTL_LOCALE[currentLocale()]) })}</p>
      <p className="text-sm">{optionLabel('method', offer.deal_method)} · <span data-testid="offer-status">{OFFER_STATUS[offer.status]()}</span></p>
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
export function OfferForm({ send }: { send: (body: { qty: string; offered_price: string; deal_method: string; remark: string }) => Promise<boolean> }) {
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
        const worded = found && formFieldErrors(found, currentLocale());
        if (worded) return setErrors(worded);
        void send(values).then((done) => { if (done) { setValues({ qty: '1', offered_price: '', deal_method: '', remark: '' }); setErrors({}); } }, (error: unknown) => reportFailure(error, setErrors));
      }}>
        <label className="text-sm">{m.enquiry_quantity()}<input type="number" min="1" inputMode="numeric" value={values.qty} onChange={set('qty')} className={field} aria-invalid={errors.qty ? true : undefined} /></label>
        <label className="text-sm">{m.enquiry_offered_price()}<input type="number" min="0" inputMode="decimal" value={values.offered_price} onChange={set('offered_price')} className={field} aria-invalid={errors.offered_price ? true : undefined} /></label>
        <label className="text-sm">{m.enquiry_deal_method()}
          <select value={values.deal_method} onChange={set('deal_method')} className={field} aria-invalid={errors.deal_method ? true : undefined}>
            <option value="">{m.enquiry_choose()}</option>
            {Object.entries(optionLabels('method')).map(([method, text]) => <option key={method} value={method}>{text}</option>)}
          </select>
        </label>
        <label className="text-sm sm:col-span-3">{m.enquiry_remark()}<textarea rows={2} value={values.remark} onChange={set('remark')} className={field} /></label>
        {Object.values(errors)[0] && <p className="text-sm text-red-700 sm:col-span-3" role="alert">{Object.values(errors)[0]![0]}</p>}
        <button type="submit" className="rounded bg-ink px-4 py-2 font-semibold text-white sm:col-span-1">{m.offer_send()}</button>
      </form>
    </details>
  );
}

/** A message's images: thumbnails opening the full image, fetched with the reader's session (never public). */
export function MessageImages({ images, from }: { images: MessageView['images']; from: string }) {
  if (images.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" data-testid="message-images">
      {images.map((image, index) => (
        <li key={image.id}>
          <a href={image.full} target="_blank" rel="noopener">
            <img src={image.thumbnail} alt={m.conversation_image_alt({ n: index + 1, name: from })} width={96} height={72} loading="lazy" className="h-18 w-24 rounded border border-gray-300 object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A photo chosen for the next message: its upload's id once stored, and a preview from the file itself. */
export interface PickedImage {
  key: string;
  preview: string;
  id: number | null;
}

/**
 * Photos for the next message: each is uploaded as soon as it is chosen (POST /api/conversations/image), at most 5;
 * each can be removed before sending.
 */
export function ImagePicker({ images, onChange }: { images: PickedImage[]; onChange: (change: (images: PickedImage[]) => PickedImage[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  const choose = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (images.length + chosen.length > CONVERSATION_LIMITS.imagesMax) {
      setError(m.conversation_images_too_many());
      return;
    }
    setError(null);
    for (const file of chosen) {
      const key = crypto.randomUUID();
      onChange((list) => [...list, { key, preview: URL.createObjectURL(file), id: null }]);
      uploadImage(file).then(({ data }) => onChange((list) => list.map((item) => (item.key === key ? { ...item, id: data.id } : item))), (failure: unknown) => {
        onChange((list) => list.filter((item) => item.key !== key));
        reportFailure(failure, (errors) => setError(Object.values(errors)[0]?.[0] ?? null));
      });
    }
  };
  return (
    <div className="mt-2">
      <label className="inline-flex cursor-pointer items-center rounded border border-gray-400 px-3 py-1 text-sm focus-within:outline focus-within:outline-2">
        {m.conversation_images()}
        <input type="file" accept="image/jpeg,image/png,image/webp" multiple className="sr-only" data-testid="conversation-images"
          onChange={(event) => { choose(event.target.files); event.target.value = ''; }} disabled={images.length >= CONVERSATION_LIMITS.imagesMax} />
      </label>
      {error && <p className="mt-1 text-sm text-red-700" role="alert">{error}</p>}
      {images.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {images.map((image, index) => (
            <li key={image.key} className="relative">
              <img src={image.preview} alt="" className={`h-16 w-16 rounded border object-cover ${image.id === null ? 'opacity-50' : ''}`} />
              {image.id === null && <span className="sr-only" role="status">{m.conversation_uploading()}</span>}
              <button type="button" className="absolute -right-2 -top-2 h-6 w-6 rounded-full bg-ink text-xs text-white" aria-label={m.conversation_image_remove({ n: index + 1 })}
                onClick={() => onChange((list) => list.filter((item) => item.key !== image.key))}>×</button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const REPORT_REASONS: Record<ConversationReportReason, () => string> = {
  SCAM: m.conversation_report_reason_scam, SPAM: m.conversation_report_reason_spam, ABUSE: m.conversation_report_reason_abuse, OTHER: m.conversation_report_reason_other,
};

/** Reports the conversation (or one message of it) to the site's moderators: a reason and, if they like, what happened. */
export function ReportForm({ conversationId, messageId, label }: { conversationId: number; messageId?: number; label: string }) {
  const [reason, setReason] = useState<ConversationReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const field = 'mt-1 w-full rounded border border-gray-400 bg-white px-3 py-2';
  if (done) return null;
  return (
    <details className="text-sm" data-testid="conversation-report">
      <summary className="inline-flex cursor-pointer rounded border border-gray-400 px-3 py-1">{label}</summary>
      <form noValidate className="mt-2 grid max-w-md gap-2" onSubmit={(event) => {
        event.preventDefault();
        if (!reason) return;
        setBusy(true);
        reportConversation(conversationId, { reason, description, message_ids: messageId ? [messageId] : [] }).then((answer) => {
          showToast(answer.message, 'success');
          setDone(true);
        }, (failure: unknown) => reportFailure(failure, () => undefined)).finally(() => setBusy(false));
      }}>
        <label>{m.conversation_report_reason()}
          <select className={field} value={reason} onChange={(event) => setReason(event.target.value as ConversationReportReason)} required>
            <option value="">{m.enquiry_choose()}</option>
            {(Object.keys(REPORT_REASONS) as ConversationReportReason[]).map((value) => <option key={value} value={value}>{REPORT_REASONS[value]()}</option>)}
          </select>
        </label>
        <label>{m.conversation_report_description()}
          <textarea rows={2} maxLength={2000} className={field} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <button type="submit" className="justify-self-start rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-60" disabled={busy || !reason}>{m.conversation_report_send()}</button>
      </form>
    </details>
  );
}
