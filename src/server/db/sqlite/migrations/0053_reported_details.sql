-- Payment details reported across conversations (issue 64): the bank accounts, phone numbers and links the reported
-- side of a scam report wrote, normalised, and who reported each in which conversation. A detail is marked once 3
-- established people unlinked to the reported account reported it, or an operator confirmed it; cleared by an
-- operator. Reports go after 12 months (and with their conversation); a detail with none left goes unless confirmed,
-- a confirmed one 24 months after its confirmation (the `reported_details_retention` job).
CREATE TABLE reported_details (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('account', 'phone', 'link')),
  value TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'counted' CHECK (status IN ('counted', 'marked', 'confirmed', 'cleared')),
  created_at TEXT NOT NULL,
  decided_at TEXT,
  decided_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
  decided_reason TEXT,
  UNIQUE (kind, value)
);
CREATE TABLE reported_detail_reports (
  detail_id INTEGER NOT NULL REFERENCES reported_details(id) ON DELETE CASCADE,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  reporter_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reported_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  -- 1 when the reporter was established and unlinked to the reported account when reporting: only they mark.
  counted INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (detail_id, reporter_user_id, conversation_id)
);
CREATE INDEX reported_detail_reports_created ON reported_detail_reports(created_at);
