import { describe, expect, it } from 'vitest';
import { evaluate, PATTERNS, reviewCorpus } from '../../scripts/review-corpus.ts';
import { CopyFinder, scoreReviews, shingles, THRESHOLD } from '../../src/server/moderation/review-signals.ts';
import type { ReviewFacts } from '../../src/server/db/trust-rows.ts';

/**
 * The fake-review filter's scoring (issue 45): the evaluation `npm run bench:reviews` prints, run as a test with the
 * same generator and threshold (planted fakes caught ≥ 90%, genuine reviews held ≤ 5%), and its features one by one.
 */
const DAY = 24 * 60 * 60 * 1000;
const base = Date.parse('2026-06-01T00:00:00Z');
let ids = 0;
const review = (over: Partial<ReviewFacts>): ReviewFacts => ({
  id: ++ids, listing: 'services-1', user_id: ids, rating: 5, content: 'Good service', created_at: base, client_hash: `c-${ids}`, device_hash: null, client_accounts: 1,
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

  it("finds copies page by page: another person's on any listing counts; the review itself and its writer's own never do", () => {
    const text = 'The technician came on time and fixed the leaking pipe under the sink quickly';
    const target = review({ id: 900_001, user_id: 41, content: text });
    const copies = new CopyFinder([target]);
    // The window as the job reads it, page by page: the review itself, and its writer's same text on another listing.
    copies.add([{ id: target.id, user_id: 41, content: text }]);
    copies.add([{ id: 900_002, user_id: 41, content: text }]);
    expect(copies.result().has(target.id)).toBe(false);
    // Another person's near copy (one word changed) on a later page.
    copies.add([{ id: 900_003, user_id: 42, content: text.replace('quickly', 'promptly') }]);
    expect(copies.result().get(target.id)).toBeGreaterThanOrEqual(0.8);
    expect(copies.result().get(target.id)).toBeLessThan(1);
    // A page of 20,000 copies of one text (accountless imports) is one text to read, and an exact copy.
    const template = 'Highly recommended, the team was friendly and the price was very reasonable';
    const second = review({ id: 900_004, user_id: 43, content: template });
    const many = new CopyFinder([second]);
    many.add(Array.from({ length: 20_000 }, (_, index) => ({ id: 1_000_000 + index, user_id: null, content: template })));
    expect(many.result().get(second.id)).toBe(1);
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
