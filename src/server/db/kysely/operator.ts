/**
 * The operator console's reads and writes (migration 0023): the append-only audit log, and the queues it works
 * through (document claims, profile changes held for review, bank transfers to confirm), for every backend.
 */
import { sql } from 'kysely';
import type { OperatorRepository } from '../repositories.ts';
import type { AuditEntry, AuditFilters, ClaimRow, DocumentClaimRow, ListingHit, PendingProfileChange, UserActivity } from '../rows.ts';
import { countOpenConversationReports } from './conversation-safety.ts';
import { QueryRepository } from './query-access.ts';
import { count, heldForReview, jsonText } from './query.ts';

/** `%`, `_` and `\\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export class KyselyOperatorRepository extends QueryRepository implements OperatorRepository {
  /** Appends one entry; nothing updates or deletes the log (the database refuses it). */
  appendAudit(entry: Omit<AuditEntry, 'id' | 'created_at'>): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('audit_log').values({
        operator_user_id: entry.operator_user_id, action: entry.action, target_type: entry.target_type, target_id: entry.target_id, reason: entry.reason,
        before: entry.before === null ? null : JSON.stringify(entry.before), after: entry.after === null ? null : JSON.stringify(entry.after),
        client: entry.client, created_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  /** Entries matching the filters, newest first. */
  findAudit(filters: AuditFilters, limit: number, offset: number): Promise<AuditEntry[]> {
    return this.read(async (db) => {
      let query = db.selectFrom('audit_log').selectAll();
      if (filters.operatorUserId !== undefined) query = query.where('operator_user_id', '=', filters.operatorUserId);
      if (filters.targetType !== undefined) query = query.where('target_type', '=', filters.targetType);
      if (filters.targetId !== undefined) query = query.where('target_id', '=', filters.targetId);
      if (filters.from !== undefined) query = query.where('created_at', '>=', filters.from);
      if (filters.to !== undefined) query = query.where('created_at', '<', filters.to);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
      const json = (value: unknown) => (value === null || value === undefined ? null : JSON.parse(jsonText(value)!) as Record<string, unknown>);
      return rows.map((row) => ({
        id: Number(row.id), operator_user_id: Number(row.operator_user_id), action: row.action, target_type: row.target_type, target_id: row.target_id,
        reason: row.reason, before: json(row.before), after: json(row.after), client: row.client, created_at: row.created_at,
      }));
    });
  }

  /** Claims waiting on their document, oldest first, with the business and the claimant's account. */
  findDocumentClaims(limit: number): Promise<DocumentClaimRow[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('profile_claims as c').innerJoin('profiles as pr', 'pr.id', 'c.profile_id').leftJoin('documents as d', 'd.id', 'c.document_id')
        .select(['c.id', 'c.profile_id', 'c.user_id', 'c.method', 'c.target', 'c.document_id', 'c.status', 'c.created_at', 'c.decided_at', 'pr.name as profile_name', 'pr.slug as profile_slug', 'd.file as document_file', 'd.original_filename as document_name', 'd.mime_type as document_mime_type'])
        .where('c.method', '=', 'document').where('c.status', '=', 'pending').orderBy('c.created_at').orderBy('c.id').limit(limit).execute();
      return rows.map((row) => ({
        ...row, id: Number(row.id), profile_id: Number(row.profile_id), user_id: Number(row.user_id), document_id: row.document_id === null ? null : Number(row.document_id),
        method: row.method as ClaimRow['method'], status: row.status as ClaimRow['status'],
      }));
    });
  }

  /** The private document a claim was sent with. */
  findClaimDocument(claimId: number): Promise<{ file: string; original_filename: string; mime_type: string } | undefined> {
    return this.read(async (db) => db.selectFrom('profile_claims as c').innerJoin('documents as d', 'd.id', 'c.document_id').select(['d.file', 'd.original_filename', 'd.mime_type'])
      .where('c.id', '=', claimId).executeTakeFirst());
  }

  /** Marks a pending claim refused; false when it was decided already. */
  refuseClaim(id: number, operatorId: number, reason: string): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('profile_claims').set({ status: 'rejected', decided_at: now, decided_by: operatorId, reason })
        .where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Records who approved a claim (completeClaim gives the profile its owner). */
  recordClaimDecision(id: number, operatorId: number): Promise<void> {
    return this.write(async (db) => {
      await db.updateTable('profile_claims').set({ decided_by: operatorId }).where('id', '=', id).execute();
    });
  }

  /** How many items wait in each queue the console has. */
  countQueues(): Promise<{ claims: number; profile_changes: number; payments: number; refunds: number; reports: number; ads: number; reviews: number }> {
    return this.read(async (db) => {
      const claims = await db.selectFrom('profile_claims').select((eb) => eb.fn.countAll().as('n')).where('method', '=', 'document').where('status', '=', 'pending').executeTakeFirstOrThrow();
      const changes = await db.selectFrom('profile_changes').select((eb) => eb.fn.countAll().as('n')).where('review', '=', 'pending').executeTakeFirstOrThrow();
      const payments = await db.selectFrom('invoices').select((eb) => eb.fn.countAll().as('n')).where('status', '=', 'issued').where('kind', '=', 'invoice').executeTakeFirstOrThrow();
      const refunds = await db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('refund_status', '=', 'due').executeTakeFirstOrThrow();
      const reports = await db.selectFrom('reports').select((eb) => eb.fn.countAll().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow();
      const reviewReports = await db.selectFrom('review_reports').select((eb) => eb.fn.countAll().as('n')).where('handled_at', 'is', null).executeTakeFirstOrThrow();
      const conversationReports = await countOpenConversationReports(db);
      const held = await db.selectFrom('posts as p').select((eb) => eb.fn.countAll().as('n')).where(heldForReview).executeTakeFirstOrThrow();
      const heldReviews = await db.selectFrom('reviews').select((eb) => eb.fn.countAll().as('n')).where('held_reason', 'is not', null).where('removed_at', 'is', null).executeTakeFirstOrThrow();
      return { claims: count(claims.n), profile_changes: count(changes.n), payments: count(payments.n), refunds: count(refunds.n), reports: count(reports.n) + count(reviewReports.n) + conversationReports, ads: count(held.n), reviews: count(heldReviews.n) };
    });
  }

  /** Profile changes held for review (or the one with `id`), oldest first, with their business. */
  findPendingProfileChanges(limit: number, id?: number): Promise<PendingProfileChange[]> {
    return this.read(async (db) => {
      let query = db.selectFrom('profile_changes as c').innerJoin('profiles as pr', 'pr.id', 'c.profile_id')
        .select(['c.id', 'c.profile_id', 'pr.name as profile_name', 'pr.slug as profile_slug', 'c.field', 'c.old_value', 'c.new_value', 'c.user_id', 'c.created_at'])
        .where('c.review', '=', 'pending');
      if (id !== undefined) query = query.where('c.id', '=', id);
      const rows = await query.orderBy('c.id').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id), profile_id: Number(row.profile_id), user_id: row.user_id === null ? null : Number(row.user_id) }));
    });
  }

  /** Approves or refuses a pending profile change; false when it was decided already. */
  decideProfileChange(id: number, review: 'approved' | 'rejected'): Promise<boolean> {
    return this.write(async (db) => {
      const result = await db.updateTable('profile_changes').set({ review }).where('id', '=', id).where('review', '=', 'pending').executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    });
  }

  /** Accounts whose e-mail starts with, phone number holds, or name holds the text (any case), newest first. */
  searchUsers(text: string, limit: number): Promise<number[]> {
    return this.read(async (db) => {
      const lower = likeLiteral(text.trim().toLowerCase());
      const digits = text.replace(/\D/g, '');
      const rows = await db.selectFrom('users').select('id').where((eb) => eb.or([
        eb(sql`lower(email)`, 'like', sql`${`${lower}%`} ESCAPE '\\'`),
        eb(sql`lower(name)`, 'like', sql`${`%${lower}%`} ESCAPE '\\'`),
        ...(digits.length >= 4 ? [eb('phone_number', 'like', `%${digits}%`)] : []),
      ])).orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => Number(row.id));
    });
  }

  /** What an operator sees of an account besides the account: its sessions, sign-in attempts and reports. */
  findUserActivity(userId: number, limit: number): Promise<UserActivity> {
    return this.read(async (db) => {
      const sessions = await db.selectFrom('sessions').select(['created_at', 'last_seen_at', 'client']).where('user_id', '=', userId).orderBy('last_seen_at', 'desc').limit(limit).execute();
      const attempts = await db.selectFrom('auth_attempts').select(['at', 'action', 'outcome', 'client']).where('user_id', '=', userId).orderBy('at', 'desc').limit(limit).execute();
      const made = await db.selectFrom('reports').select(['post_id', 'profile_id', 'reason', 'created_at', 'handled_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
      const received = await db.selectFrom('reports as r').leftJoin('posts as p', 'p.id', 'r.post_id').leftJoin('profiles as pp', 'pp.id', 'p.profile_id').leftJoin('profiles as pr', 'pr.id', 'r.profile_id')
        .select(['r.post_id', 'r.profile_id', 'r.reason', 'r.created_at', 'r.handled_at'])
        .where((eb) => eb.or([eb('pr.owner_user_id', '=', userId), eb('pp.owner_user_id', '=', userId), eb('p.owner_user_id', '=', userId)]))
        .orderBy('r.created_at', 'desc').limit(limit).execute();
      const report = (row: { post_id: number | null; profile_id: number | null; reason: string; created_at: string; handled_at: string | null }) => ({
        target: row.post_id !== null ? { type: 'post', id: Number(row.post_id) } : { type: 'profile', id: Number(row.profile_id) }, reason: row.reason, created_at: row.created_at, handled: row.handled_at !== null,
      });
      return { sessions, sign_in_attempts: attempts, reports_made: made.map(report), reports_received: received.map(report) };
    });
  }

  /** Listings whose id, slug or title (any case) match the text: posts and profiles, newest first. */
  searchListings(text: string, limit: number): Promise<ListingHit[]> {
    return this.read(async (db) => {
      const trimmed = text.trim();
      const id = /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : undefined;
      const pattern = `%${likeLiteral(trimmed.toLowerCase())}%`;
      const posts = await db.selectFrom('posts').select(['id', 'type', 'slug', 'title', 'status']).where((eb) => eb.or([
        ...(id === undefined ? [] : [eb('id', '=', id)]), eb('slug', '=', trimmed), eb(sql`lower(title)`, 'like', sql`${pattern} ESCAPE '\\'`),
      ])).orderBy('id', 'desc').limit(limit).execute();
      const profiles = await db.selectFrom('profiles').select(['id', 'slug', 'name', 'hidden_at']).where((eb) => eb.or([
        ...(id === undefined ? [] : [eb('id', '=', id)]), eb('slug', '=', trimmed), eb(sql`lower(name)`, 'like', sql`${pattern} ESCAPE '\\'`),
      ])).orderBy('id', 'desc').limit(limit).execute();
      return [
        ...profiles.map((row) => ({ type: 'profile', id: Number(row.id), slug: row.slug, title: row.name, status: row.hidden_at === null ? 'visible' : 'hidden' })),
        ...posts.map((row) => ({ type: row.type, id: Number(row.id), slug: row.slug, title: row.title, status: row.status })),
      ];
    });
  }

  /** Stores an appeal, from an account (when the address is one) or a visitor. */
  insertAppeal(appeal: { userId: number | null; email: string; message: string; clientHash: string }): Promise<number> {
    const now = this.now;
    return this.write(async (db) => {
      const { id } = await db.insertInto('appeals').values({ user_id: appeal.userId, email: appeal.email, message: appeal.message, client_hash: appeal.clientHash, created_at: now })
        .returning('id').executeTakeFirstOrThrow();
      return Number(id);
    });
  }

  /** An account's appeals, newest first, each with when its sender confirmed it (null: not yet, unverified). */
  findAppeals(userId: number, limit: number): Promise<{ id: number; message: string; created_at: string; confirmed_at: string | null }[]> {
    return this.read(async (db) => {
      const rows = await db.selectFrom('appeals').select(['id', 'message', 'created_at', 'confirmed_at']).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(limit).execute();
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    });
  }

  /** Marks an appeal confirmed (the first confirmation stays); false when there is no such appeal. */
  confirmAppeal(id: number): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const found = await db.selectFrom('appeals').select('confirmed_at').where('id', '=', id).executeTakeFirst();
      if (!found) return false;
      if (found.confirmed_at === null) await db.updateTable('appeals').set({ confirmed_at: now }).where('id', '=', id).where('confirmed_at', 'is', null).execute();
      return true;
    });
  }
}
