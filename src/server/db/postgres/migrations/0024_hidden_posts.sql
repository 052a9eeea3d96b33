-- Moderation (issue 28): SQLite's 0024 in PostgreSQL's dialect (a post can be hidden by an operator).
ALTER TABLE posts DROP CONSTRAINT posts_status_check;
ALTER TABLE posts ADD CONSTRAINT posts_status_check CHECK (status IN ('draft', 'active', 'expired', 'removed', 'hidden'));
