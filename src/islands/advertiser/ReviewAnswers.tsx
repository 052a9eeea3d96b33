/**
 * /advertiser/reviews (issue 26): the reviews of the advertiser's listings, newest first; each can be answered once,
 * and the answer edited or removed. It shows under the review on the public page as "Response from the owner".
 * A review can also be reported to the site's operators.
 */
import { useCallback, useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { ReviewReplySchema } from '../../shared/schemas/advertiser.ts';
import { ReviewReportSchema } from '../../shared/schemas/leads.ts';
import { optionLabels } from '../../shared/option-labels.ts';
import * as m from '../../paraglide/messages.js';
import { showToast } from '../../stores/toasts.ts';
import { formFieldErrors } from '../../shared/form-messages.ts';
import { currentLocale } from '../../shared/i18n.ts';
import { AdvertiserOnly, FieldErrors, primary, secondary } from './gate.tsx';

function Answer({ review, changed }: { review: calls.ReviewToAnswer; changed: () => void }) {
  const [content, setContent] = useState(review.reply?.content ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const id = `answer-${review.id}`;
  async function run(call: () => Promise<{ message?: string }>, done: string) {
    setBusy(true);
    try {
      const answer = await call();
      setErrors({});
      showToast(answer.message ?? done, 'success');
      changed();
    } catch (error) {
      reportFailure(error, setErrors);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="mt-2" noValidate onSubmit={(event) => {
      event.preventDefault();
      const found = fieldErrors(ReviewReplySchema, { content });
      const worded = found && formFieldErrors(found, currentLocale());
      if (worded) return setErrors(worded);
      void run(() => calls.answerReview(review.id, { content }), m.adv_answer_posted());
    }}>
      <label htmlFor={id} className="block text-sm font-semibold">{review.reply ? m.adv_your_answer() : m.adv_answer_review()}</label>
      <textarea id={id} rows={3} value={content} onChange={(event) => setContent(event.target.value)} className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
        aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? `${id}-error` : undefined} />
      <FieldErrors id={id} errors={errors.content} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={busy}>{review.reply ? m.adv_update_answer() : m.adv_post_answer()}</button>
        {review.reply && <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.removeAnswer(review.id), m.adv_answer_removed())}>{m.adv_remove_answer()}</button>}
      </div>
    </form>
  );
}

/** Reporting a review to the site's operators (it joins their reports queue), behind a disclosure. */
function ReportReview({ id }: { id: number }) {
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [sent, setSent] = useState(false);
  if (sent) return <p className="mt-2 text-sm" role="status">{m.adv_reported()}</p>;
  const field = `report-${id}`;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold">{m.adv_report_review()}</summary>
      <form className="mt-2 space-y-2" noValidate onSubmit={(event) => {
        event.preventDefault();
        const found = fieldErrors(ReviewReportSchema, { reason, description });
        const worded = found && formFieldErrors(found, currentLocale());
        if (worded) return setErrors(worded);
        calls.reportReview(id, { reason, description }).then((answer) => {
          showToast(answer.message, 'success');
          setSent(true);
        }, (error: unknown) => reportFailure(error, setErrors));
      }}>
        <label htmlFor={`${field}-reason`} className="block font-semibold">{m.adv_reason()}</label>
        <select id={`${field}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} className="w-full rounded border border-gray-400 bg-white px-2 py-1.5"
          aria-invalid={errors.reason ? true : undefined} aria-describedby={errors.reason ? `${field}-reason-error` : undefined}>
          <option value="">{m.adv_choose_reason()}</option>
          {Object.entries(optionLabels('report_reason')).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
        <FieldErrors id={`${field}-reason`} errors={errors.reason} />
        <label htmlFor={`${field}-description`} className="block font-semibold">{m.adv_what_is_wrong()}</label>
        <textarea id={`${field}-description`} rows={2} value={description} onChange={(event) => setDescription(event.target.value)} className="w-full rounded border border-gray-400 px-3 py-2"
          aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? `${field}-description-error` : undefined} />
        <FieldErrors id={`${field}-description`} errors={errors.description} />
        <button type="submit" className={secondary}>{m.adv_send_report()}</button>
      </form>
    </details>
  );
}

function ReviewsView() {
  const [reviews, setReviews] = useState<calls.ReviewToAnswer[] | null>(null);
  const load = useCallback(() => {
    calls.reviewsToAnswer().then(({ data }) => setReviews(data), (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  useEffect(load, [load]);
  if (!reviews) return <p role="status">{m.loading()}</p>;
  if (reviews.length === 0) return <p className="panel">{m.adv_no_reviews()}</p>;
  return (
    <ul className="space-y-4" data-testid="reviews-to-answer">
      {reviews.map((review) => (
        <li key={review.id} className="panel" data-testid="review-to-answer">
          <p className="text-sm"><a className="underline [overflow-wrap:anywhere]" href={review.listing.url}>{review.listing.title}</a> · {review.created_at.slice(0, 10)}</p>
          <p className="mt-1 font-semibold">{review.user.name} <span role="img" aria-label={m.review_out_of_5({ value: review.rating })} className="text-yellow-700">{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span></p>
          <p className="mt-1 whitespace-pre-line">{review.content}</p>
          <Answer review={review} changed={load} />
          <ReportReview id={review.id} />
        </li>
      ))}
    </ul>
  );
}

export default function ReviewAnswers() {
  return <AdvertiserOnly><ReviewsView /></AdvertiserOnly>;
}
