-- Ads held for review (issue 28, decision 0024): an ad an automatic check flagged stays a draft with the checks that
-- held it (comma-separated: links, banned_words, duplicate, new_account; 'refused' once an operator refused it), and
-- every image keeps a 64-bit difference hash (hex) to find an ad that copies another's photos.
ALTER TABLE posts ADD COLUMN held_reason TEXT;
ALTER TABLE media ADD COLUMN dhash TEXT;
CREATE INDEX posts_held ON posts(updated_at) WHERE held_reason IS NOT NULL;
