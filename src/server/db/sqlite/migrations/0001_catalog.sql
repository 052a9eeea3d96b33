-- Read side of the catalogue: places, categories, profiles, posts and the content around them.
-- Field names follow spec §3. Money is stored in ringgit as REAL; currency codes as text ('RM').

CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  iso2 TEXT NOT NULL UNIQUE,
  calling_code TEXT NOT NULL
);

CREATE TABLE states (
  id INTEGER PRIMARY KEY,
  country_id INTEGER NOT NULL REFERENCES countries(id),
  name TEXT NOT NULL UNIQUE,
  slug TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('state', 'federal_territory'))
);

CREATE TABLE cities (
  id INTEGER PRIMARY KEY,
  state_id INTEGER NOT NULL REFERENCES states(id),
  name TEXT NOT NULL,
  slug TEXT NOT NULL UNIQUE,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL,
  UNIQUE (state_id, name)
);

-- Two levels per listing type: parent_id is NULL for a main category.
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('services', 'jobs', 'hireme', 'buysell')),
  parent_id INTEGER REFERENCES categories(id),
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0,
  education INTEGER NOT NULL DEFAULT 0 CHECK (education IN (0, 1)),
  UNIQUE (type, slug)
);
CREATE INDEX categories_parent ON categories(parent_id, position);

-- Uploaded or generated media. An image has its four variants; a video has a file and a poster image.
CREATE TABLE media (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('image', 'video')),
  mime_type TEXT NOT NULL,
  thumbnail TEXT NOT NULL,
  full TEXT NOT NULL,
  thumbnail_webp TEXT,
  full_webp TEXT,
  file TEXT,
  width INTEGER,
  height INTEGER
);

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  original_filename TEXT NOT NULL,
  mime_type TEXT NOT NULL DEFAULT 'application/pdf'
);

CREATE TABLE profiles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL DEFAULT 'business' CHECK (kind IN ('business', 'individual')),
  name TEXT NOT NULL,
  store_name TEXT,
  company_no TEXT,
  about TEXT,
  plan TEXT NOT NULL DEFAULT 'FREE' CHECK (plan IN ('FREE', 'BRONZE', 'SILVER', 'GOLD')),
  claimed INTEGER NOT NULL DEFAULT 0 CHECK (claimed IN (0, 1)),
  logo_id INTEGER REFERENCES media(id),
  image_id INTEGER REFERENCES media(id),
  established_year INTEGER,
  url TEXT,
  facebook TEXT,
  twitter TEXT,
  instagram TEXT,
  linkedin TEXT,
  wechat TEXT,
  youtube TEXT,
  whatsapp TEXT,
  view_count INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,
  rating_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE profile_categories (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (profile_id, category_id)
);
CREATE INDEX profile_categories_category ON profile_categories(category_id);

CREATE TABLE profile_badges (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  value TEXT NOT NULL,
  PRIMARY KEY (profile_id, value)
);

CREATE TABLE profile_media (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL,
  caption TEXT,
  PRIMARY KEY (profile_id, position)
);

CREATE TABLE profile_documents (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (profile_id, position)
);

-- day: 0 = Sunday … 6 = Saturday; times are Malaysia local time, 'HH:MM'.
CREATE TABLE business_hours (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  day INTEGER NOT NULL CHECK (day BETWEEN 0 AND 6),
  opens TEXT NOT NULL,
  closes TEXT NOT NULL,
  PRIMARY KEY (profile_id, day, opens)
);

CREATE TABLE locations (
  id INTEGER PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL,
  address_line1 TEXT NOT NULL,
  address_line2 TEXT,
  city_id INTEGER NOT NULL REFERENCES cities(id),
  postcode TEXT NOT NULL,
  state_id INTEGER NOT NULL REFERENCES states(id),
  phone_number TEXT,
  company_phone_number TEXT,
  fax_number TEXT,
  email TEXT,
  latitude REAL NOT NULL,
  longitude REAL NOT NULL
);
CREATE INDEX locations_profile ON locations(profile_id, position);
CREATE INDEX locations_city ON locations(city_id);

-- One row per listing; the type-specific fields live in the *_details tables below.
-- price_min/price_max hold the salary (jobs), expected salary (hireme) or price (services, buysell).
CREATE TABLE posts (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('services', 'jobs', 'hireme', 'buysell')),
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL,
  plan TEXT NOT NULL DEFAULT 'FREE' CHECK (plan IN ('FREE', 'BRONZE', 'SILVER', 'GOLD')),
  price_min REAL,
  price_max REAL,
  price_currency TEXT NOT NULL DEFAULT 'RM',
  op REAL,
  hyperlink TEXT,
  view_count INTEGER NOT NULL DEFAULT 0,
  rating REAL NOT NULL DEFAULT 0,
  rating_count INTEGER NOT NULL DEFAULT 0,
  published_at TEXT NOT NULL,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX posts_profile ON posts(profile_id);
CREATE INDEX posts_type_published ON posts(type, published_at);
-- Sitemaps page through a type's posts in id order.
CREATE INDEX posts_type_id ON posts(type, id);

CREATE TABLE post_categories (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  category_id INTEGER NOT NULL REFERENCES categories(id),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, category_id)
);
CREATE INDEX post_categories_category ON post_categories(category_id, post_id);

-- The profile locations where a post is offered.
CREATE TABLE post_locations (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  location_id INTEGER NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, location_id)
);
CREATE INDEX post_locations_location ON post_locations(location_id);

CREATE TABLE post_media (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL,
  caption TEXT,
  PRIMARY KEY (post_id, position)
);

CREATE TABLE post_documents (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (post_id, position)
);

-- Multi-valued attributes, one row per value, so they can be filtered and counted with an index.
-- name: job_type, job_qualification, hireme_language, hireme_type, buysell_method.
CREATE TABLE post_attributes (
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (post_id, name, value)
) WITHOUT ROWID;
CREATE INDEX post_attributes_value ON post_attributes(name, value, post_id);

CREATE TABLE job_details (
  post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  level TEXT NOT NULL CHECK (level IN ('assistant', 'non_executive', 'junior_executive', 'senior_executive', 'manager', 'senior_manager')),
  experience_years INTEGER NOT NULL DEFAULT 0,
  requirements TEXT NOT NULL,
  responsibilities TEXT NOT NULL,
  benefits TEXT NOT NULL,
  company_confidential INTEGER NOT NULL DEFAULT 0 CHECK (company_confidential IN (0, 1)),
  resume_required INTEGER NOT NULL DEFAULT 0 CHECK (resume_required IN (0, 1))
);

CREATE TABLE hireme_details (
  post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  expertise TEXT NOT NULL CHECK (expertise IN ('beginner', 'intermediate', 'expert')),
  rate TEXT NOT NULL CHECK (rate IN ('hour', 'day', 'month', 'project')),
  vaccination TEXT NOT NULL,
  skill TEXT NOT NULL,
  experience TEXT NOT NULL,
  education TEXT NOT NULL,
  company_confidential INTEGER NOT NULL DEFAULT 0 CHECK (company_confidential IN (0, 1))
);

CREATE TABLE service_details (
  post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  description TEXT NOT NULL
);

CREATE TABLE buysell_details (
  post_id INTEGER PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  deal_type TEXT NOT NULL CHECK (deal_type IN ('buy', 'sell')),
  condition TEXT NOT NULL CHECK (condition IN ('new', 'used')),
  brand TEXT,
  qty INTEGER,
  description TEXT NOT NULL
);

-- Reviews of a post or a profile. Reviewer fields are copied in until accounts exist.
CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  reviewable_type TEXT NOT NULL CHECK (reviewable_type IN ('post', 'profile')),
  reviewable_id INTEGER NOT NULL,
  reviewer_name TEXT NOT NULL,
  reviewer_image_id INTEGER REFERENCES media(id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  content TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX reviews_reviewable ON reviews(reviewable_type, reviewable_id, created_at DESC);

CREATE TABLE review_media (
  review_id INTEGER NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  media_id INTEGER NOT NULL REFERENCES media(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (review_id, position)
);

CREATE TABLE cms_pages (
  page TEXT PRIMARY KEY,
  article_title TEXT NOT NULL,
  article_content TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- placement: home, services, jobs, hireme, buysell, education, raya-special; slot: main or sub.
CREATE TABLE banners (
  id INTEGER PRIMARY KEY,
  placement TEXT NOT NULL,
  slot TEXT NOT NULL CHECK (slot IN ('main', 'sub')),
  title TEXT NOT NULL,
  subtitle TEXT,
  media_id INTEGER NOT NULL REFERENCES media(id),
  hyperlink TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX banners_placement ON banners(placement, slot, position);

-- Hand-picked posts for a placement (home, a category home, education, raya-special).
CREATE TABLE featured_posts (
  placement TEXT NOT NULL,
  post_id INTEGER NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (placement, post_id)
);

-- Categories shown as rows on the home page, in order.
CREATE TABLE home_categories (
  category_id INTEGER PRIMARY KEY REFERENCES categories(id),
  position INTEGER NOT NULL
);

-- Site configuration that editors change: popular searches, suggested locations.
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Advertiser packages (spec §9). NULL means 'n/a' or 'not shown'.
CREATE TABLE packages (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  extra TEXT,
  details TEXT NOT NULL,
  details_list TEXT NOT NULL,
  month_price INTEGER,
  year_price INTEGER,
  per_post_price INTEGER,
  save INTEGER,
  tokens INTEGER,
  categories INTEGER NOT NULL,
  keywords INTEGER NOT NULL,
  photos INTEGER NOT NULL,
  pdfs INTEGER NOT NULL,
  videos INTEGER,
  position INTEGER NOT NULL
);
