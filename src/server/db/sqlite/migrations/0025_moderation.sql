-- Moderation (issue 28, decision 0024): what hid a post (itself, or its profile: showing the profile again shows only
-- those), a hidden profile, a review removed for good, and reports handled (dismissed, or acted on) as a group.
ALTER TABLE posts ADD COLUMN hidden_by TEXT CHECK (hidden_by IN ('post', 'profile'));
ALTER TABLE profiles ADD COLUMN hidden_at TEXT;
ALTER TABLE reviews ADD COLUMN removed_at TEXT;
ALTER TABLE reports ADD COLUMN handled_at TEXT;
ALTER TABLE review_reports ADD COLUMN handled_at TEXT;
CREATE INDEX reports_open ON reports(created_at) WHERE handled_at IS NULL;
CREATE INDEX review_reports_open ON review_reports(created_at) WHERE handled_at IS NULL;
