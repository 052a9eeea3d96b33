-- When a post first went live (issue 22, for saved-search alerts): set once. A post published later than it was
-- created (a draft) counts from its publication; renewals and edits never move it. Every post so far went live
-- when published. The search rows carry it for the `live_since` filter and the `newest` sort.
ALTER TABLE posts ADD COLUMN first_live_at TEXT;
UPDATE posts SET first_live_at = published_at;

CREATE TRIGGER posts_first_live_on_insert AFTER INSERT ON posts
  WHEN NEW.status = 'active' AND NEW.first_live_at IS NULL
BEGIN
  UPDATE posts SET first_live_at = NEW.published_at WHERE id = NEW.id;
END;

CREATE TRIGGER posts_first_live_on_publish AFTER UPDATE OF status ON posts
  WHEN NEW.status = 'active' AND NEW.first_live_at IS NULL
BEGIN
  UPDATE posts SET first_live_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = NEW.id;
END;

CREATE TRIGGER posts_first_live_set_once BEFORE UPDATE OF first_live_at ON posts
  WHEN OLD.first_live_at IS NOT NULL AND NEW.first_live_at IS NOT OLD.first_live_at
BEGIN
  SELECT RAISE(ABORT, 'first_live_at is set once');
END;

ALTER TABLE search_posts ADD COLUMN first_live_at TEXT NOT NULL DEFAULT '';
CREATE INDEX search_posts_newest ON search_posts(type, first_live_at DESC, post_id DESC);
INSERT OR IGNORE INTO pending_jobs (name, requested_at) VALUES ('rebuild_search_index', datetime('now'));
-- Statistics for the new index: without them the planner took it for plain browsing (one type, recommended
-- order) and sorted every post of the type (7 s at 500,000 listings) instead of walking the recommended index.
ANALYZE search_posts;
