-- Enquiries of the four kinds (spec §3 Enquiry records): an enquiry or booking about a services post or a
-- profile, a job application, a job offer to a hireme post, an offer on a buysell post. One row each; the
-- fields only one kind has are in `details` (JSON). The listing's title is copied in, so the record still
-- reads the same if the listing goes. Kept for the listing's owner when the sender deletes their account
-- (user_id is set NULL, decision 0006).
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('services', 'jobs', 'hireme', 'buysell')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  post_id INTEGER REFERENCES posts(id) ON DELETE SET NULL,
  profile_id INTEGER REFERENCES profiles(id) ON DELETE SET NULL,
  listing_title TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending')),
  name TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  email TEXT,
  contact_method TEXT NOT NULL CHECK (contact_method IN ('email', 'call', 'sms', 'whatsapp')),
  details TEXT NOT NULL CHECK (json_valid(details)),
  -- The CV (job application) or document (job offer) sent with it: a copy of its own, private.
  document_id INTEGER REFERENCES documents(id),
  -- Where the listing's owner was told (the listing's contact e-mail, or the site's enquiries inbox).
  notified TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX enquiries_user ON enquiries(user_id, kind, created_at);
CREATE INDEX enquiries_post ON enquiries(post_id, created_at) WHERE post_id IS NOT NULL;
CREATE INDEX enquiries_profile ON enquiries(profile_id, created_at) WHERE profile_id IS NOT NULL;

CREATE TABLE enquiry_media (
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (enquiry_id, position)
);
