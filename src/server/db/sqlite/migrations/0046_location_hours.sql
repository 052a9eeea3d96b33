-- A branch's own opening hours and special hours (the walk as a new owner: branches shared one set). A location with
-- rows here keeps them; one without keeps the business's (business_hours, profile_special_hours).
CREATE TABLE location_hours (
  location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  day INTEGER NOT NULL CHECK (day BETWEEN 0 AND 6),
  opens TEXT NOT NULL,
  closes TEXT NOT NULL,
  PRIMARY KEY (location_id, day, opens)
);
CREATE TABLE location_special_hours (
  id INTEGER PRIMARY KEY,
  location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  date TEXT NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
  label TEXT NOT NULL DEFAULT '',
  opens TEXT,
  closes TEXT,
  CHECK ((opens IS NULL) = (closes IS NULL))
);
CREATE INDEX location_special_hours_location ON location_special_hours(location_id, date);
