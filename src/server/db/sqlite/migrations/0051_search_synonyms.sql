-- Search joins the glossary's synonyms across the three languages (issue 63: jurujual · salesperson · 销售员): each
-- listing's search document gets the words of a synonym group one of whose phrases it holds. Rebuilt, so every
-- listing has them.
INSERT OR IGNORE INTO pending_jobs (name, requested_at) VALUES ('rebuild_search_index', datetime('now'));
