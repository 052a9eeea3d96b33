-- One number, one account (issue 60): a mobile number proved by a code (a phone badge confirmed, a claim by SMS
-- verified, an account's phone set with its code) belongs to the first account that proved it. The key makes the rule
-- hold when two accounts confirm one number at once: the second insert finds the first's row. One account may prove
-- its number for several of its businesses.
CREATE TABLE proved_numbers (
  -- Calling code and number, digits only (as users.phone_number and the verifications store it).
  number TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- How it was first proved; an account's own phone is released when the account changes it.
  way TEXT NOT NULL CHECK (way IN ('badge', 'claim', 'account')),
  proved_at TEXT NOT NULL
);
CREATE INDEX proved_numbers_user ON proved_numbers(user_id);

-- The numbers proved so far, each to its earliest prover (the same time: the older account).
INSERT INTO proved_numbers (number, user_id, way, proved_at)
SELECT number, user_id, way, proved_at FROM (
  SELECT number, user_id, way, proved_at, row_number() OVER (PARTITION BY number ORDER BY proved_at, user_id) AS n FROM (
    SELECT value AS number, user_id, 'badge' AS way, coalesce(decided_at, created_at) AS proved_at FROM profile_verifications
      WHERE kind = 'phone' AND status = 'approved' AND user_id IS NOT NULL
    UNION ALL
    SELECT target, user_id, 'claim', coalesce(decided_at, created_at) FROM profile_claims WHERE method = 'sms' AND status = 'verified'
    UNION ALL
    SELECT phone_number, id, 'account', created_at FROM users WHERE phone_number IS NOT NULL
  ) AS proofs
) AS ranked WHERE n = 1;

-- A number two accounts proved stays the earliest's: the others' phone badges on it end, with the reason.
UPDATE profile_verifications SET status = 'revoked', reason = 'Another account proved this number first.', decided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE kind = 'phone' AND status = 'approved' AND user_id IS NOT NULL
  AND user_id <> (SELECT p.user_id FROM proved_numbers AS p WHERE p.number = profile_verifications.value);

-- npm run migrate prints how many.
INSERT INTO migration_notices (version, notice)
  SELECT '0047_proved_numbers.sql', count(*) || ' phone badges revoked: another account proved the number first.' FROM profile_verifications
  WHERE kind = 'phone' AND reason = 'Another account proved this number first.';
