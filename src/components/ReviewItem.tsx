import type { Review } from '../shared/schemas/catalog.ts';
import * as m from '../paraglide/messages.js';
import { Picture } from './Picture.tsx';

/**
 * One review as a list item (spec §3 Review): the reviewer, stars, date, text and photos, and the owner's answer
 * under it (issue 26). Rendered on
 * the server in a listing's review list, and in the browser for a review just posted (WriteReview).
 */
export function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="border-t border-gray-100 pt-3" data-testid="review">
      <div className="flex items-center gap-2">
        {review.user.image && <Picture image={review.user.image} alt="" width={32} height={32} className="w-8 h-8 rounded-full object-cover" />}
        <p className="font-medium" data-user-text>{review.user.name}</p>
        <p className="text-sm text-yellow-700"><span role="img" aria-label={m.review_out_of_5({ value: review.rating })}>{'★'.repeat(review.rating)}{'☆'.repeat(5 - review.rating)}</span></p>
        <time className="text-xs text-gray-700" dateTime={review.created_at}>{review.created_at.slice(0, 10)}</time>
      </div>
      <p className="mt-1 whitespace-pre-line text-sm" data-user-text>{review.content}</p>
      {review.images.length > 0 && (
        <ul className="mt-2 flex gap-2">
          {review.images.map(({ image }) => <li key={image.full}><Picture image={image} alt="" width={80} height={80} className="h-20 w-20 rounded object-cover" /></li>)}
        </ul>
      )}
      {review.reply && (
        <div className="mt-2 ml-4 border-l-2 border-gray-300 pl-3" data-testid="review-reply">
          <p className="text-sm font-semibold">{m.review_owner_response()} <time className="text-xs font-normal text-gray-700" dateTime={review.reply.created_at}>{review.reply.created_at.slice(0, 10)}</time></p>
          <p className="mt-1 whitespace-pre-line text-sm" data-user-text>{review.reply.content}</p>
        </div>
      )}
    </li>
  );
}
