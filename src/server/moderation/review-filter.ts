/**
 * The fake-review filter's runs (issue 45, decision 0033): every 15 minutes the reviews new or edited since their last
 * score (job `review_signals`), and every night the last 90 days again (`review_signals_nightly`: bursts show only
 * later). Each score is stored with its features and version; a review at or above the threshold is held as
 * `suspicious` (off the public list and the rating, never deleted) unless an operator published it as it reads now.
 *
 * A run reads what its targets need, never the whole window at once: their listings' reviews, and the window's texts
 * page by page for the copy check, yielding to the event loop between pages (the job runs in a serving process; a
 * window holds hundreds of thousands of reviews at 500,000 listings). A nightly run scores in passes of TARGETS_PER_PASS.
 */
import type { AppContext } from '../app-types.ts';
import { reviewShown } from '../changes.ts';
import { CopyFinder, isSuspicious, scoreReviews, SIGNALS_VERSION } from './review-signals.ts';
import type { ScoredReviewRow } from '../db/trust-rows.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reviews scored, and the window read around them (a listing's baseline runs 90 days before a week's burst). */
const SCORED_DAYS = 90;
const CONTEXT_DAYS = 97;
/** Reviews read per page of the copy check. */
const TEXT_PAGE = 5_000;
/** Reviews scored per pass over the window's texts. */
const TARGETS_PER_PASS = 20_000;

/** Lets the serving process answer requests between two pieces of a run. */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runReviewSignals(app: Pick<AppContext, 'clock' | 'repos'>, mode: 'changed' | 'nightly'): Promise<{ scored: number; held: number }> {
  const now = app.clock.now();
  const iso = (days: number) => new Date(now - days * DAY_MS).toISOString();
  // Reviews without an account (imported with the old site's data, or their writer's account deleted) are read as
  // context only: their account signals mean nothing, and nobody stands behind them to hold.
  const targets = await app.repos.reviewScores.findReviewFacts(iso(mode === 'changed' ? CONTEXT_DAYS : SCORED_DAYS), iso(SCORED_DAYS), mode === 'changed');
  let held = 0;
  for (let at = 0; at < targets.length; at += TARGETS_PER_PASS) {
    held += await scorePass(app, targets.slice(at, at + TARGETS_PER_PASS), iso(CONTEXT_DAYS));
  }
  return { scored: targets.length, held };
}

/** Scores one pass of targets against their listings' reviews and the window's texts since `since`; answers how many it held. */
async function scorePass(app: Pick<AppContext, 'repos'>, targets: readonly ScoredReviewRow[], since: string): Promise<number> {
  const { reviewScores } = app.repos;
  const context = await reviewScores.findListingReviews([...new Set(targets.map((review) => review.listing))], since);
  const copies = new CopyFinder(targets);
  for (let after = 0; ;) {
    await yieldToRequests();
    const page = await reviewScores.findReviewTexts(since, after, TEXT_PAGE);
    copies.add(page);
    if (page.length < TEXT_PAGE) break;
    after = page.at(-1)!.id;
  }
  await yieldToRequests();
  const scores = scoreReviews(targets, context, copies.result());
  await reviewScores.saveReviewScores(targets.map((review) => ({ reviewId: review.id, ...scores.get(review.id)!, version: SIGNALS_VERSION })));
  let held = 0;
  for (const review of targets) {
    if (!isSuspicious(scores.get(review.id)!) || review.held_reason !== null || review.hidden) continue;
    // An operator's publish is final until the text changes.
    if (review.cleared_at !== null && review.cleared_at >= review.updated_at) continue;
    const hold = await app.repos.transaction(async (tx) => {
      const done = await tx.reviewScores.holdSuspiciousReview(review.id);
      if (done) await reviewShown(tx, review.id);
      return done;
    });
    if (hold) held += 1;
  }
  return held;
}
