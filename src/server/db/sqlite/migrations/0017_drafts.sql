-- The advertiser site (issue 25, decision 0021), first step: posts can be drafts, and codes can prove a claim.
-- Alone in its file: the runner bumps the schema version after it, before any other statement reads the tables.

-- A draft is never live, never in search, sitemaps or rows. Widening a CHECK changes no stored row, so
-- it is done by SQLite's documented procedure for loosening constraints (lang_altertable.html, "making other kinds
-- of table schema changes"): the table's SQL is edited in place; the migration runner bumps the schema version.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (status IN (''active'', ''expired'', ''removed''))',
  'CHECK (status IN (''draft'', ''active'', ''expired'', ''removed''))') WHERE type = 'table' AND name = 'posts';
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (purpose IN (''register'', ''reset'', ''login'', ''verify''))',
  'CHECK (purpose IN (''register'', ''reset'', ''login'', ''verify'', ''claim''))') WHERE type = 'table' AND name = 'verification_codes';
PRAGMA writable_schema = OFF;
