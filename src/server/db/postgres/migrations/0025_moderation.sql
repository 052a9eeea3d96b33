-- Moderation (issue 28): SQLite's 0025 in PostgreSQL's dialect.
ALTER TABLE posts ADD COLUMN hidden_by text CHECK (hidden_by IN ('post', 'profile'));
ALTER TABLE profiles ADD COLUMN hidden_at timestamptz;
ALTER TABLE reviews ADD COLUMN removed_at timestamptz;
ALTER TABLE reports ADD COLUMN handled_at timestamptz;
ALTER TABLE review_reports ADD COLUMN handled_at timestamptz;
CREATE INDEX reports_open ON reports(created_at) WHERE handled_at IS NULL;
CREATE INDEX review_reports_open ON review_reports(created_at) WHERE handled_at IS NULL;
