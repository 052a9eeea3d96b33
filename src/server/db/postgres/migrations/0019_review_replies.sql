-- Review replies (issue 26): SQLite's 0019 in PostgreSQL's dialect.
CREATE TABLE review_replies (
  review_id bigint PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
