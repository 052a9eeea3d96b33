-- Click analytics and page views per listing and day (spec §4 Analytics, §7 POST analytics): one row
-- per listing, Malaysian day and action with its count, so the table stays small at 500,000 listings.
-- Actions: the click actions of spec §7 and 'view'. Gone with the listing.
CREATE TABLE listing_daily_stats (
  post_id INTEGER REFERENCES posts(id) ON DELETE CASCADE,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  action TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  CHECK ((post_id IS NULL) <> (profile_id IS NULL))
);
CREATE UNIQUE INDEX listing_daily_stats_post ON listing_daily_stats(post_id, day, action) WHERE post_id IS NOT NULL;
CREATE UNIQUE INDEX listing_daily_stats_profile ON listing_daily_stats(profile_id, day, action) WHERE profile_id IS NOT NULL;
