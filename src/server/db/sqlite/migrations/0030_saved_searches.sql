-- Saved searches and their alerts (issue 29, decision 0025). A saved search keeps the canonical search page a person
-- saw (`type` and `query`: its category path and parameters as JSON), how often it alerts, and two watermarks:
-- `seen_at` (what counts as new in My area) and `alerted_at` (what the next alert looks at). An account's searches
-- go with it.
CREATE TABLE saved_searches (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('services', 'jobs', 'hireme', 'buysell')),
  query TEXT NOT NULL,
  frequency TEXT NOT NULL DEFAULT 'daily' CHECK (frequency IN ('instant', 'daily', 'weekly', 'off')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  seen_at TEXT NOT NULL,
  alerted_at TEXT NOT NULL,
  mailed_at TEXT
);
CREATE INDEX saved_searches_user ON saved_searches(user_id, id);
CREATE INDEX saved_searches_due ON saved_searches(frequency, id) WHERE frequency <> 'off';

-- Every listing an alert has named, per saved search: written in the transaction that queues the alert's mail, so a
-- listing is never mailed twice for one saved search, whatever crashes or runs again.
CREATE TABLE saved_search_alerts (
  saved_search_id INTEGER NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
  post_id INTEGER NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (saved_search_id, post_id)
) WITHOUT ROWID;

-- Jobs take a priority (higher first): an alert run queues thousands of mails at once, and a sign-in code queued
-- meanwhile must not wait behind them. Bulk mail is -1; everything else stays 0.
ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
DROP INDEX jobs_due;
CREATE INDEX jobs_due ON jobs(state, priority DESC, run_at, id);
