-- Search rows LIST-partitioned by listing type (issue 41, decision 0029): each type has its own table, GIN over its
-- words and btrees for its sorts and filters, so a search within one type reads one type's indexes, and a search
-- over all types merges four ordered scans. The summary and facet tables are keyed by type already.
-- The key includes the type (a partitioned table's unique keys must); rows are still found by post id first.
ALTER TABLE search_posts RENAME TO search_posts_before_partitions;
DROP TRIGGER search_posts_logged ON search_posts_before_partitions;

CREATE TABLE search_posts (
  post_id bigint NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  type text NOT NULL,
  plan_weight integer NOT NULL,
  rating double precision NOT NULL,
  rating_count bigint NOT NULL,
  published_at timestamptz NOT NULL,
  sort_title text COLLATE "C" NOT NULL,
  price double precision,
  category_id bigint NOT NULL,
  parent_id bigint NOT NULL,
  state_id bigint NOT NULL,
  city_id bigint NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  x double precision NOT NULL,
  y double precision NOT NULL,
  z double precision NOT NULL,
  job_type integer NOT NULL DEFAULT 0,
  job_qualification integer NOT NULL DEFAULT 0,
  job_level text,
  hireme_type integer NOT NULL DEFAULT 0,
  hireme_rate text,
  hireme_expertise text,
  buysell_type text,
  buysell_condition text,
  buysell_method integer NOT NULL DEFAULT 0,
  first_live_at timestamptz NOT NULL,
  words tsvector NOT NULL,
  PRIMARY KEY (post_id, type)
) PARTITION BY LIST (type);
CREATE TABLE search_posts_services PARTITION OF search_posts FOR VALUES IN ('services');
CREATE TABLE search_posts_jobs PARTITION OF search_posts FOR VALUES IN ('jobs');
CREATE TABLE search_posts_hireme PARTITION OF search_posts FOR VALUES IN ('hireme');
CREATE TABLE search_posts_buysell PARTITION OF search_posts FOR VALUES IN ('buysell');

INSERT INTO search_posts SELECT post_id, type, plan_weight, rating, rating_count, published_at, sort_title, price, category_id, parent_id, state_id,
  city_id, lat, lon, x, y, z, job_type, job_qualification, job_level, hireme_type, hireme_rate, hireme_expertise, buysell_type, buysell_condition,
  buysell_method, first_live_at, words
FROM search_posts_before_partitions;
DROP TABLE search_posts_before_partitions;

-- Each partition's own: the type is fixed within one, so it leads none of them.
CREATE INDEX search_posts_words ON search_posts USING gin (words);
CREATE INDEX search_posts_recommended ON search_posts(plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_parent ON search_posts(parent_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_category ON search_posts(category_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_state ON search_posts(state_id, plan_weight DESC, rating DESC, published_at DESC, post_id);
CREATE INDEX search_posts_city ON search_posts(city_id);
CREATE INDEX search_posts_rating ON search_posts(rating DESC, rating_count DESC, post_id);
CREATE INDEX search_posts_title ON search_posts(sort_title, post_id);
CREATE INDEX search_posts_geo ON search_posts(lat, lon);
CREATE INDEX search_posts_newest ON search_posts(first_live_at DESC, post_id DESC);

CREATE TRIGGER search_posts_logged AFTER INSERT OR UPDATE OR DELETE ON search_posts FOR EACH ROW EXECUTE FUNCTION search_post_logged();
ANALYZE search_posts;
