-- Search index: one narrow row per post with everything search filters, sorts and counts on,
-- a full-text index, per-(type, category, state) facet counts for plain browsing, and the
-- autocomplete suggestions. All of it is derived from the catalogue tables by the search indexer
-- (src/server/db/repositories/search-index.ts) and rebuilt from them at will.

-- A post is placed at its first location for filtering by place and distance.
-- Multi-valued attributes are bitmasks over the option order of src/shared/constants.ts.
CREATE TABLE search_posts (
  post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  plan_weight INTEGER NOT NULL,
  rating REAL NOT NULL,
  rating_count INTEGER NOT NULL,
  published_at TEXT NOT NULL,
  sort_title TEXT NOT NULL,
  price REAL,
  category_id INTEGER NOT NULL,
  parent_id INTEGER NOT NULL,
  state_id INTEGER NOT NULL,
  city_id INTEGER NOT NULL,
  lat REAL NOT NULL,
  lon REAL NOT NULL,
  -- The location as a unit vector: the great-circle test becomes a dot product, no trigonometry per row.
  x REAL NOT NULL,
  y REAL NOT NULL,
  z REAL NOT NULL,
  job_type INTEGER NOT NULL DEFAULT 0,
  job_qualification INTEGER NOT NULL DEFAULT 0,
  job_level TEXT,
  hireme_type INTEGER NOT NULL DEFAULT 0,
  hireme_rate TEXT,
  hireme_expertise TEXT,
  buysell_type TEXT,
  buysell_condition TEXT,
  buysell_method INTEGER NOT NULL DEFAULT 0
);
-- Shaped like the filters and sorts: the recommended order is plan, rating, recency, id.
CREATE INDEX search_posts_recommended ON search_posts(type, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_parent ON search_posts(parent_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_category ON search_posts(category_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_state ON search_posts(type, state_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_city ON search_posts(city_id, type);
CREATE INDEX search_posts_rating ON search_posts(type, rating DESC, rating_count DESC, post_id);
CREATE INDEX search_posts_title ON search_posts(type, sort_title, post_id);
-- Covering for Near Me: bounding box on lat/lon, exact test on x/y/z, facets from category/state/price.
CREATE INDEX search_posts_geo ON search_posts(type, lat, lon, x, y, z, category_id, state_id, price);
-- Covering for the type-specific filters, facets and sorts of each type (type is written literally
-- in queries so these partial indexes apply): a filtered page is sorted from the index alone.
CREATE INDEX search_posts_jobs ON search_posts(job_level, job_type, job_qualification, category_id, state_id, price, city_id,
  plan_weight, rating, rating_count, published_at, sort_title, lat, lon) WHERE type = 'jobs';
CREATE INDEX search_posts_hireme ON search_posts(hireme_rate, hireme_expertise, hireme_type, category_id, state_id, price, city_id,
  plan_weight, rating, rating_count, published_at, sort_title, lat, lon) WHERE type = 'hireme';
CREATE INDEX search_posts_buysell ON search_posts(buysell_type, buysell_condition, buysell_method, category_id, state_id, price, city_id,
  plan_weight, rating, rating_count, published_at, sort_title, lat, lon) WHERE type = 'buysell';

-- kind holds 'type<listing type>' so a keyword query can be narrowed to one type inside the index.
CREATE VIRTUAL TABLE search_fts USING fts5(
  kind, title, body,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Plain browsing (a type, optionally a category and a state, nothing else) is answered from these.
CREATE TABLE search_summary (
  type TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  parent_id INTEGER NOT NULL,
  state_id INTEGER NOT NULL,
  doc_count INTEGER NOT NULL,
  min_price REAL,
  max_price REAL,
  PRIMARY KEY (type, category_id, state_id)
) WITHOUT ROWID;
CREATE INDEX search_summary_parent ON search_summary(parent_id, state_id);

-- Counts of the type-specific facets (job_type, job_level …) per summary key; only non-zero rows.
CREATE TABLE search_facet_counts (
  type TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  parent_id INTEGER NOT NULL,
  state_id INTEGER NOT NULL,
  facet TEXT NOT NULL,
  key TEXT NOT NULL,
  doc_count INTEGER NOT NULL,
  PRIMARY KEY (type, category_id, state_id, facet, key)
) WITHOUT ROWID;
CREATE INDEX search_facet_counts_parent ON search_facet_counts(parent_id, state_id);

-- Autocomplete: distinct titles, categories and business names with a weight, and a small
-- prefix-indexed full-text index over them.
CREATE TABLE search_suggestions (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('category', 'business', 'title')),
  type TEXT NOT NULL,
  label TEXT NOT NULL,
  weight REAL NOT NULL,
  UNIQUE (kind, type, label)
);
CREATE VIRTUAL TABLE search_suggestions_fts USING fts5(
  label, content = 'search_suggestions', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);

-- Bumped on every change that can alter a search result; cached responses carry the version they were computed at.
CREATE TABLE catalog_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 1);

CREATE TRIGGER search_posts_changed_insert AFTER INSERT ON search_posts
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER search_posts_changed_update AFTER UPDATE ON search_posts
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER search_posts_changed_delete AFTER DELETE ON search_posts
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
-- Edits shown on cards; view_count is left out on purpose (views must not empty the cache).
CREATE TRIGGER posts_changed AFTER UPDATE OF type, profile_id, slug, title, summary, plan, price_min, price_max,
  price_currency, op, hyperlink, rating, rating_count ON posts
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER profiles_changed AFTER UPDATE OF slug, name, plan ON profiles
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
