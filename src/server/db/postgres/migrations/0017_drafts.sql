-- The advertiser site (issue 25, decision 0021), first step: posts can be drafts, and codes can prove a claim.

ALTER TABLE posts DROP CONSTRAINT posts_status_check;
ALTER TABLE posts ADD CONSTRAINT posts_status_check CHECK (status IN ('draft', 'active', 'expired', 'removed'));
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check CHECK (purpose IN ('register', 'reset', 'login', 'verify', 'claim'));
