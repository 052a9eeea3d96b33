-- Moderation (issue 28, decision 0024): what hid a post (itself, or its profile: showing the profile again shows only
-- those), a hidden profile, a review removed for good, reports handled (dismissed, or acted on) as a group, and
-- suspended accounts.
ALTER TABLE posts ADD COLUMN hidden_by TEXT CHECK (hidden_by IN ('post', 'profile'));
ALTER TABLE profiles ADD COLUMN hidden_at TEXT;
-- Who hid it: an operator, or the suspension of its owner (restoring the owner shows only those).
ALTER TABLE profiles ADD COLUMN hidden_by TEXT CHECK (hidden_by IN ('operator', 'suspension'));
ALTER TABLE reviews ADD COLUMN removed_at TEXT;
ALTER TABLE reports ADD COLUMN handled_at TEXT;
ALTER TABLE review_reports ADD COLUMN handled_at TEXT;
-- A suspended account: signing in is refused until suspended_until (none: until restored), with the reason.
ALTER TABLE users ADD COLUMN suspended_at TEXT;
ALTER TABLE users ADD COLUMN suspended_until TEXT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT;
CREATE INDEX reports_open ON reports(created_at) WHERE handled_at IS NULL;
CREATE INDEX review_reports_open ON review_reports(created_at) WHERE handled_at IS NULL;
