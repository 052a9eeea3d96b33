-- Counters that must survive a restart (security probe item 11): brute-force counts and blocks of signing
-- in, code sends per client, and "seen within the hour" marks of click analytics. One row per key, with the
-- end of its window and an optional block, in milliseconds since the epoch. Expired rows are swept hourly.
CREATE TABLE counters (
  key TEXT PRIMARY KEY,
  points INTEGER NOT NULL CHECK (points >= 0),
  reset_at INTEGER NOT NULL,
  blocked_until INTEGER
) WITHOUT ROWID;
CREATE INDEX counters_reset_at ON counters(reset_at);

-- Secrets the app makes for itself on first use (the key that signs CSRF tokens of no-JS forms), shared by
-- every process on this database.
CREATE TABLE app_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
