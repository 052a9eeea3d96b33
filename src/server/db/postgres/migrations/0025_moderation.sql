-- Moderation (issue 28): SQLite's 0025 in PostgreSQL's dialect.
ALTER TABLE posts ADD COLUMN hidden_by text CHECK (hidden_by IN ('post', 'profile'));
ALTER TABLE profiles ADD COLUMN hidden_at timestamptz;
-- Who hid it: an operator, or the suspension of its owner (restoring the owner shows only those).
ALTER TABLE profiles ADD COLUMN hidden_by text CHECK (hidden_by IN ('operator', 'suspension'));
ALTER TABLE reviews ADD COLUMN removed_at timestamptz;
ALTER TABLE reports ADD COLUMN handled_at timestamptz;
ALTER TABLE review_reports ADD COLUMN handled_at timestamptz;
-- A suspended account: signing in is refused until suspended_until (none: until restored), with the reason.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspended_until timestamptz;
ALTER TABLE users ADD COLUMN suspension_reason text;
CREATE INDEX reports_open ON reports(created_at) WHERE handled_at IS NULL;
CREATE INDEX review_reports_open ON review_reports(created_at) WHERE handled_at IS NULL;
