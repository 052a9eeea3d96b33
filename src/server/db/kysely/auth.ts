/** Sessions, sign-in challenges, one-time codes and the sign-in log (migration 0007), for every backend. */
import { sql } from 'kysely';
import type { AuthAttempt, ChallengeRow, CodePurpose, CodeRow, NewCode, SessionRow } from '../rows.ts';
import type { QueryDb } from './query.ts';

export async function createSession(db: QueryDb, session: SessionRow & { client: string }, replacing?: string): Promise<void> {
  if (replacing) await db.deleteFrom('sessions').where('id', '=', replacing).execute();
  await db.insertInto('sessions').values({
    id: session.id, user_id: session.user_id, csrf_token: session.csrf_token, client: session.client, created_at: session.created_at,
    last_seen_at: session.last_seen_at, expires_at: session.expires_at, proven_at: session.proven_at ?? session.created_at,
  }).execute();
}

export async function findSession(db: QueryDb, id: string): Promise<SessionRow | undefined> {
  const row = await db.selectFrom('sessions').select(['id', 'user_id', 'csrf_token', 'created_at', 'last_seen_at', 'expires_at', 'proven_at']).where('id', '=', id).executeTakeFirst();
  return row && { ...row, proven_at: row.proven_at ?? row.created_at };
}

/** The session's person proved it is them again (the operator console's re-authentication). */
export async function proveSession(db: QueryDb, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ proven_at: at }).where('id', '=', id).execute();
}

export async function touchSession(db: QueryDb, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
}

export async function deleteSession(db: QueryDb, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user but `exceptId` (all of them when it is null). */
export async function deleteUserSessions(db: QueryDb, userId: number, exceptId: string | null = null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export async function insertChallenge(db: QueryDb, challenge: ChallengeRow, now: string): Promise<void> {
  await db.insertInto('login_challenges').values({ id: challenge.id, user_id: challenge.user_id, channel: challenge.channel, expires_at: challenge.expires_at, created_at: now }).execute();
}

export async function findChallenge(db: QueryDb, id: string): Promise<ChallengeRow | undefined> {
  return await db.selectFrom('login_challenges').select(['id', 'user_id', 'channel', 'expires_at']).where('id', '=', id).executeTakeFirst() as ChallengeRow | undefined;
}

export async function deleteChallenge(db: QueryDb, id: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('id', '=', id).execute();
}

export async function insertCode(db: QueryDb, code: NewCode): Promise<void> {
  // A new code replaces the ones sent before it: only the newest works.
  await db.updateTable('verification_codes').set({ used_at: code.createdAt })
    .where('used_at', 'is', null).where('purpose', '=', code.purpose).where('address', '=', code.address)
    .where('challenge_id', code.challengeId === null ? 'is' : '=', code.challengeId).execute();
  await db.insertInto('verification_codes').values({
    purpose: code.purpose, address: code.address, challenge_id: code.challengeId, user_id: code.userId, code_hash: code.codeHash,
    created_at: code.createdAt, expires_at: code.expiresAt,
  }).execute();
}

export async function findLatestCode(db: QueryDb, purpose: CodePurpose, address: string, challengeId: string | null = null): Promise<CodeRow | undefined> {
  return db.selectFrom('verification_codes').select(['id', 'code_hash', 'failed_attempts', 'expires_at', 'used_at'])
    .where('purpose', '=', purpose).where('address', '=', address).where('challenge_id', challengeId === null ? 'is' : '=', challengeId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findCodeSendTimes(db: QueryDb, purpose: CodePurpose, address: string, since: string): Promise<string[]> {
  const rows = await db.selectFrom('verification_codes').select('created_at')
    .where('purpose', '=', purpose).where('address', '=', address).where('created_at', '>=', since).orderBy('created_at', 'desc').execute();
  return rows.map((row) => row.created_at);
}

export async function recordWrongCode(db: QueryDb, id: number): Promise<number> {
  const row = await db.updateTable('verification_codes').set({ failed_attempts: sql<number>`failed_attempts + 1` })
    .where('id', '=', id).returning('failed_attempts').executeTakeFirst();
  return Number(row?.failed_attempts ?? 0);
}

export async function useCode(db: QueryDb, id: number, now: string): Promise<boolean> {
  const result = await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function logAttempt(db: QueryDb, attempt: AuthAttempt, now: string): Promise<void> {
  await db.insertInto('auth_attempts').values({
    at: now, action: attempt.action, identifier: attempt.identifier, user_id: attempt.userId, client: attempt.client, outcome: attempt.outcome,
  }).execute();
}

export async function removeExpired(db: QueryDb, now: string, idleSince: string, attemptsBefore: string): Promise<void> {
  await db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', idleSince)])).execute();
  await db.deleteFrom('login_challenges').where('expires_at', '<', now).execute();
  // Codes stay a while after they expire: the send limits look back over them.
  await db.deleteFrom('verification_codes').where('created_at', '<', idleSince).execute();
  await db.deleteFrom('auth_attempts').where('at', '<', attemptsBefore).execute();
}
