-- An appeal from the signed-out form joins its account once its sender opens the link mailed to the account's address
-- (issue 38, security probe item 6: anyone could file one in anybody's name). Until then the console shows it as
-- unverified. Appeals filed before this are unverified too: nothing proved who sent them.
ALTER TABLE appeals ADD COLUMN confirmed_at timestamptz;
