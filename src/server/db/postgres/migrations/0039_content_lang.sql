-- The language a post is written in (issue 42): the poster's choice, else Chinese when its title or summary has Han
-- characters, else the poster's own language. Pages name it on the post's text (`lang`); nothing translates it.
ALTER TABLE posts ADD COLUMN content_lang text NOT NULL DEFAULT 'en' CHECK (content_lang IN ('en', 'ms', 'zh'));
-- The posts already written: Chinese where the title or summary has a Han character.
UPDATE posts SET content_lang = 'zh' WHERE title ~ '[\u4e00-\u9fff]' OR summary ~ '[\u4e00-\u9fff]';
