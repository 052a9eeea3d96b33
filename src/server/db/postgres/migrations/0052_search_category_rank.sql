-- A listing's own category's names in every language weigh as its title does in search (issue 63): "paip" ranks the
-- plumbing listings above a locksmith whose company is named for plumbing. A database with listings rebuilds its documents.
INSERT INTO migration_notices (version, notice)
  SELECT '0052_search_category_rank.sql', 'Search ranks a listing''s own category names as its title now: run npm run reindex so every listing has them.'
  WHERE EXISTS (SELECT 1 FROM posts);
