-- Accounts (spec §3 User and user_detail), server-side sessions, one-time codes, the pending second
-- step of a sign-in, social identities and the log of sign-in attempts. The design is decision 0005.

-- A person. email is stored lower-cased; phone_number is calling code and number, digits only
-- (60123456789). A social-only account has no password until it sets one through 'forgot password'.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT UNIQUE,
  phone_number TEXT UNIQUE,
  phone_number_country TEXT,
  password_hash TEXT,
  image_id INTEGER REFERENCES media(id) ON DELETE SET NULL,
  pending_delete INTEGER NOT NULL DEFAULT 0 CHECK (pending_delete IN (0, 1)),
  pending_delete_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK (email IS NOT NULL OR phone_number IS NOT NULL),
  CHECK (phone_number IS NULL OR phone_number_country IS NOT NULL)
);

-- Roles of a user (spec §3 roles[].name): 'advertiser' now, others later.
CREATE TABLE user_roles (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (user_id, role)
) WITHOUT ROWID;

-- The user_detail of spec §3: personal details and the resume fields of job applications.
CREATE TABLE user_details (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  gender TEXT CHECK (gender IN ('m', 'f')),
  dob TEXT,
  address_line1 TEXT,
  address_line2 TEXT,
  postcode TEXT,
  city TEXT,
  state_id INTEGER REFERENCES states(id),
  country_id INTEGER REFERENCES countries(id),
  -- JSON list of languages.
  language TEXT NOT NULL DEFAULT '[]',
  education TEXT,
  experience INTEGER CHECK (experience IS NULL OR experience BETWEEN 0 AND 60),
  additional_skill TEXT,
  cv_document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
  salary REAL CHECK (salary IS NULL OR salary >= 0),
  salary_type TEXT NOT NULL DEFAULT 'month' CHECK (salary_type IN ('month', 'year'))
);

-- A signed-in browser. id is the SHA-256 of the cookie's random token, so a copy of the database
-- cannot be replayed as cookies. The XSRF token belongs to the session and is replaced with it.
-- Idle expiry: last_seen_at + 14 days; absolute expiry: expires_at.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_token TEXT NOT NULL,
  client TEXT NOT NULL,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_last_seen ON sessions(last_seen_at);

-- The step between a correct password and the two-factor code: id is the SHA-256 of temp_token.
CREATE TABLE login_challenges (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX login_challenges_user ON login_challenges(user_id);

-- Six-digit codes sent by mail or SMS, stored as a hash bound to their purpose and address (and, for
-- sign-in, to the challenge). Single use, short-lived, dead after too many wrong tries.
CREATE TABLE verification_codes (
  id INTEGER PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('register', 'reset', 'login', 'verify')),
  address TEXT NOT NULL,
  challenge_id TEXT REFERENCES login_challenges(id) ON DELETE CASCADE,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX verification_codes_address ON verification_codes(purpose, address, created_at);
CREATE INDEX verification_codes_challenge ON verification_codes(challenge_id) WHERE challenge_id IS NOT NULL;
CREATE INDEX verification_codes_user ON verification_codes(user_id) WHERE user_id IS NOT NULL;

-- A person at a social provider: identified by (provider, subject), never by e-mail alone.
CREATE TABLE oauth_identities (
  provider TEXT NOT NULL CHECK (provider IN ('google', 'facebook')),
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
) WITHOUT ROWID;
CREATE INDEX oauth_identities_user ON oauth_identities(user_id);

-- Every sign-in attempt, success or failure (ASVS 16.3.1): who was tried, when, from where, and the
-- outcome; never a password or a code. Kept 90 days.
CREATE TABLE auth_attempts (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  action TEXT NOT NULL,
  identifier TEXT,
  user_id INTEGER,
  client TEXT NOT NULL,
  outcome TEXT NOT NULL
);
CREATE INDEX auth_attempts_at ON auth_attempts(at);
CREATE INDEX auth_attempts_user ON auth_attempts(user_id, at) WHERE user_id IS NOT NULL;
