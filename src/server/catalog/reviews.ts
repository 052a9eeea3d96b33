import { PAGE_SIZES } from '../../shared/constants.ts';
import type { ReviewPage } from '../../shared/schemas/catalog.ts';
import type { ListingRef } from '../db/rows.ts';
import type { CatalogContext } from './context.ts';

/**
 * One page (5 per page, newest first) of the visible reviews of a post or profile. Undefined when
 * there is no such post or profile.
 */
export async function getReviews({ repos: { catalog }, media }: CatalogContext, listing: ListingRef, page: number): Promise<ReviewPage | undefined> {
  if (!(await catalog.listingExists(listing))) return undefined;
  const size = PAGE_SIZES.reviews;
  const { total, rows, media: images } = await catalog.findReviews(listing, size, (page - 1) * size);
  return {
    total,
    page,
    data: rows.map((row) => ({
      id: row.id,
      user: {
        name: row.reviewer_name,
        image: media.imageFromColumns(row, 'reviewer_image_'),
      },
      created_at: row.created_at,
      rating: row.rating,
      content: row.content,
      images: images.filter((item) => item.owner_id === row.id).map((item) => ({ image: media.imageUrls(item)! })),
      reply: row.reply_content === null || row.reply_created_at === null ? null : { content: row.reply_content, created_at: row.reply_created_at },
    })),
  };
}
