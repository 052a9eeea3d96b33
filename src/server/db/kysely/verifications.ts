/** A profile's verifications (migration 0044, issue 45): phone numbers proved by a code, SSM numbers an operator checked. */
import type { VerificationRepository } from '../repositories.ts';
import type { NumberProof } from '../rows.ts';
import type { PendingVerificationRow, VerificationKind, VerificationRow, VerificationStatus } from '../trust-rows.ts';
import { QueryRepository } from './query-access.ts';
import type { QueryDb } from './query.ts';

const COLUMNS = ['v.id', 'v.profile_id', 'v.kind', 'v.value', 'v.old_value', 'v.status', 'v.document_id', 'v.user_id', 'v.decided_by', 'v.decided_at', 'v.reason', 'v.created_at'] as const;

function toRow<T extends Record<string, unknown>>(row: T): T & VerificationRow {
  const id = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    ...row, id: Number(row.id), profile_id: Number(row.profile_id), document_id: id(row.document_id), user_id: id(row.user_id), decided_by: id(row.decided_by),
  } as T & VerificationRow;
}

async function findVerification(db: QueryDb, id: number): Promise<VerificationRow | undefined> {
  const row = await db.selectFrom('profile_verifications as v').select(COLUMNS).where('v.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export class KyselyVerificationRepository extends QueryRepository implements VerificationRepository {
  insertVerification(verification: { profileId: number; kind: VerificationKind; value: string; oldValue: string | null; status: VerificationStatus; documentId: number | null; userId: number }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('profile_verifications').values({
        profile_id: verification.profileId, kind: verification.kind, value: verification.value, old_value: verification.oldValue, status: verification.status,
        document_id: verification.documentId, user_id: verification.userId, created_at: now, ...(verification.status === 'approved' ? { decided_at: now } : {}),
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  findVerification(id: number): Promise<VerificationRow | undefined> {
    return this.read((db) => findVerification(db, id));
  }

  /** A profile's verifications, newest first (each kind's latest decides its badge). */
  findProfileVerifications(profileId: number): Promise<VerificationRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_verifications as v').select(COLUMNS).where('v.profile_id', '=', profileId).orderBy('v.id', 'desc').execute();
      return rows.map(toRow);
    });
  }

  /** SSM requests in a state (pending: the queue; approved: to revoke), oldest first. */
  findSsmVerifications(status: 'pending' | 'approved', limit: number): Promise<PendingVerificationRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_verifications as v').innerJoin('profiles as p', 'p.id', 'v.profile_id').leftJoin('documents as d', 'd.id', 'v.document_id')
        .select([...COLUMNS, 'p.name as profile_name', 'p.slug as profile_slug', 'p.company_no as profile_company_no', 'd.original_filename as document_name'])
        .where('v.kind', '=', 'ssm').where('v.status', '=', status).orderBy('v.created_at').orderBy('v.id').limit(limit).execute();
      return rows.map(toRow);
    });
  }

  /**
   * Decides a request: approves or refuses a pending one, revokes an approved one; false when it is not in that state.
   * An approved SSM number becomes the profile's company number (the operator checked it against the certificate).
   */
  decideVerification(id: number, status: 'approved' | 'refused' | 'revoked', operatorId: number, reason: string | null): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const from = status === 'revoked' ? 'approved' : 'pending';
      const result = await db.updateTable('profile_verifications').set({ status, decided_by: operatorId, decided_at: now, reason })
        .where('id', '=', id).where('status', '=', from).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      const row = (await findVerification(db, id))!;
      if (status === 'approved' && row.kind === 'ssm') {
        const companyNo = row.old_value ? `${row.value} (${row.old_value})` : row.value;
        await db.updateTable('profiles').set({ company_no: companyNo, updated_at: now }).where('id', '=', row.profile_id).execute();
      }
      return true;
    });
  }

  /** An earlier approved or pending verification of a kind is superseded by a new request (revoked with why). */
  supersedeVerifications(profileId: number, kind: VerificationKind, reason: string): Promise<void> {
    const now = this.now;
    return this.write(async (db) => {
      await db.updateTable('profile_verifications').set({ status: 'revoked', decided_at: now, reason })
        .where('profile_id', '=', profileId).where('kind', '=', kind).where('status', 'in', ['pending', 'approved']).execute();
    });
  }

  findVerificationDocument(id: number): Promise<{ file: string; original_filename: string; mime_type: string } | undefined> {
    return this.read(async (db) => db.selectFrom('profile_verifications as v').innerJoin('documents as d', 'd.id', 'v.document_id')
      .select(['d.file', 'd.original_filename', 'd.mime_type']).where('v.id', '=', id).executeTakeFirst());
  }

  countPendingVerifications(): Promise<number> {
    return this.read(async (db) => {
      const row = await db.selectFrom('profile_verifications').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      return Number(row.n);
    });
  }

  /**
   * Records that `userId` proved `number` by a code, in the confirming transaction, unless another account proved it
   * first (the key decides: of two at once, the second waits for the first and finds its row). Answers the account the
   * number belongs to now.
   */
  proveNumber(number: string, userId: number, way: NumberProof): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      await db.insertInto('proved_numbers').values({ number, user_id: userId, way, proved_at: now }).onConflict((oc) => oc.column('number').doNothing()).execute();
      return Number((await db.selectFrom('proved_numbers').select('user_id').where('number', '=', number).executeTakeFirstOrThrow()).user_id);
    });
  }

  /** The account a mobile number belongs to, if any proved it. */
  findNumberHolder(number: string): Promise<number | undefined> {
    return this.read(async (db) => {
      const row = await db.selectFrom('proved_numbers').select('user_id').where('number', '=', number).executeTakeFirst();
      return row && Number(row.user_id);
    });
  }

  /** An account changed its phone: the old number, proved only as its phone, is free again. */
  releaseAccountNumber(number: string, userId: number): Promise<void> {
    return this.write(async (db) => {
      await db.deleteFrom('proved_numbers').where('number', '=', number).where('user_id', '=', userId).where('way', '=', 'account').execute();
    });
  }
}
