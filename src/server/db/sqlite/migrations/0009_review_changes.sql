-- A review written, edited or hidden changes what listing pages show (the review list, rating and
-- count): the catalogue version moves, so cached pages and search responses are not served stale.
CREATE TRIGGER reviews_added AFTER INSERT ON reviews
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER reviews_changed AFTER UPDATE ON reviews
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER reviews_removed AFTER DELETE ON reviews
  BEGIN UPDATE catalog_version SET version = version + 1 WHERE id = 1; END;
