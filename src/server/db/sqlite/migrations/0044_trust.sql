-- Trust you can see (issue 45, decision 0033): badges backed by evidence. A profile's verifications (a phone number
-- proved by a code, an SSM number an operator checked against its certificate) with who decided and why; how fast
-- the owner replies, stored by the daily job trust_signals; the fake-review filter's scores; and a device hash on
-- reviews. The seed's free-text badges, which nobody checked, go.
CREATE TABLE profile_verifications (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('phone', 'ssm')),
  -- The mobile number (digits, with the country code) or the 12-digit company number.
  value TEXT NOT NULL,
  -- The old-format company number given in brackets, if any.
  old_value TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'refused', 'revoked')),
  -- The SSM certificate or profile sent with the request (private; kept when refused, for audit).
  document_id INTEGER REFERENCES documents(id),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  decided_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  decided_at TEXT,
  reason TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX profile_verifications_profile ON profile_verifications(profile_id, kind, status);
CREATE INDEX profile_verifications_pending ON profile_verifications(created_at) WHERE status = 'pending';
CREATE INDEX profile_verifications_value ON profile_verifications(kind, value) WHERE status = 'approved';

-- "Usually replies within N hours": N (1, 2, 3, 6, 12 or 24), or NULL when not shown; over how many conversations.
ALTER TABLE profiles ADD COLUMN response_hours INTEGER;
ALTER TABLE profiles ADD COLUMN response_count INTEGER NOT NULL DEFAULT 0;

CREATE TABLE review_scores (
  review_id INTEGER PRIMARY KEY REFERENCES reviews(id) ON DELETE CASCADE,
  score REAL NOT NULL,
  -- Each feature with its value, as JSON.
  features TEXT NOT NULL,
  version INTEGER NOT NULL,
  -- An operator published it as it reads now: the filter holds it again only once its text changes.
  cleared_at TEXT,
  scored_at TEXT NOT NULL
);

ALTER TABLE reviews ADD COLUMN device_hash TEXT;

DROP TABLE profile_badges;
