/**
 * The owner's answer to a review (issue 26): once per review, editable and removable, shown under it as "Response
 * from the owner". The reviewer is mailed when an answer first appears. A package never changes how reviews are
 * shown or ranked: answering is the only thing an owner does to a review here.
 */
import { SITE_NAME } from '../../shared/seo.ts';
import { postUrl, profileUrl } from '../../shared/urls.ts';
import { ReviewReplySchema } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { reviewAnswered } from '../changes.ts';
import { notFound, parseInput } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { canAnswerReview, type Actor } from '../policies.ts';
import { say } from '../../shared/said.ts';

async function answerable(app: AppContext, actor: Actor, reviewId: number) {
  const review = await app.repos.advertiser.findReviewToAnswer(reviewId);
  if (!review || !canAnswerReview(actor, review)) throw notFound('no_such_review');
  return review;
}

/** POST advertiser/reviews/{id}/reply: saves the answer; the reviewer is told of a first one (in the same transaction, through the outbox). */
export async function replyToReview(app: AppContext, actor: Actor, reviewId: number, input: unknown) {
  const { content } = parseInput(ReviewReplySchema, input);
  const review = await answerable(app, actor, reviewId);
  const first = await app.repos.transaction(async (tx) => {
    const created = await tx.advertiser.saveReviewReply(review.id, actor.id, content);
    await reviewAnswered(tx, review.id);
    if (created && review.reviewer_email) {
      await app.outbox.queueMail(composeMail(review.reviewer_email, say('mail_review_answered_subject', { title: review.listing_title }), [
        say('mail_review_answered', { title: review.listing_title, site: SITE_NAME }),
        content,
      ], [], review.reviewer_locale), { tx });
    }
    return created;
  });
  return { first, reply: { content, created_at: new Date(app.clock.now()).toISOString() } };
}

/** GET advertiser/reviews: the reviews of the advertiser's listings, newest first, each with its answer. */
export async function reviewsToAnswer(app: AppContext, actor: Actor) {
  const rows = await app.repos.advertiser.findReviewsToAnswer(actor.id, 200);
  return rows.map((row) => ({
    id: row.id,
    listing: { ...row.listing, title: row.listing_title, url: row.listing.type === 'profile' ? profileUrl(row.listing_slug) : postUrl(row.listing.type, row.listing_slug) },
    user: { name: row.reviewer_name },
    rating: row.rating,
    content: row.content,
    created_at: row.created_at,
    reply: row.reply_content === null || row.reply_created_at === null ? null : { content: row.reply_content, created_at: row.reply_created_at },
  }));
}

/** DELETE advertiser/reviews/{id}/reply. */
export async function removeReviewReply(app: AppContext, actor: Actor, reviewId: number): Promise<void> {
  await answerable(app, actor, reviewId);
  await app.repos.transaction(async (tx) => {
    if (!(await tx.advertiser.deleteReviewReply(reviewId))) throw notFound('review_no_answer');
    await reviewAnswered(tx, reviewId);
  });
}
