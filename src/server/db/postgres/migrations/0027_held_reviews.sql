-- Reviews held for review (issue 28): SQLite's 0027 in PostgreSQL's dialect.
ALTER TABLE reviews ADD COLUMN held_reason text;
ALTER TABLE reviews ADD COLUMN client_hash text;
CREATE INDEX reviews_held ON reviews(updated_at) WHERE held_reason IS NOT NULL;
CREATE INDEX reviews_client ON reviews(client_hash, created_at) WHERE client_hash IS NOT NULL;
