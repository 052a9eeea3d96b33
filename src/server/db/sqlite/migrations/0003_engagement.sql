-- What visitors send in: contact messages and reports about listings.

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT,
  phone_number TEXT NOT NULL,
  message TEXT NOT NULL,
  client_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);

-- type is a listing type or 'profile'; listing_id points into posts or profiles accordingly.
CREATE TABLE reports (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('services', 'jobs', 'hireme', 'buysell', 'profile')),
  listing_id INTEGER NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('MISLEADING', 'UNAUTHORISED', 'FAKE_ADS', 'SCAM', 'FAKE_COMPANY_PROFILE', 'COPYRIGHT', 'OTHER')),
  description TEXT NOT NULL,
  client_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX reports_listing ON reports(type, listing_id);
