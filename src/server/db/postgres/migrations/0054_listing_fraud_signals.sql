-- Fraud signals on listings (issue 64). An ad's text fingerprint (its words without digits, hashed) finds the same
-- text from other new accounts; the four 16-bit blocks of a photo's difference hash are indexed, so a photo within 6
-- bits of another differs by at most 2 bits in one block (multi-index hashing: decision 0038); the checks that held an
-- ad keep their scores and evidence for the operator. The statistics job writes a robust price statistic per
-- buy-and-sell category and condition ('any' = both), and within them per brand and per product (the title's words),
-- ('' = every brand, every product), from live sell ads, when it has a minimum sample.
ALTER TABLE posts ADD COLUMN text_fingerprint text;
ALTER TABLE posts ADD COLUMN held_signals text;
CREATE INDEX posts_text_fingerprint ON posts(text_fingerprint) WHERE text_fingerprint IS NOT NULL;
CREATE INDEX media_dhash_block_0 ON media(substr(dhash, 1, 4)) WHERE dhash IS NOT NULL;
CREATE INDEX media_dhash_block_1 ON media(substr(dhash, 5, 4)) WHERE dhash IS NOT NULL;
CREATE INDEX media_dhash_block_2 ON media(substr(dhash, 9, 4)) WHERE dhash IS NOT NULL;
CREATE INDEX media_dhash_block_3 ON media(substr(dhash, 13, 4)) WHERE dhash IS NOT NULL;
CREATE INDEX post_media_media ON post_media(media_id);
CREATE TABLE category_price_stats (
  category_id bigint NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  condition text NOT NULL CHECK (condition IN ('new', 'used', 'any')),
  brand text NOT NULL DEFAULT '',
  product text NOT NULL DEFAULT '',
  sample integer NOT NULL,
  median_sen bigint NOT NULL,
  log_mad double precision NOT NULL,
  computed_at timestamptz NOT NULL,
  PRIMARY KEY (category_id, condition, brand, product)
);
