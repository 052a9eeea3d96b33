-- Appeals (issue 28, decision 0024): a suspended account, or an advertiser whose listing was removed, writes to the
-- moderators from the site's appeal form; the account's page in the console shows them. They go with the account.
CREATE TABLE appeals (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  client_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX appeals_user ON appeals(user_id, created_at) WHERE user_id IS NOT NULL;
