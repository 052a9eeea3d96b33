import { lazy, Suspense, useState } from 'react';
import type { Review } from '../shared/schemas/catalog.ts';
import type { ReviewFormProps } from './ReviewForm.tsx';

const ReviewForm = lazy(() => import('./ReviewForm.tsx'));

/**
 * 'Write a review' on a listing's reviews (spec §4 Review submission). It needs an account: a
 * signed-out click asks to log in first (client/auth-actions.ts) and opens the form after. The form
 * loads on the first click; reviews posted here show first, above the server's list.
 */
export default function WriteReview({ type, id }: Omit<ReviewFormProps, 'onPosted'>) {
  const [open, setOpen] = useState(false);
  const [posted, setPosted] = useState<Review[]>([]);
  return (
    <div className="mt-2">
      {open
        ? <Suspense fallback={null}><ReviewForm type={type} id={id} onPosted={(review) => setPosted([review, ...posted.filter((item) => item.id !== review.id)])} /></Suspense>
        : <button type="button" onClick={() => setOpen(true)} data-auth-action="review" data-auth-key={`review:${type}:${id}`}
          className="rounded border border-ink px-4 py-2 text-sm font-semibold">Write a review</button>}
      {posted.length > 0 && (
        <ul className="mt-3 space-y-4">
          {posted.map((review) => (
            <li key={review.id} className="border-t border-gray-100 pt-3" data-testid="review">
              <div className="flex items-center gap-2">
                <p className="font-medium">{review.user.name}</p>
                <p className="text-sm text-yellow-700" aria-label={`${review.rating} out of 5`}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</p>
                <time className="text-xs text-gray-700" dateTime={review.created_at}>{review.created_at.slice(0, 10)}</time>
              </div>
              <p className="mt-1 whitespace-pre-line text-sm">{review.content}</p>
              {review.images.length > 0 && (
                <ul className="mt-2 flex gap-2">
                  {review.images.map(({ image }) => <li key={image.full}><img src={image.thumbnail_webp ?? image.thumbnail} alt="" width={80} height={80} className="h-20 w-20 rounded object-cover" /></li>)}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
