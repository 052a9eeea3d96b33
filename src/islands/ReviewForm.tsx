/**
 * The review form (spec §3 Review form, §4, §5): a rating of 1 to 5 and the text are required; up to 3
 * photos, each uploaded as it is chosen (POST review/image) and removed by clicking it; the file
 * picker is disabled at 3. A posted review shows under the form, first above the server's list, and
 * the form clears.
 */
import { useEffect, useState } from 'react';
import { ownReview, review } from '../client/calls.ts';
import { ReviewFormSchema } from '../shared/schemas/engagement.ts';
import { fieldErrors } from '../shared/schemas/field-errors.ts';
import type { Image, Review } from '../shared/schemas/catalog.ts';
import { REVIEW_IMAGES_MAX } from '../shared/review-limits.ts';
import { showToast } from '../stores/toasts.ts';
import { ReviewItem } from '../components/ReviewItem.tsx';
import { reportFailure } from './forms.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import * as m from '../paraglide/messages.js';

export interface ReviewFormProps {
  type: 'services' | 'buysell' | 'profile';
  id: number;
}

export default function ReviewForm({ type, id }: ReviewFormProps) {
  const [posted, setPosted] = useState<Review[]>([]);
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<Image[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, setPending] = useState(false);
  // A review of theirs held for a check (issue 45) is off the list: its writer is told so.
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    ownReview(type, id).then(({ data }) => setWaiting(data?.waiting ?? false), () => undefined);
  }, [type, id]);
  // The rules the API reads the review with (ReviewFormSchema); this form loads on demand, zod with it.
  const valid = fieldErrors(ReviewFormSchema, { type, id, content, rating, images }) === null;

  const fail = (error: unknown) => reportFailure(error, setErrors);
  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (!valid) return;
    setPending(true);
    try {
      const result = await review({ type, id, content, rating, images });
      setPosted([result.data, ...posted.filter((item) => item.id !== result.data.id)]);
      setWaiting(result.data.held === true);
      showToast(result.message);
      setRating(0);
      setContent('');
      setImages([]);
      setErrors({});
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {waiting && <p role="status" className="mb-2 rounded border border-amber-500 bg-amber-50 p-2 text-sm" data-testid="review-waiting">{m.review_waiting()}</p>}
      <form onSubmit={submit} noValidate className="rounded border border-gray-200 p-3" data-testid="review-form">
        <fieldset>
          <legend className="text-sm font-medium">{m.review_your_rating()}</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className="cursor-pointer rounded text-2xl text-yellow-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-700">
                <input type="radio" name="rating" value={value} checked={rating === value} onChange={() => setRating(value)} className="sr-only" />
                <span aria-hidden="true">{value <= rating ? '★' : '☆'}</span>
                <span className="sr-only">{m.review_out_of_5({ value })}</span>
              </label>
            ))}
          </div>
          {errors.rating && <p className="text-sm text-red-700">{errors.rating[0]}</p>}
        </fieldset>
        <label htmlFor={`review-${type}-${id}`} className="mt-2 block text-sm font-medium">{m.review_your_review()}</label>
        <textarea id={`review-${type}-${id}`} rows={4} maxLength={2000} value={content} onChange={(event) => setContent(event.target.value)}
          className="mt-1 w-full rounded border border-gray-400 px-3 py-2" />
        {errors.content && <p className="text-sm text-red-700">{errors.content[0]}</p>}
        <div className="mt-2">
          <PhotoPicker id={`review-images-${type}-${id}`} uploadPath="review/image" max={REVIEW_IMAGES_MAX} images={images} onChange={setImages}
            onError={fail} onUploading={setPending} error={errors.images} testId="review-images" />
        </div>
        <button type="submit" disabled={!valid || pending} className="mt-3 rounded bg-ink px-4 py-2 font-semibold text-white disabled:opacity-50">{m.review_post()}</button>
      </form>
      {posted.length > 0 && <ul className="mt-3 space-y-4">{posted.map((review) => <ReviewItem key={review.id} review={review} />)}</ul>}
    </>
  );
}
