-- State and town names in Malay and Chinese (issue 42): translations of a place's stable id (Penang is Pulau Pinang
-- and 槟城); English stays in states.name and cities.name, which `where` values keep, and a missing one falls back to it.
CREATE TABLE state_names (
  state_id INTEGER NOT NULL REFERENCES states(id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ms', 'zh')),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  PRIMARY KEY (state_id, locale)
);

CREATE TABLE city_names (
  city_id INTEGER NOT NULL REFERENCES cities(id) ON DELETE CASCADE,
  locale TEXT NOT NULL CHECK (locale IN ('ms', 'zh')),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  PRIMARY KEY (city_id, locale)
);
