-- The language a business's own words are written in (issue 42), as for posts (0039): the owner's choice, else Chinese
-- when its name or about has Han characters, else the owner's own language. Pages name it (`lang`); nothing translates it.
ALTER TABLE profiles ADD COLUMN content_lang TEXT NOT NULL DEFAULT 'en' CHECK (content_lang IN ('en', 'ms', 'zh'));
UPDATE profiles SET content_lang = 'zh' WHERE name GLOB '*[一-鿿]*' OR about GLOB '*[一-鿿]*';
