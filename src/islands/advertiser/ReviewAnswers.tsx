/**
 * /advertiser/reviews (issue 26): the reviews of the advertiser's listings, newest first; each can be answered once,
 * and the answer edited or removed. It shows under the review on the public page as "Response from the owner".
 */
import { useCallback, useEffect, useState } from 'react';
import * as calls from '../../client/advertiser-calls.ts';
import { reportFailure } from '../forms.tsx';
import { fieldErrors } from '../../shared/schemas/field-errors.ts';
import { ReviewReplySchema } from '../../shared/schemas/advertiser.ts';
import { showToast } from '../../stores/toasts.ts';
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
      if (found) return setErrors(found);
      void run(() => calls.answerReview(review.id, { content }), 'Your answer is posted.');
    }}>
      <label htmlFor={id} className="block text-sm font-semibold">{review.reply ? 'Your answer' : 'Answer this review'}</label>
      <textarea id={id} rows={3} value={content} onChange={(event) => setContent(event.target.value)} className="mt-1 w-full rounded border border-gray-400 px-3 py-2"
        aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? `${id}-error` : undefined} />
      <FieldErrors id={id} errors={errors.content} />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="submit" className={primary} disabled={busy}>{review.reply ? 'Update answer' : 'Post answer'}</button>
        {review.reply && <button type="button" className={secondary} disabled={busy} onClick={() => void run(() => calls.removeAnswer(review.id), 'Your answer is removed.')}>Remove answer</button>}
      </div>
    </form>
  );
}

function ReviewsView() {
  const [reviews, setReviews] = useState<calls.ReviewToAnswer[] | null>(null);
  const load = useCallback(() => {
    calls.reviewsToAnswer().then(({ data }) => setReviews(data), (error: unknown) => reportFailure(error, () => undefined));
  }, []);
  useEffect(load, [load]);
  if (!reviews) return <p role="status">Loading…</p>;
  if (reviews.length === 0) return <p className="panel">No reviews of your listings yet.</p>;
  return (
    <ul className="space-y-4" data-testid="reviews-to-answer">
      {reviews.map((review) => (
        <li key={review.id} className="panel" data-testid="review-to-answer">
          <p className="text-sm"><a className="underline [overflow-wrap:anywhere]" href={review.listing.url}>{review.listing.title}</a> · {review.created_at.slice(0, 10)}</p>
          <p className="mt-1 font-semibold">{review.user.name} <span role="img" aria-label={`${review.rating} out of 5`} className="text-yellow-700">{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span></p>
          <p className="mt-1 whitespace-pre-line">{review.content}</p>
          <Answer review={review} changed={load} />
        </li>
      ))}
    </ul>
  );
}

export default function ReviewAnswers() {
  return <AdvertiserOnly><ReviewsView /></AdvertiserOnly>;
}
