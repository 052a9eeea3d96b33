-- Owners (issue 23, decision 0016): a profile has one owning user (set by a claim or a creation; empty for demo data
-- and unclaimed profiles), a post its author, an upload the user who sent it (empty for a visitor's). Deleting the
-- user leaves the profile and its posts, unowned; their uploads were theirs alone.
ALTER TABLE profiles ADD COLUMN owner_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE posts ADD COLUMN owner_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE uploads ADD COLUMN owner_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
UPDATE uploads SET owner_user_id = CAST(substr(owner, 6) AS INTEGER)
  WHERE owner LIKE 'user:%' AND CAST(substr(owner, 6) AS INTEGER) IN (SELECT id FROM users);
CREATE INDEX profiles_owner ON profiles(owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX posts_owner ON posts(owner_user_id) WHERE owner_user_id IS NOT NULL;
CREATE INDEX uploads_owner_user ON uploads(owner_user_id) WHERE owner_user_id IS NOT NULL;
