import { PAGE_SIZES, type ListingType } from '../../shared/constants.ts';
import type { ReviewPage } from '../../shared/schemas/catalog.ts';
import type { Db } from '../db/connection.ts';
import { findReviews, postExists, profileExists } from '../db/repositories/reviews.ts';
import { imageFromColumns, imageUrls } from '../media/urls.ts';

/**
 * One page (5 per page, newest first) of the reviews of a post of `type`, or of a profile when
 * `type` is 'profile'. Undefined when there is no such post or profile.
 */
export function getReviews(db: Db, type: ListingType | 'profile', id: number, page: number): ReviewPage | undefined {
  const exists = type === 'profile' ? profileExists(db, id) : postExists(db, type, id);
  if (!exists) return undefined;
  const size = PAGE_SIZES.reviews;
  const { total, rows, media } = findReviews(db, type === 'profile' ? 'profile' : 'post', id, size, (page - 1) * size);
  return {
    total,
    page,
    data: rows.map((row) => ({
      id: row.id,
      user: {
        name: row.reviewer_name,
        image: imageFromColumns(row, 'reviewer_image_'),
      },
      created_at: row.created_at,
      rating: row.rating,
      content: row.content,
      images: media.filter((item) => item.owner_id === row.id).map((item) => ({ image: imageUrls(item)! })),
    })),
  };
}
