-- Malay and Chinese beside English (issue 42).

-- What a migration tells the person running it (npm run migrate prints the lines of the files it applied).
CREATE TABLE migration_notices (
  version text NOT NULL,
  notice text NOT NULL
);

-- /ms/, /zh/ (and /ta/, kept for Tamil) are language prefixes now: a profile at one of them moves to '{slug}-listing'
-- (or '{slug}-listing-{id}' when that is taken), the only URL allowed to move.
CREATE TEMP TABLE moved_profiles ON COMMIT DROP AS
  SELECT id, slug AS old_slug,
    CASE WHEN EXISTS (SELECT 1 FROM profiles other WHERE other.slug = profiles.slug || '-listing') THEN slug || '-listing-' || id ELSE slug || '-listing' END AS new_slug
  FROM profiles WHERE slug IN ('ms', 'zh', 'ta');
UPDATE profiles SET slug = moved.new_slug FROM moved_profiles moved WHERE moved.id = profiles.id;
INSERT INTO migration_notices (version, notice)
  SELECT '0037_languages.sql', 'Profile ' || id || ' moved from /' || old_slug || ' to /' || new_slug || ' (/' || old_slug || '/ is a language prefix now).' FROM moved_profiles;

-- The language a person reads the site, mail and SMS in; set at sign-up from the page's language.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ms', 'zh'));
