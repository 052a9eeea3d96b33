-- The schema holds its own invariants before accounts, reviews and enquiries start writing:
-- a listing lifecycle, money in integer sen, type consistency between a post and its details and
-- categories, a location's town inside its state, and reviews and reports with real foreign keys.
-- Runs with foreign keys off (src/server/db/sqlite/migrate.ts) and is checked before it commits.

-- Lifecycle: only active, unexpired posts appear in search, rows and sitemaps; the expiry job
-- (src/server/catalog/lifecycle.ts) turns active posts past expires_at into expired ones.
ALTER TABLE posts ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired', 'removed'));
CREATE INDEX posts_expiry ON posts(expires_at) WHERE status = 'active' AND expires_at IS NOT NULL;

-- Money as integer sen (RM 12.50 is 1250); the API keeps the spec's numbers in ringgit.
DROP TRIGGER posts_changed;
ALTER TABLE posts ADD COLUMN price_min_sen INTEGER;
ALTER TABLE posts ADD COLUMN price_max_sen INTEGER;
ALTER TABLE posts ADD COLUMN op_sen INTEGER;
UPDATE posts SET price_min_sen = CAST(round(price_min * 100) AS INTEGER), price_max_sen = CAST(round(price_max * 100) AS INTEGER),
  op_sen = CAST(round(op * 100) AS INTEGER);
ALTER TABLE posts DROP COLUMN price_min;
ALTER TABLE posts DROP COLUMN price_max;
ALTER TABLE posts DROP COLUMN op;
-- Edits shown on cards; view_count is left out on purpose (views must not empty the cache).
CREATE TRIGGER posts_changed AFTER UPDATE OF type, profile_id, slug, title, summary, plan, price_min_sen, price_max_sen,
  price_currency, op_sen, hyperlink, rating, rating_count, status, expires_at ON posts
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;

-- A post's details row and categories match its type.
CREATE TRIGGER job_details_type BEFORE INSERT ON job_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'jobs'
  BEGIN SELECT RAISE(ABORT, 'job_details belong to a jobs post'); END;
CREATE TRIGGER hireme_details_type BEFORE INSERT ON hireme_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'hireme'
  BEGIN SELECT RAISE(ABORT, 'hireme_details belong to a hireme post'); END;
CREATE TRIGGER service_details_type BEFORE INSERT ON service_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'services'
  BEGIN SELECT RAISE(ABORT, 'service_details belong to a services post'); END;
CREATE TRIGGER buysell_details_type BEFORE INSERT ON buysell_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'buysell'
  BEGIN SELECT RAISE(ABORT, 'buysell_details belong to a buysell post'); END;
CREATE TRIGGER job_details_post BEFORE UPDATE OF post_id ON job_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'jobs'
  BEGIN SELECT RAISE(ABORT, 'job_details belong to a jobs post'); END;
CREATE TRIGGER hireme_details_post BEFORE UPDATE OF post_id ON hireme_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'hireme'
  BEGIN SELECT RAISE(ABORT, 'hireme_details belong to a hireme post'); END;
CREATE TRIGGER service_details_post BEFORE UPDATE OF post_id ON service_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'services'
  BEGIN SELECT RAISE(ABORT, 'service_details belong to a services post'); END;
CREATE TRIGGER buysell_details_post BEFORE UPDATE OF post_id ON buysell_details WHEN (SELECT type FROM posts WHERE id = NEW.post_id) IS NOT 'buysell'
  BEGIN SELECT RAISE(ABORT, 'buysell_details belong to a buysell post'); END;
CREATE TRIGGER post_categories_type BEFORE INSERT ON post_categories
  WHEN (SELECT type FROM categories WHERE id = NEW.category_id) IS NOT (SELECT type FROM posts WHERE id = NEW.post_id)
  BEGIN SELECT RAISE(ABORT, 'a post is filed under categories of its own type'); END;
CREATE TRIGGER post_categories_type_update BEFORE UPDATE OF post_id, category_id ON post_categories
  WHEN (SELECT type FROM categories WHERE id = NEW.category_id) IS NOT (SELECT type FROM posts WHERE id = NEW.post_id)
  BEGIN SELECT RAISE(ABORT, 'a post is filed under categories of its own type'); END;
CREATE TRIGGER posts_type_fixed BEFORE UPDATE OF type ON posts WHEN NEW.type IS NOT OLD.type
  BEGIN SELECT RAISE(ABORT, 'a post keeps its type: details and categories depend on it'); END;

-- A location's town lies in its state.
CREATE TRIGGER locations_city_in_state BEFORE INSERT ON locations
  WHEN (SELECT state_id FROM cities WHERE id = NEW.city_id) IS NOT NEW.state_id
  BEGIN SELECT RAISE(ABORT, 'a location''s city belongs to its state'); END;
CREATE TRIGGER locations_city_in_state_update BEFORE UPDATE OF city_id, state_id ON locations
  WHEN (SELECT state_id FROM cities WHERE id = NEW.city_id) IS NOT NEW.state_id
  BEGIN SELECT RAISE(ABORT, 'a location''s city belongs to its state'); END;

-- Reviews of exactly one post or profile, deleted with it; user_id is filled once accounts exist
-- (seeded reviews have none), and a user reviews a listing at most once.
CREATE TABLE reviews_new (
  id INTEGER PRIMARY KEY,
  post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
  user_id INTEGER,
  reviewer_name TEXT NOT NULL,
  reviewer_image_id INTEGER REFERENCES media(id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  content TEXT NOT NULL,
  hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((post_id IS NULL) <> (profile_id IS NULL))
);
INSERT INTO reviews_new (id, post_id, profile_id, user_id, reviewer_name, reviewer_image_id, rating, content, created_at, updated_at)
  SELECT r.id, CASE r.reviewable_type WHEN 'post' THEN r.reviewable_id END, CASE r.reviewable_type WHEN 'profile' THEN r.reviewable_id END,
    NULL, r.reviewer_name, r.reviewer_image_id, r.rating, r.content, r.created_at, r.created_at
  FROM reviews r
  WHERE (r.reviewable_type = 'post' AND EXISTS (SELECT 1 FROM posts p WHERE p.id = r.reviewable_id))
     OR (r.reviewable_type = 'profile' AND EXISTS (SELECT 1 FROM profiles pr WHERE pr.id = r.reviewable_id));
DELETE FROM review_media WHERE review_id NOT IN (SELECT id FROM reviews_new);
DROP TABLE reviews;
ALTER TABLE reviews_new RENAME TO reviews;
CREATE INDEX reviews_post ON reviews(post_id, created_at DESC) WHERE post_id IS NOT NULL;
CREATE INDEX reviews_profile ON reviews(profile_id, created_at DESC) WHERE profile_id IS NOT NULL;
CREATE UNIQUE INDEX reviews_user_post ON reviews(user_id, post_id) WHERE user_id IS NOT NULL AND post_id IS NOT NULL;
CREATE UNIQUE INDEX reviews_user_profile ON reviews(user_id, profile_id) WHERE user_id IS NOT NULL AND profile_id IS NOT NULL;
CREATE INDEX review_media_media ON review_media(media_id);

-- Reports about exactly one post or profile, deleted with it.
CREATE TABLE reports_new (
  id INTEGER PRIMARY KEY,
  post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
  user_id INTEGER,
  reason TEXT NOT NULL CHECK (reason IN ('MISLEADING', 'UNAUTHORISED', 'FAKE_ADS', 'SCAM', 'FAKE_COMPANY_PROFILE', 'COPYRIGHT', 'OTHER')),
  description TEXT NOT NULL,
  client_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  CHECK ((post_id IS NULL) <> (profile_id IS NULL))
);
INSERT INTO reports_new (id, post_id, profile_id, reason, description, client_hash, created_at)
  SELECT r.id, CASE WHEN r.type <> 'profile' THEN r.listing_id END, CASE WHEN r.type = 'profile' THEN r.listing_id END,
    r.reason, r.description, r.client_hash, r.created_at
  FROM reports r
  WHERE (r.type <> 'profile' AND EXISTS (SELECT 1 FROM posts p WHERE p.id = r.listing_id))
     OR (r.type = 'profile' AND EXISTS (SELECT 1 FROM profiles pr WHERE pr.id = r.listing_id));
DROP TABLE reports;
ALTER TABLE reports_new RENAME TO reports;
CREATE INDEX reports_post ON reports(post_id) WHERE post_id IS NOT NULL;
CREATE INDEX reports_profile ON reports(profile_id) WHERE profile_id IS NOT NULL;

-- Derived-data jobs the migration step runs after the schema is current (src/server/db/sqlite/jobs.ts):
-- the search index now leaves out posts that are not active or have expired.
CREATE TABLE IF NOT EXISTS pending_jobs (name TEXT PRIMARY KEY, requested_at TEXT NOT NULL);
INSERT OR IGNORE INTO pending_jobs (name, requested_at) VALUES ('rebuild_search_index', datetime('now'));
