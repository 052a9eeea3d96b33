-- The advertiser site (issue 25, decision 0021): what posts cost, claims, subscriptions (a trial for now),
-- keywords, and the history of every profile change.

-- What a post cost (spec §9): tokens of its business's plan, or ringgit (in sen) as a PAY-PER-POST ad.
ALTER TABLE posts ADD COLUMN tokens_spent INTEGER NOT NULL DEFAULT 0 CHECK (tokens_spent >= 0);
ALTER TABLE posts ADD COLUMN amount_sen INTEGER NOT NULL DEFAULT 0 CHECK (amount_sen >= 0);
CREATE INDEX posts_owner_status ON posts(owner_user_id, status) WHERE owner_user_id IS NOT NULL;

-- A job's salary is per month or per year (the public page and JobPosting's baseSalary say which).
ALTER TABLE job_details ADD COLUMN salary_type TEXT CHECK (salary_type IN ('month', 'year'));

CREATE TABLE post_keywords (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  keyword TEXT NOT NULL,
  PRIMARY KEY (post_id, position)
);

CREATE TABLE profile_keywords (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  keyword TEXT NOT NULL,
  PRIMARY KEY (profile_id, position)
);

-- A claim of a profile: a code sent to an address the profile lists (sms, email), or a document an operator decides.
CREATE TABLE profile_claims (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (method IN ('sms', 'email', 'document')),
  -- Where the code went (a number's digits or an address), never shown whole; NULL for a document.
  target TEXT,
  document_id INTEGER REFERENCES documents(id),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
  created_at TEXT NOT NULL,
  decided_at TEXT,
  CHECK ((method = 'document') = (document_id IS NOT NULL)),
  CHECK ((method = 'document') = (target IS NULL))
);
CREATE INDEX profile_claims_profile ON profile_claims(profile_id, status);
CREATE INDEX profile_claims_user ON profile_claims(user_id, created_at);

-- A business's plan for a period: the free 30-day trial now; paid periods come with billing.
CREATE TABLE subscriptions (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  plan TEXT NOT NULL CHECK (plan IN ('BRONZE', 'SILVER', 'GOLD')),
  kind TEXT NOT NULL CHECK (kind IN ('trial', 'paid')),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL,
  tokens INTEGER NOT NULL CHECK (tokens >= 0),
  tokens_used INTEGER NOT NULL DEFAULT 0 CHECK (tokens_used >= 0 AND tokens_used <= tokens),
  created_at TEXT NOT NULL,
  CHECK (ends_at > starts_at)
);
-- One trial per business, ever.
CREATE UNIQUE INDEX subscriptions_one_trial ON subscriptions(profile_id) WHERE kind = 'trial';
CREATE INDEX subscriptions_profile ON subscriptions(profile_id, ends_at);

-- Every change of a profile, field by field. 'live' went live at once; 'held' fields (name, categories, address,
-- numbers, website…) are live too until the operator console exists, and wait there for review.
CREATE TABLE profile_changes (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  field TEXT NOT NULL,
  old_value TEXT,
  new_value TEXT,
  review TEXT NOT NULL CHECK (review IN ('none', 'pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL
);
CREATE INDEX profile_changes_profile ON profile_changes(profile_id, id);
CREATE INDEX profile_changes_review ON profile_changes(review, id) WHERE review = 'pending';
