-- A listing's own category's names in every language weigh as its title does in search (issue 63): "paip" ranks the
-- plumbing listings above a locksmith whose company is named for plumbing. Rebuilt, so every listing's row has them.
INSERT OR IGNORE INTO pending_jobs (name, requested_at) VALUES ('rebuild_search_index', datetime('now'));
