-- Moderation (issue 28, decision 0024): an operator can hide a post. A hidden post is never live and its page is a
-- 404, like a draft, until an operator shows it again. Alone in its file, like 0017 (the same documented procedure
-- for loosening a CHECK: the table's SQL is edited in place; the runner bumps the schema version after it).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (status IN (''draft'', ''active'', ''expired'', ''removed''))',
  'CHECK (status IN (''draft'', ''active'', ''expired'', ''removed'', ''hidden''))') WHERE type = 'table' AND name = 'posts';
PRAGMA writable_schema = OFF;
