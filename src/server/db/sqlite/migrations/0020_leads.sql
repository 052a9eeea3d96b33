-- Leads (issue 26, decision 0022): the advertiser's side of every enquiry, job application and offer.

-- Whose lead an enquiry is: the listing's owner when it was sent (a hireme ad's author, else its business's owner).
-- A later owner does not get earlier enquirers' details; those stay with the site's inbox. Set NULL with the account.
ALTER TABLE enquiries ADD COLUMN owner_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL;
-- The owner's inbox state, apart from the sender's status (Pending, spec §2).
ALTER TABLE enquiries ADD COLUMN lead_status TEXT NOT NULL DEFAULT 'new' CHECK (lead_status IN ('new', 'read', 'replied', 'archived'));
-- Enquiries already stored go to the listing's owner now, unless a claim made them its owner after the enquiry.
UPDATE enquiries SET owner_user_id = (
  SELECT CASE WHEN p.type = 'hireme' THEN p.owner_user_id ELSE pr.owner_user_id END
  FROM profiles pr LEFT JOIN posts p ON p.id = enquiries.post_id
  WHERE pr.id = COALESCE(p.profile_id, enquiries.profile_id)
    AND NOT EXISTS (SELECT 1 FROM profile_claims c WHERE c.profile_id = pr.id AND c.status = 'verified' AND c.decided_at > enquiries.created_at)
);
CREATE INDEX enquiries_owner ON enquiries(owner_user_id, created_at) WHERE owner_user_id IS NOT NULL;

-- The thread of a lead: the owner's replies and the sender's answers, oldest first.
CREATE TABLE enquiry_replies (
  id INTEGER PRIMARY KEY,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
  side TEXT NOT NULL CHECK (side IN ('owner', 'sender')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  message TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX enquiry_replies_enquiry ON enquiry_replies(enquiry_id, id);

-- How an advertiser hears of leads and answers: at once, in a digest at 08:00 Malaysian time, or not at all.
-- digest_until: the end of what the last digest covered.
CREATE TABLE advertiser_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  lead_mail TEXT NOT NULL DEFAULT 'instant' CHECK (lead_mail IN ('instant', 'daily', 'off')),
  digest_until TEXT NOT NULL
);
CREATE INDEX advertiser_settings_daily ON advertiser_settings(lead_mail) WHERE lead_mail = 'daily';

-- An owner's report of a review to the site's operators (the reports queue of the operator console).
CREATE TABLE review_reports (
  id INTEGER PRIMARY KEY,
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  reason TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX review_reports_review ON review_reports(review_id);

-- Search impressions by term (insights): how many first pages of searches for a term showed a listing, per Malaysian day.
CREATE TABLE listing_search_terms (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  term TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count > 0),
  PRIMARY KEY (post_id, day, term)
) WITHOUT ROWID;
