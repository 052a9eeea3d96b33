-- Review replies (issue 26): the owner of the listing answers a review once; the answer can be edited or removed.
-- Shown under the review as "Response from the owner" with its date.
CREATE TABLE review_replies (
  review_id INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  content TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
