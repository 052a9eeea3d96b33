-- The operator console's ground (issue 28, decision 0024): when a session last proved its person (sudo mode), why a
-- claim was refused, and the append-only audit log of every operator action.

-- A destructive operator action needs a proof (password) from the last 15 minutes: signing in is one.
ALTER TABLE sessions ADD COLUMN proven_at TEXT;
UPDATE sessions SET proven_at = created_at;

ALTER TABLE profile_claims ADD COLUMN decided_by INTEGER REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE profile_claims ADD COLUMN reason TEXT;

-- Every operator action, appended and never changed. Users are named by id only, and personal fields are stored
-- redacted, so an erased account leaves nothing personal here (no foreign key: the row outlives whom it names).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  operator_user_id INTEGER NOT NULL,
  action TEXT NOT NULL,
  target_type TEXT NOT NULL,
  target_id TEXT NOT NULL,
  reason TEXT,
  before TEXT CHECK (before IS NULL OR json_valid(before)),
  after TEXT CHECK (after IS NULL OR json_valid(after)),
  client TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_time ON audit_log(created_at);
CREATE INDEX audit_log_operator ON audit_log(operator_user_id, created_at);
CREATE INDEX audit_log_target ON audit_log(target_type, target_id, created_at);
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
