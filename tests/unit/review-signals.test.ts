import { describe, expect, it } from 'vitest';
import { evaluate, PATTERNS, reviewCorpus } from '../../scripts/review-corpus.ts';
import { scoreReviews, shingles, THRESHOLD, type ReviewFacts } from '../../src/server/moderation/review-signals.ts';

/**
 * The fake-review filter's scoring (issue 45): the evaluation `npm run bench:reviews` prints, run as a test with the
 * same generator and threshold (planted fakes caught ≥ 90%, genuine reviews held ≤ 5%), and its features one by one.
 */
const DAY = 24 * 60 * 60 * 1000;
const base = Date.parse('2026-06-01T00:00:00Z');
let ids = 0;
const review = (over: Partial<ReviewFacts>): ReviewFacts => ({
  id: ++ids, listing: 'services-1', user_id: ids, rating: 5, content: 'Good service', created_at: base, client_hash: `c-${ids}`, device_hash: null,
  reviewer: { created_at: base - 400 * DAY, reviews: 5, activity: 4 }, owner_link: false, ...over,
});

describe('review signals', () => {
  it('catches at least 90% of the planted fakes and holds at most 5% of genuine reviews', () => {
    const corpus = reviewCorpus();
    expect(corpus.filter((item) => item.planted === null).length).toBeGreaterThanOrEqual(1000);
    expect(new Set(corpus.filter((item) => item.planted === null).map((item) => item.listing)).size).toBeGreaterThanOrEqual(100);
    const result = evaluate(corpus);
    expect(result.planted.total).toBeGreaterThanOrEqual(150);
    expect(result.byPattern.map((row) => row.pattern)).toEqual([...PATTERNS]);
    expect(result.planted.caught / result.planted.total).toBeGreaterThanOrEqual(0.9);
    expect(result.genuine.held / result.genuine.total).toBeLessThanOrEqual(0.05);
  });

  it('never compares short common texts, in any language', () => {
    for (const text of ['Good service', 'Servis bagus', '服务很好', 'Very good, recommended!']) expect(shingles(text)).toEqual([]);
    expect(shingles('The staff explained everything clearly and politely')).toContain('the staff explained');
    expect(shingles('我们周末去的员工很热情')).toContain('我们周');
  });

  it('scores each feature, and holds from the threshold', () => {
    const listing = 'services-9';
    const steady = Array.from({ length: 6 }, (_, n) => review({ listing, created_at: base - (30 + n * 10) * DAY, rating: 5 }));
    const owner = review({ listing, owner_link: true });
    const lone = review({ listing, created_at: base - 200 * DAY, reviewer: { created_at: base - 201 * DAY, reviews: 1, activity: 0 } });
    const honest = review({ listing, rating: 1, created_at: base - 100 * DAY, content: 'The repair broke again after three days and they refused to check it' });
    const scores = scoreReviews([owner, lone, honest], [...steady, owner, lone, honest]);
    expect(scores.get(owner.id)).toEqual({ score: 3, features: { owner_link: 1 } });
    expect(scores.get(lone.id)!.features).toEqual({ account_age_days: 1, lone_account: 1 });
    expect(scores.get(lone.id)!.score).toBeLessThan(THRESHOLD);
    // An honest 1★ among 5★ reviews is an outlier, not held.
    expect(scores.get(honest.id)).toEqual({ score: 0.5, features: { rating_outlier: 4 } });
  });
});
