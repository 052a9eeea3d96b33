-- Search joins the glossary's synonyms across the three languages (issue 63: jurujual · salesperson · 销售员): each
-- listing's search document gets the words of a synonym group one of whose phrases it holds. A database with listings
-- rebuilds its documents.
INSERT INTO migration_notices (version, notice)
  SELECT '0051_search_synonyms.sql', 'Search has synonyms across the three languages now: run npm run reindex so every listing has them.'
  WHERE EXISTS (SELECT 1 FROM posts);
