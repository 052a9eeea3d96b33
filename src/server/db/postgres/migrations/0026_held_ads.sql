-- Ads held for review (issue 28): SQLite's 0026 in PostgreSQL's dialect.
ALTER TABLE posts ADD COLUMN held_reason text;
ALTER TABLE media ADD COLUMN dhash text;
CREATE INDEX posts_held ON posts(updated_at) WHERE held_reason IS NOT NULL;
