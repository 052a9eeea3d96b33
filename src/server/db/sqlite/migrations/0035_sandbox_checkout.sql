-- The local sandbox checkout (issue 40, decision 0028) takes payments as a provider of its own. Alone in its file, like
-- 0017 and 0024 (SQLite's documented procedure for loosening a CHECK: the table's SQL is edited in place).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql, 'CHECK (provider IN (''bank_transfer'', ''billplz''))',
  'CHECK (provider IN (''bank_transfer'', ''billplz'', ''sandbox''))') WHERE type = 'table' AND name = 'payments';
PRAGMA writable_schema = OFF;
