-- Conversations' images, reports and moderation (issue 44, decision 0032). A message carries at most 5 images, stored
-- privately (only its two sides, and an operator reading a report, get them). A report names its conversation and
-- the messages it is about; one with no reporter was made by the scam rules (a sender flagged in 3 or more
-- conversations in 24 hours). An operator may hide a message: both sides then read "Removed by moderation".
CREATE TABLE conversation_message_media (
  message_id INTEGER NOT NULL REFERENCES conversation_messages(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (message_id, media_id)
);
CREATE INDEX conversation_message_media_media ON conversation_message_media(media_id);

ALTER TABLE conversation_messages ADD COLUMN moderated_at TEXT;

CREATE TABLE conversation_reports (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  -- Who reported; NULL for the automatic report.
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  -- Whose messages the report is about (the other side of the reporter, or the flagged sender).
  reported_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT NOT NULL CHECK (reason IN ('SCAM', 'SPAM', 'ABUSE', 'OTHER')),
  description TEXT NOT NULL,
  -- The reported messages' ids, comma-separated.
  message_ids TEXT NOT NULL,
  created_at TEXT NOT NULL,
  handled_at TEXT
);
CREATE INDEX conversation_reports_open ON conversation_reports(conversation_id) WHERE handled_at IS NULL;
CREATE INDEX conversation_reports_reported ON conversation_reports(reported_user_id, created_at);
CREATE INDEX conversation_messages_flagged ON conversation_messages(user_id, created_at) WHERE rules IS NOT NULL;
