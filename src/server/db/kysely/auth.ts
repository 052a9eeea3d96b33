/** Sessions, sign-in challenges, one-time codes and the sign-in log (migration 0007), for every backend. */
import { sql } from 'kysely';
import type { AuthRepository } from '../repositories.ts';
import type { AuthAttempt, ChallengeRow, CodePurpose, CodeRow, NewCode, SessionRow } from '../rows.ts';
import { QueryRepository } from './query-access.ts';
import type { QueryDb } from './query.ts';

/** Ends every session of the user but `exceptId` (all of them when it is null). */
export async function deleteUserSessions(db: QueryDb, userId: number, exceptId: string | null = null): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  await query.execute();
}

export class KyselyAuthRepository extends QueryRepository implements AuthRepository {
  createSession(session: SessionRow & { client: string }, replacing?: string): Promise<void> {
    return this.write(async (db) => {
      if (replacing) await db.deleteFrom('sessions').where('id', '=', replacing).execute();
      await db.insertInto('sessions').values({
        id: session.id, user_id: session.user_id, csrf_token: session.csrf_token, client: session.client, created_at: session.created_at,
        last_seen_at: session.last_seen_at, expires_at: session.expires_at, proven_at: session.proven_at ?? session.created_at,
      }).execute();
    });
  }

  findSession(id: string): Promise<SessionRow | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('sessions').select(['id', 'user_id', 'csrf_token', 'created_at', 'last_seen_at', 'expires_at', 'proven_at']).where('id', '=', id).executeTakeFirst();
      return row && { ...row, proven_at: row.proven_at ?? row.created_at };
    });
  }

  touchSession(id: string, lastSeenAt: string): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('sessions').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
    });
  }

  /** The session's person proved it is them again (the operator console's re-authentication). */
  proveSession(id: string, at: string): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('sessions').set({ proven_at: at }).where('id', '=', id).execute();
    });
  }

  deleteSession(id: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    });
  }

  deleteUserSessions(userId: number, exceptId: string | null = null): Promise<void> {
    return this.write((db) => deleteUserSessions(db, userId, exceptId));
  }

  insertChallenge(challenge: ChallengeRow): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('login_challenges').values({ id: challenge.id, user_id: challenge.user_id, channel: challenge.channel, expires_at: challenge.expires_at, created_at: now }).execute();
    });
  }

  findChallenge(id: string): Promise<ChallengeRow | undefined> {
    return this.read(async (db) => await db.selectFrom('login_challenges').select(['id', 'user_id', 'channel', 'expires_at']).where('id', '=', id).executeTakeFirst() as ChallengeRow | undefined);
  }

  deleteChallenge(id: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('login_challenges').where('id', '=', id).execute();
    });
  }

  insertCode(code: NewCode): Promise<void> {
    return this.write(async (db) => {
      // A new code replaces the ones sent before it: only the newest works.
      await db.updateTable('verification_codes').set({ used_at: code.createdAt })
        .where('used_at', 'is', null).where('purpose', '=', code.purpose).where('address', '=', code.address)
        .where('challenge_id', code.challengeId === null ? 'is' : '=', code.challengeId).execute();
      await db.insertInto('verification_codes').values({
        purpose: code.purpose, address: code.address, challenge_id: code.challengeId, user_id: code.userId, code_hash: code.codeHash,
        created_at: code.createdAt, expires_at: code.expiresAt,
      }).execute();
    });
  }

  findLatestCode(purpose: CodePurpose, address: string, challengeId: string | null = null): Promise<CodeRow | undefined> {
    return this.read(async (db) => db.selectFrom('verification_codes').select(['id', 'code_hash', 'failed_attempts', 'expires_at', 'used_at'])
      .where('purpose', '=', purpose).where('address', '=', address).where('challenge_id', challengeId === null ? 'is' : '=', challengeId)
      .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst());
  }

  findCodeSendTimes(purpose: CodePurpose, address: string, since: string): Promise<string[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('verification_codes').select('created_at')
        .where('purpose', '=', purpose).where('address', '=', address).where('created_at', '>=', since).orderBy('created_at', 'desc').execute();
      return rows.map((row) => row.created_at);
    });
  }

  recordWrongCode(id: number): Promise<number> {
    return this.write(async (db) => {
      const row = await db.updateTable('verification_codes').set({ failed_attempts: sql<number>`failed_attempts + 1` })
        .where('id', '=', id).returning('failed_attempts').executeTakeFirst();
      return Number(row?.failed_attempts ?? 0);
    });
  }

  useCode(id: number): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  logAttempt(attempt: AuthAttempt): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('auth_attempts').values({
        at: now, action: attempt.action, identifier: attempt.identifier, user_id: attempt.userId, client: attempt.client, outcome: attempt.outcome,
      }).execute();
    });
  }

  /** The sign-in log keeps its lines without whom they were about; the user's codes (by id or address) go. */
  forgetSignIns(userId: number, addresses: readonly string[]): Promise<void> {
    return this.write(async (db) => {
      const list = addresses.length > 0 ? [...addresses] : [''];
      await db.updateTable('auth_attempts').set({ user_id: null, identifier: null })
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('identifier', 'in', list)])).execute();
      await db.deleteFrom('verification_codes').where((eb) => eb.or([eb('user_id', '=', userId), eb('address', 'in', list)])).execute();
    });
  }

  removeExpired(now: string, idleSince: string, attemptsBefore: string): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('sessions').where((eb) => eb.or([eb('expires_at', '<', now), eb('last_seen_at', '<', idleSince)])).execute();
      await db.deleteFrom('login_challenges').where('expires_at', '<', now).execute();
      // Codes stay a while after they expire: the send limits look back over them.
      await db.deleteFrom('verification_codes').where('created_at', '<', idleSince).execute();
      await db.deleteFrom('auth_attempts').where('at', '<', attemptsBefore).execute();
    });
  }
}
