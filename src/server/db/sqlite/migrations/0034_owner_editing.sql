-- An owner's first hour (issue 40, decision 0028).

-- The version an editor read (its ETag): every save of a business or an ad moves it on, so a save carrying an older
-- one (a second tab, another device) is refused instead of overwriting what it never saw.
ALTER TABLE profiles ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE posts ADD COLUMN version INTEGER NOT NULL DEFAULT 1;

-- Dated exceptions to the weekly hours (Hari Raya, Chinese New Year, Ramadan hours): a day with no range is closed.
-- Like the weekly hours, a range never crosses midnight: 22:00–02:00 is 22:00–23:59 and the next day's 00:00–02:00.
CREATE TABLE profile_special_hours (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  label TEXT NOT NULL DEFAULT '',
  opens TEXT,
  closes TEXT,
  CHECK ((opens IS NULL) = (closes IS NULL))
);
CREATE INDEX profile_special_hours_profile ON profile_special_hours(profile_id, date);

-- What a business offers of the kind Google and Yelp show (payment methods, halal, parking, access, delivery), by key.
CREATE TABLE profile_attributes (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  attribute TEXT NOT NULL,
  PRIMARY KEY (profile_id, attribute)
);
