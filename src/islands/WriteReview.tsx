import { lazy, Suspense, useState } from 'react';
import type { ReviewFormProps } from './ReviewForm.tsx';

const ReviewForm = lazy(() => import('./ReviewForm.tsx'));

/**
 * 'Write a review' on a listing's reviews (spec §4 Review submission). It needs an account: a
 * signed-out click asks to log in first (client/auth-actions.ts) and opens the form after. The form
 * (with the reviews posted through it) loads on the first click.
 */
/** `label`: 'Write a review' in the page's language, given by the page (the island ships no messages). */
export default function WriteReview({ type, id, label }: ReviewFormProps & { label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-2">
      {open
        ? <Suspense fallback={null}><ReviewForm type={type} id={id} /></Suspense>
        : <button type="button" onClick={() => setOpen(true)} data-auth-action="review" data-auth-key={`review:${type}:${id}`}
          className="rounded border border-ink px-4 py-2 text-sm font-semibold">{label}</button>}
    </div>
  );
}
