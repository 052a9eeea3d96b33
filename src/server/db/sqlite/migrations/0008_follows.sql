-- What signed-in people follow (spec §4 Follow): a post of any type or a profile. One row per user and
-- listing, gone with the user or the listing (cascades).
CREATE TABLE follows (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  CHECK ((post_id IS NULL) <> (profile_id IS NULL))
);
CREATE UNIQUE INDEX follows_user_post ON follows(user_id, post_id) WHERE post_id IS NOT NULL;
CREATE UNIQUE INDEX follows_user_profile ON follows(user_id, profile_id) WHERE profile_id IS NOT NULL;
CREATE INDEX follows_user_created ON follows(user_id, created_at);
CREATE INDEX follows_post ON follows(post_id) WHERE post_id IS NOT NULL;
CREATE INDEX follows_profile ON follows(profile_id) WHERE profile_id IS NOT NULL;
