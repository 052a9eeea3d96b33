-- Which search rows changed, in order, so a search worker's in-memory facet columns
-- (src/server/db/sqlite/facet-store.ts) catch up by reading only those rows. AUTOINCREMENT keeps
-- sequence numbers from being reused after the log is pruned (a worker behind the pruned part
-- reloads everything).
CREATE TABLE search_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id INTEGER NOT NULL
);
CREATE TRIGGER search_posts_logged_insert AFTER INSERT ON search_posts
  BEGIN INSERT INTO search_changes (post_id) VALUES (new.post_id); END;
CREATE TRIGGER search_posts_logged_update AFTER UPDATE ON search_posts
  BEGIN INSERT INTO search_changes (post_id) SELECT old.post_id UNION SELECT new.post_id; END;
CREATE TRIGGER search_posts_logged_delete AFTER DELETE ON search_posts
  BEGIN INSERT INTO search_changes (post_id) VALUES (old.post_id); END;
INSERT INTO search_changes (post_id) VALUES (0);
DELETE FROM search_changes;

-- The recommended order across all types, walked for broad keyword searches without a type.
CREATE INDEX search_posts_recommended_all ON search_posts(plan_weight DESC, rating DESC, published_at DESC, post_id);
