-- PostgreSQL's 0036 LIST-partitions its search rows by listing type (issue 41, decision 0029). SQLite's search index
-- (FTS5 and the in-memory facet store, one file, one machine) has nothing to partition: this migration keeps the two
-- dialects' lists the same, and changes nothing.
SELECT 1;
