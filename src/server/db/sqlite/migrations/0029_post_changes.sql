-- An ad's history (issue 28, decision 0024): every edit its advertiser makes, field by field (old and new as JSON),
-- as a business's edits are kept in profile_changes; the operator console shows it on the listing's page.
CREATE TABLE post_changes (
  id INTEGER PRIMARY KEY,
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  field TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX post_changes_post ON post_changes(post_id, id);
