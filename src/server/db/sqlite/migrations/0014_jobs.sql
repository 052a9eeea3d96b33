-- Background work (issue 23, decision 0015): a job table one runner per process claims from with a lease, the
-- schedules of recurring jobs (one row each, advanced by whoever fires it), and the outbox of mail and SMS that a
-- request writes in the same transaction as the change it reports.
CREATE TABLE jobs (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{}',
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  run_at TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 5,
  lease_owner TEXT,
  lease_until TEXT,
  idempotency_key TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE UNIQUE INDEX jobs_idempotency ON jobs(idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX jobs_due ON jobs(state, run_at);
CREATE INDEX jobs_kind ON jobs(kind, state);

CREATE TABLE job_schedules (
  kind TEXT PRIMARY KEY,
  every_ms INTEGER NOT NULL CHECK (every_ms > 0),
  next_run_at TEXT NOT NULL
);

CREATE TABLE outbox_messages (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL CHECK (channel IN ('mail', 'sms')),
  recipient TEXT NOT NULL,
  -- The message as JSON: a mail's subject, text, HTML and attachment paths, or an SMS's text.
  message TEXT NOT NULL,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX outbox_unsent ON outbox_messages(created_at) WHERE sent_at IS NULL;
