-- Who signs in from an address (probe finding 3): the reply-time badge links two accounts by a sign-in client only
-- when few accounts use it (a home, not a carrier's shared address), so it counts the accounts behind each client.
CREATE INDEX auth_attempts_client ON auth_attempts(client, at) WHERE user_id IS NOT NULL;
