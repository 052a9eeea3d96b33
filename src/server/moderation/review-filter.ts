/**
 * The fake-review filter's runs (issue 45, decision 0033): every 15 minutes the reviews new or edited since their last
 * score (job `review_signals`), and every night the last 90 days again (`review_signals_nightly`: bursts show only
 * later). Each score is stored with its features and version; a review at or above the threshold is held as
 * `suspicious` (off the public list and the rating, never deleted) unless an operator published it as it reads now.
 */
import type { AppContext } from '../app-types.ts';
import { isSuspicious, scoreReviews, SIGNALS_VERSION } from './review-signals.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Reviews scored, and the window read around them (a listing's baseline runs 90 days before a week's burst). */
const SCORED_DAYS = 90;
const CONTEXT_DAYS = 97;

export async function runReviewSignals(app: Pick<AppContext, 'clock' | 'repos'>, mode: 'changed' | 'nightly'): Promise<{ scored: number; held: number }> {
  const now = app.clock.now();
  const iso = (days: number) => new Date(now - days * DAY_MS).toISOString();
  // Reviews without an account (imported with the old site's data, or their writer's account deleted) are read as
  // context only: their account signals mean nothing, and nobody stands behind them to hold.
  const changed = mode === 'changed' ? await app.repos.reviewScores.findReviewFacts(iso(CONTEXT_DAYS), iso(SCORED_DAYS), true) : null;
  if (changed !== null && changed.length === 0) return { scored: 0, held: 0 };
  // Links to the owner are looked up for the reviews scored only: the changed ones, or every one of a nightly run.
  const context = await app.repos.reviewScores.findReviewFacts(iso(CONTEXT_DAYS), iso(SCORED_DAYS), false, changed === null);
  const targets = (changed ?? context.filter((review) => review.created_at >= now - SCORED_DAYS * DAY_MS)).filter((review) => review.user_id !== null);
  if (targets.length === 0) return { scored: 0, held: 0 };
  const scores = scoreReviews(targets, context);
  await app.repos.reviewScores.saveReviewScores(targets.map((review) => ({ reviewId: review.id, ...scores.get(review.id)!, version: SIGNALS_VERSION })));
  let held = 0;
  for (const review of targets) {
    if (!isSuspicious(scores.get(review.id)!) || review.held_reason !== null || review.hidden) continue;
    // An operator's publish is final until the text changes.
    if (review.cleared_at !== null && review.cleared_at >= review.updated_at) continue;
    if (await app.repos.reviewScores.holdSuspiciousReview(review.id)) held += 1;
  }
  return { scored: targets.length, held };
}
