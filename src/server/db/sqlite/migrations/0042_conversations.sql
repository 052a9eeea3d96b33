-- Conversations (issue 44, decision 0032): one per person, listing and the listing's owner when it starts, grown from
-- the enquiry threads. Every enquiry becomes the first message of its conversation (kind 'enquiry'; its fields stay in
-- enquiries), the replies become messages, and the lead status becomes the owner's read and archive state. A later
-- enquiry about the same listing joins the conversation; a new owner (a claim) starts a new one, so they never read
-- what was sent to the listing before them.
CREATE TABLE conversations (
  id INTEGER PRIMARY KEY,
  post_id INTEGER REFERENCES posts(id) ON DELETE SET NULL,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
  listing_title TEXT NOT NULL,
  person_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  owner_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  last_message_at TEXT NOT NULL,
  -- Each side has read every message up to this id; archived or muted (no mail) since these times, when set.
  person_read_up_to INTEGER NOT NULL DEFAULT 0,
  owner_read_up_to INTEGER NOT NULL DEFAULT 0,
  -- Each side was told by mail of the messages up to this id (the notice of what stays unread for 15 minutes).
  person_mailed_up_to INTEGER NOT NULL DEFAULT 0,
  owner_mailed_up_to INTEGER NOT NULL DEFAULT 0,
  person_archived_at TEXT,
  owner_archived_at TEXT,
  person_muted_at TEXT,
  owner_muted_at TEXT,
  -- Set when the listing changed hands: the person's next message starts a conversation with the new owner.
  superseded_at TEXT,
  -- The enquiry a migrated conversation was grown from (only while this migration runs).
  origin_enquiry_id INTEGER
);
CREATE INDEX conversations_person ON conversations(person_user_id, last_message_at) WHERE person_user_id IS NOT NULL;
CREATE INDEX conversations_owner ON conversations(owner_user_id, last_message_at) WHERE owner_user_id IS NOT NULL;
CREATE INDEX conversations_recent ON conversations(last_message_at);

CREATE TABLE conversation_messages (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('person', 'owner')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  kind TEXT NOT NULL CHECK (kind IN ('enquiry', 'text', 'offer')),
  -- What was written (an enquiry's fields stay in enquiries: its text here is empty).
  text TEXT NOT NULL,
  enquiry_id INTEGER REFERENCES enquiries(id) ON DELETE CASCADE,
  -- The sender's own id for the message: a retried send answers the message it already made.
  client_id TEXT,
  -- The scam rules the text broke, comma-separated (src/shared/scam-rules.ts); NULL for none.
  rules TEXT,
  -- Set when its writer's account was deleted: the text is gone ("Former member: message deleted").
  erased_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((kind = 'enquiry') = (enquiry_id IS NOT NULL))
);
CREATE INDEX conversation_messages_conversation ON conversation_messages(conversation_id, id);
CREATE UNIQUE INDEX conversation_messages_client ON conversation_messages(conversation_id, user_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX conversation_messages_sender ON conversation_messages(user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX conversation_messages_enquiry ON conversation_messages(enquiry_id) WHERE enquiry_id IS NOT NULL;

-- What each side's open streams hear (issue 44: live delivery), one row per reader, written in the transaction of the
-- change it tells of: a new message, a read mark. Streams replay from Last-Event-ID; the rows go after a week.
CREATE TABLE conversation_events (
  seq INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('message', 'read', 'offer')),
  -- Who wrote the message, or who read.
  side TEXT NOT NULL CHECK (side IN ('person', 'owner')),
  message_id INTEGER REFERENCES conversation_messages(id) ON DELETE CASCADE,
  up_to INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX conversation_events_user ON conversation_events(user_id, seq);
CREATE INDEX conversation_events_time ON conversation_events(created_at);

-- Offers on buy & sell posts (issue 44): the person offers, the owner accepts or declines; one is open at a time (a
-- new one withdraws the one before). Each is a message of kind 'offer' in the conversation.
CREATE TABLE conversation_offers (
  id INTEGER PRIMARY KEY,
  conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  message_id INTEGER NOT NULL REFERENCES conversation_messages(id) ON DELETE CASCADE,
  qty INTEGER NOT NULL CHECK (qty > 0),
  -- In sen, as listings' prices are.
  offered_price_sen INTEGER NOT NULL CHECK (offered_price_sen >= 0),
  deal_method TEXT NOT NULL,
  remark TEXT,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined', 'withdrawn')),
  created_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX conversation_offers_conversation ON conversation_offers(conversation_id, status);
CREATE UNIQUE INDEX conversation_offers_message ON conversation_offers(message_id);

-- Whom a person takes no messages from.
CREATE TABLE conversation_blocks (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, blocked_user_id)
) WITHOUT ROWID;

-- Every 'Show' of a masked phone number or e-mail: evidence, and the hourly limit.
CREATE TABLE conversation_reveals (
  id INTEGER PRIMARY KEY,
  message_id INTEGER NOT NULL REFERENCES conversation_messages(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX conversation_reveals_user ON conversation_reveals(user_id, created_at);

-- Which conversation an enquiry opened or joined.
ALTER TABLE enquiries ADD COLUMN conversation_id INTEGER REFERENCES conversations(id) ON DELETE SET NULL;

-- Enquiries of one sender about one listing while one owner held it are one conversation, led by the first of them.
CREATE TEMP TABLE enquiry_conversation AS
  SELECT id, CASE WHEN user_id IS NULL OR (post_id IS NULL AND profile_id IS NULL) THEN id
    ELSE MIN(id) OVER (PARTITION BY user_id, post_id, profile_id, owner_user_id) END AS leader
  FROM enquiries;
INSERT INTO conversations (post_id, profile_id, listing_title, person_user_id, owner_user_id, created_at, last_message_at, origin_enquiry_id)
  SELECT post_id, profile_id, listing_title, user_id, owner_user_id, created_at, created_at, id
  FROM enquiries WHERE id IN (SELECT leader FROM enquiry_conversation) ORDER BY id;
UPDATE enquiries SET conversation_id = (
  SELECT c.id FROM conversations c JOIN enquiry_conversation g ON g.leader = c.origin_enquiry_id WHERE g.id = enquiries.id
);
-- The enquiries and the replies, in the order they were written.
INSERT INTO conversation_messages (conversation_id, side, user_id, kind, text, enquiry_id, created_at)
  SELECT conversation_id, side, user_id, kind, text, enquiry_id, created_at FROM (
    SELECT e.conversation_id, 'person' AS side, e.user_id, 'enquiry' AS kind, '' AS text, e.id AS enquiry_id, e.created_at, e.id AS at, 0 AS reply
    FROM enquiries e
    UNION ALL
    SELECT e.conversation_id, CASE r.side WHEN 'sender' THEN 'person' ELSE 'owner' END, r.user_id, 'text', r.message, NULL, r.created_at, r.id, 1
    FROM enquiry_replies r JOIN enquiries e ON e.id = r.enquiry_id
  ) ORDER BY created_at, reply, at;
UPDATE conversations SET last_message_at = (SELECT MAX(m.created_at) FROM conversation_messages m WHERE m.conversation_id = conversations.id);
-- The owner's state: a lead still new leaves what the sender wrote since the owner's last reply unread; archived when
-- every lead of the conversation was. The sender had nothing unread.
UPDATE conversations SET
  owner_read_up_to = CASE
    WHEN EXISTS (SELECT 1 FROM enquiries e WHERE e.conversation_id = conversations.id AND e.lead_status = 'new')
      THEN COALESCE((SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id AND m.side = 'owner'), 0)
    ELSE (SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id) END,
  owner_archived_at = CASE
    WHEN NOT EXISTS (SELECT 1 FROM enquiries e WHERE e.conversation_id = conversations.id AND e.lead_status <> 'archived') THEN last_message_at END,
  person_read_up_to = (SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id),
  person_mailed_up_to = (SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id),
  owner_mailed_up_to = (SELECT MAX(m.id) FROM conversation_messages m WHERE m.conversation_id = conversations.id);
DROP TABLE enquiry_conversation;
ALTER TABLE conversations DROP COLUMN origin_enquiry_id;
DROP TABLE enquiry_replies;
ALTER TABLE enquiries DROP COLUMN lead_status;
CREATE INDEX enquiries_conversation ON enquiries(conversation_id);
-- One open conversation per person and listing, the latest: those with earlier owners are superseded.
UPDATE conversations SET superseded_at = last_message_at WHERE person_user_id IS NOT NULL AND EXISTS (
  SELECT 1 FROM conversations later WHERE later.person_user_id = conversations.person_user_id
    AND later.post_id IS conversations.post_id AND later.profile_id IS conversations.profile_id
    AND (later.created_at > conversations.created_at OR (later.created_at = conversations.created_at AND later.id > conversations.id))
);
CREATE UNIQUE INDEX conversations_person_post ON conversations(person_user_id, post_id)
  WHERE person_user_id IS NOT NULL AND post_id IS NOT NULL AND superseded_at IS NULL;
CREATE UNIQUE INDEX conversations_person_profile ON conversations(person_user_id, profile_id)
  WHERE person_user_id IS NOT NULL AND profile_id IS NOT NULL AND superseded_at IS NULL;
