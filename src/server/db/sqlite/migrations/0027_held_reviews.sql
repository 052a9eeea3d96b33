-- Reviews held for review (issue 28, decision 0024): a new review an automatic check flagged (a link, a banned word,
-- a burst from one client) is hidden with the checks that held it until an operator publishes, hides or removes it;
-- the client (hashed, as reports keep it) counts the bursts.
ALTER TABLE reviews ADD COLUMN held_reason TEXT;
ALTER TABLE reviews ADD COLUMN client_hash TEXT;
CREATE INDEX reviews_held ON reviews(updated_at) WHERE held_reason IS NOT NULL;
CREATE INDEX reviews_client ON reviews(client_hash, created_at) WHERE client_hash IS NOT NULL;
