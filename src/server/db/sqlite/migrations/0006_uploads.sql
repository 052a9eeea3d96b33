-- Files people upload (account photo, CV, enquiry and review images, documents) before the form that
-- uses them is sent. Each upload is one media or documents row plus this record of who sent it; the
-- feature that uses it sets attached_at. Uploads never attached within a day are removed, files too.
CREATE TABLE uploads (
  id INTEGER PRIMARY KEY,
  -- Who sent it: an account once sign-in exists, else the client key.
  owner TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'document')),
  media_id INTEGER REFERENCES media(id) ON DELETE CASCADE,
  document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  attached_at TEXT,
  CHECK ((kind = 'image') = (media_id IS NOT NULL) AND (kind = 'document') = (document_id IS NOT NULL))
);
CREATE INDEX uploads_unattached ON uploads(created_at) WHERE attached_at IS NULL;
CREATE INDEX uploads_owner ON uploads(owner, created_at);
