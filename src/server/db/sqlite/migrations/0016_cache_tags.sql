-- Invalidation by tag (issue 23, decision 0017): instead of one catalogue version that every edit bumped (emptying
-- every cached page and search, and on a server database a row every write would wait on), a change writes the tags
-- of what it touched; every process reads the log since its last look and drops only the cached pages, searches and
-- lists that carry one of them. Tags: post:ID, profile:ID, list:TYPE and list:all, category:TYPE/SLUG, path:/PATH,
-- home, cms:PAGE, and * (everything: a search index rebuild).
CREATE TABLE cache_invalidations (
  id INTEGER PRIMARY KEY,
  tag TEXT NOT NULL,
  created_at TEXT NOT NULL
);

DROP TRIGGER search_posts_changed_insert;
DROP TRIGGER search_posts_changed_update;
DROP TRIGGER search_posts_changed_delete;
DROP TRIGGER posts_changed;
DROP TRIGGER profiles_changed;
DROP TRIGGER reviews_added;
DROP TRIGGER reviews_changed;
DROP TRIGGER reviews_removed;
DROP TABLE catalog_version;

-- Edits shown on a post's page and cards (the search rows' own changes are tagged by the code that reindexes them).
CREATE TRIGGER posts_changed_tags AFTER UPDATE OF type, profile_id, slug, title, summary, plan, price_min_sen, price_max_sen,
  price_currency, op_sen, hyperlink, rating, rating_count, status, expires_at ON posts
BEGIN
  INSERT INTO cache_invalidations (tag, created_at) VALUES ('post:' || NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER profiles_changed_tags AFTER UPDATE OF slug, name, plan, about, claimed, logo_id, image_id, rating, rating_count ON profiles
BEGIN
  INSERT INTO cache_invalidations (tag, created_at) VALUES ('profile:' || NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER reviews_changed_tags_insert AFTER INSERT ON reviews
BEGIN
  INSERT INTO cache_invalidations (tag, created_at)
    VALUES (CASE WHEN NEW.post_id IS NOT NULL THEN 'post:' || NEW.post_id ELSE 'profile:' || NEW.profile_id END, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER reviews_changed_tags_update AFTER UPDATE ON reviews
BEGIN
  INSERT INTO cache_invalidations (tag, created_at)
    VALUES (CASE WHEN NEW.post_id IS NOT NULL THEN 'post:' || NEW.post_id ELSE 'profile:' || NEW.profile_id END, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER reviews_changed_tags_delete AFTER DELETE ON reviews
BEGIN
  INSERT INTO cache_invalidations (tag, created_at)
    VALUES (CASE WHEN OLD.post_id IS NOT NULL THEN 'post:' || OLD.post_id ELSE 'profile:' || OLD.profile_id END, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
CREATE TRIGGER featured_posts_changed_tags AFTER INSERT ON featured_posts
BEGIN INSERT INTO cache_invalidations (tag, created_at) VALUES ('home', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
CREATE TRIGGER featured_posts_removed_tags AFTER DELETE ON featured_posts
BEGIN INSERT INTO cache_invalidations (tag, created_at) VALUES ('home', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
CREATE TRIGGER cms_pages_changed_tags AFTER UPDATE ON cms_pages
BEGIN INSERT INTO cache_invalidations (tag, created_at) VALUES ('cms:' || NEW.page, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
