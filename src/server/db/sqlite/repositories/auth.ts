/** SQL of sessions, sign-in challenges, one-time codes and the sign-in log (migration 0007). */
import type { AuthAttempt, ChallengeRow, CodePurpose, CodeRow, NewCode, SessionRow } from '../../rows.ts';
import type { Db } from '../connection.ts';
import { all, NOW_SQL, one, statement } from '../query.ts';

export function createSession(db: Db, session: SessionRow & { client: string }, replacing?: string): void {
  if (replacing) statement(db, 'DELETE FROM sessions WHERE id = ?').run(replacing);
  statement(db, `INSERT INTO sessions (id, user_id, csrf_token, client, created_at, last_seen_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(session.id, session.user_id, session.csrf_token, session.client, session.created_at,
    session.last_seen_at, session.expires_at);
}

export function findSession(db: Db, id: string): SessionRow | undefined {
  return one<SessionRow>(db, 'SELECT id, user_id, csrf_token, created_at, last_seen_at, expires_at FROM sessions WHERE id = ?', id);
}

export function touchSession(db: Db, id: string, lastSeenAt: string): void {
  statement(db, 'UPDATE sessions SET last_seen_at = ? WHERE id = ?').run(lastSeenAt, id);
}

export function deleteSession(db: Db, id: string): void {
  statement(db, 'DELETE FROM sessions WHERE id = ?').run(id);
}

export function deleteUserSessions(db: Db, userId: number, exceptId: string | null = null): void {
  statement(db, 'DELETE FROM sessions WHERE user_id = ? AND id IS NOT ?').run(userId, exceptId);
}

export function insertChallenge(db: Db, challenge: ChallengeRow): void {
  statement(db, `INSERT INTO login_challenges (id, user_id, channel, created_at, expires_at) VALUES (?, ?, ?, ${NOW_SQL}, ?)`)
    .run(challenge.id, challenge.user_id, challenge.channel, challenge.expires_at);
}

export function findChallenge(db: Db, id: string): ChallengeRow | undefined {
  return one<ChallengeRow>(db, 'SELECT id, user_id, channel, expires_at FROM login_challenges WHERE id = ?', id);
}

export function deleteChallenge(db: Db, id: string): void {
  statement(db, 'DELETE FROM login_challenges WHERE id = ?').run(id);
}

export function insertCode(db: Db, code: NewCode): void {
  // A new code replaces the ones sent before it: only the newest works.
  statement(db, `UPDATE verification_codes SET used_at = ?
    WHERE used_at IS NULL AND purpose = ? AND address = ? AND challenge_id IS ?`).run(code.createdAt, code.purpose, code.address, code.challengeId);
  statement(db, `INSERT INTO verification_codes (purpose, address, challenge_id, user_id, code_hash, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(code.purpose, code.address, code.challengeId, code.userId, code.codeHash, code.createdAt, code.expiresAt);
}

export function findLatestCode(db: Db, purpose: CodePurpose, address: string, challengeId: string | null = null): CodeRow | undefined {
  return one<CodeRow>(db, `SELECT id, code_hash, failed_attempts, expires_at, used_at FROM verification_codes
    WHERE purpose = ? AND address = ? AND challenge_id IS ? ORDER BY created_at DESC, id DESC LIMIT 1`, purpose, address, challengeId);
}

export function findCodeSendTimes(db: Db, purpose: CodePurpose, address: string, since: string): string[] {
  return all<{ created_at: string }>(db, `SELECT created_at FROM verification_codes WHERE purpose = ? AND address = ? AND created_at >= ?
    ORDER BY created_at DESC`, purpose, address, since).map((row) => row.created_at);
}

export function recordWrongCode(db: Db, id: number): number {
  return Number(statement(db, 'UPDATE verification_codes SET failed_attempts = failed_attempts + 1 WHERE id = ? RETURNING failed_attempts')
    .get(id)?.failed_attempts ?? 0);
}

export function useCode(db: Db, id: number): boolean {
  return statement(db, `UPDATE verification_codes SET used_at = ${NOW_SQL} WHERE id = ? AND used_at IS NULL`).run(id).changes === 1;
}

export function logAttempt(db: Db, attempt: AuthAttempt): void {
  statement(db, `INSERT INTO auth_attempts (at, action, identifier, user_id, client, outcome) VALUES (${NOW_SQL}, ?, ?, ?, ?, ?)`)
    .run(attempt.action, attempt.identifier, attempt.userId, attempt.client, attempt.outcome);
}

export function removeExpired(db: Db, now: string, idleSince: string, attemptsBefore: string): void {
  statement(db, 'DELETE FROM sessions WHERE expires_at < ? OR last_seen_at < ?').run(now, idleSince);
  statement(db, 'DELETE FROM login_challenges WHERE expires_at < ?').run(now);
  // Codes stay a while after they expire: the send limits look back over them.
  statement(db, 'DELETE FROM verification_codes WHERE created_at < ?').run(idleSince);
  statement(db, 'DELETE FROM auth_attempts WHERE at < ?').run(attemptsBefore);
}
