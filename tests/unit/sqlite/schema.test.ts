import { describe, expect, it } from 'vitest';
import { getPostCards } from '../../../src/server/catalog/posts.ts';
import { getReviews } from '../../../src/server/catalog/reviews.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';
import { saveReview } from '../../../src/server/engagement/reviews.ts';

const copy = useSqliteCopy();
const one = (sql: string, ...params: (string | number | null)[]) => copy.db.prepare(sql).get(...params)!;

describe('when a post first went live (migration 0013)', () => {
  it('is set once: from the publication of an inserted live post, when a post is made active, and never moved after', () => {
    const post = one("SELECT id, published_at, first_live_at FROM posts WHERE status = 'active' LIMIT 1");
    expect(post.first_live_at).toBe(post.published_at);
    copy.db.prepare("UPDATE posts SET status = 'expired' WHERE id = ?").run(Number(post.id));
    copy.db.prepare("UPDATE posts SET status = 'active' WHERE id = ?").run(Number(post.id));
    expect(one('SELECT first_live_at FROM posts WHERE id = ?', Number(post.id)).first_live_at).toBe(post.published_at);
    expect(() => copy.db.prepare("UPDATE posts SET first_live_at = '2030-01-01T00:00:00.000Z' WHERE id = ?").run(Number(post.id))).toThrow(/set once/);
    // A post that was never live (as a draft will be) gets its time when it goes live.
    copy.db.exec('DROP TRIGGER posts_first_live_set_once');
    copy.db.prepare('UPDATE posts SET first_live_at = NULL, status = ? WHERE id = ?').run('removed', Number(post.id));
    copy.db.prepare("UPDATE posts SET status = 'active' WHERE id = ?").run(Number(post.id));
    expect(Date.parse(String(one('SELECT first_live_at FROM posts WHERE id = ?', Number(post.id)).first_live_at))).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('schema invariants (migration 0004)', () => {
  it("refuses a details row or a category of another listing type than the post's", () => {
    const service = Number(one("SELECT id FROM posts WHERE type = 'services' LIMIT 1").id);
    expect(() => copy.db.prepare("INSERT INTO job_details (post_id, level, experience_years, requirements, responsibilities, benefits, company_confidential, resume_required) VALUES (?, 'manager', 1, '', '', '', 0, 0)").run(service))
      .toThrow(/job_details belong to a jobs post/);
    const jobsCategory = Number(one("SELECT id FROM categories WHERE type = 'jobs' LIMIT 1").id);
    expect(() => copy.db.prepare('INSERT INTO post_categories (post_id, category_id, position) VALUES (?, ?, 9)').run(service, jobsCategory))
      .toThrow(/categories of its own type/);
    expect(() => copy.db.prepare("UPDATE posts SET type = 'jobs' WHERE id = ?").run(service)).toThrow(/keeps its type/);
  });

  it("refuses a location whose town is not in its state", () => {
    const location = one('SELECT id, state_id FROM locations LIMIT 1');
    const otherState = Number(one('SELECT id FROM states WHERE id <> ? LIMIT 1', Number(location.state_id)).id);
    expect(() => copy.db.prepare('UPDATE locations SET state_id = ? WHERE id = ?').run(otherState, Number(location.id)))
      .toThrow(/city belongs to its state/);
  });

  it('stores money as integer sen and gives ringgit to the API', async () => {
    const row = one('SELECT id, price_min_sen FROM posts WHERE price_min_sen IS NOT NULL AND status = \'active\' LIMIT 1');
    expect(Number.isInteger(row.price_min_sen)).toBe(true);
    copy.db.prepare('UPDATE posts SET price_min_sen = 1250 WHERE id = ?').run(Number(row.id));
    const [card] = await getPostCards(copy.app, [Number(row.id)]);
    expect(card!.price_min).toBe(12.5);
  });

  it('ties a review to exactly one post or profile, and deletes it with its listing', () => {
    const now = new Date().toISOString();
    expect(() => copy.db.prepare("INSERT INTO reviews (post_id, profile_id, reviewer_name, rating, content, created_at, updated_at) VALUES (NULL, NULL, 'x', 5, 'x', ?, ?)").run(now, now))
      .toThrow(/CHECK constraint/);
    expect(() => copy.db.prepare("INSERT INTO reviews (post_id, profile_id, reviewer_name, rating, content, created_at, updated_at) VALUES (1, 1, 'x', 5, 'x', ?, ?)").run(now, now))
      .toThrow(/CHECK constraint/);
    expect(() => copy.db.prepare("INSERT INTO reviews (post_id, reviewer_name, rating, content, created_at, updated_at) VALUES (99999999, 'x', 5, 'x', ?, ?)").run(now, now))
      .toThrow(/FOREIGN KEY/);
    const reviewed = Number(one('SELECT post_id FROM reviews WHERE post_id IS NOT NULL LIMIT 1').post_id);
    expect(Number(one('SELECT count(*) AS n FROM reviews WHERE post_id = ?', reviewed).n)).toBeGreaterThan(0);
    copy.db.prepare('DELETE FROM posts WHERE id = ?').run(reviewed);
    expect(Number(one('SELECT count(*) AS n FROM reviews WHERE post_id = ?', reviewed).n)).toBe(0);
  });

  it('keeps one review per user and listing', () => {
    const post = Number(one("SELECT id FROM posts WHERE type = 'services' AND status = 'active' LIMIT 1 OFFSET 3").id);
    const now = new Date().toISOString();
    const insert = copy.db.prepare("INSERT INTO reviews (post_id, user_id, reviewer_name, rating, content, created_at, updated_at) VALUES (?, 42, 'Ali', 4, 'Good', ?, ?)");
    insert.run(post, now, now);
    expect(() => insert.run(post, now, now)).toThrow(/UNIQUE/);
  });
});

describe('the ratings write service', () => {
  it("stores a review, recomputes the listing's rating and count, and reindexes it in one go; a second review by the same user edits the first", async () => {
    const post = one(`SELECT p.id, p.type, p.rating_count FROM posts p JOIN search_posts s ON s.post_id = p.id
      WHERE p.type = 'services' AND p.rating_count = 0 LIMIT 1`);
    const listing = { type: String(post.type) as 'services', id: Number(post.id) };
    await saveReview(copy.app.repos, { listing, userId: 7, reviewerName: 'Mei Ling', rating: 4, content: 'Came on time.', mediaIds: [] });
    await saveReview(copy.app.repos, { listing, userId: 8, reviewerName: 'Ravi', rating: 2, content: 'Late.', mediaIds: [] });
    expect(one('SELECT rating, rating_count FROM posts WHERE id = ?', listing.id)).toEqual({ rating: 3, rating_count: 2 });
    expect(one('SELECT rating, rating_count FROM search_posts WHERE post_id = ?', listing.id)).toEqual({ rating: 3, rating_count: 2 });
    await saveReview(copy.app.repos, { listing, userId: 8, reviewerName: 'Ravi', rating: 5, content: 'They fixed it.', mediaIds: [] });
    expect(one('SELECT rating, rating_count FROM posts WHERE id = ?', listing.id)).toEqual({ rating: 4.5, rating_count: 2 });
    const page = (await getReviews(copy.app, listing, 1))!;
    expect(page.total).toBe(2);
    expect(page.data.map((review) => review.content).sort()).toEqual(['Came on time.', 'They fixed it.']);
  });
});
