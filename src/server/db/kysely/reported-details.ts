/**
 * Payment details reported across conversations (migration 0053, issue 64): the details, who reported each in which
 * conversation, and their status. Which report counts and when a detail is marked is the safety service's to say
 * (server/safety/reported-details.ts).
 */
import type { ReportedDetailRepository } from '../repositories.ts';
import type { PaymentDetail, ReportedDetailRow, ReportedDetailStatus } from '../trust-rows.ts';
import { QueryRepository } from './query-access.ts';
import { count } from './query.ts';

export class KyselyReportedDetailRepository extends QueryRepository implements ReportedDetailRepository {
  recordReports(details: readonly PaymentDetail[], report: { conversationId: number; reporterUserId: number; reportedUserId: number | null; counted: boolean }): Promise<number[]> {
    const now = this.now;
    return this.write(async (db) => {
      const ids: number[] = [];
      for (const detail of details) {
        await db.insertInto('reported_details').values({ kind: detail.kind, value: detail.value, created_at: now })
          .onConflict((conflict) => conflict.columns(['kind', 'value']).doNothing()).execute();
        const { id } = await db.selectFrom('reported_details').select('id').where('kind', '=', detail.kind).where('value', '=', detail.value).executeTakeFirstOrThrow();
        await db.insertInto('reported_detail_reports').values({
          detail_id: Number(id), conversation_id: report.conversationId, reporter_user_id: report.reporterUserId, reported_user_id: report.reportedUserId,
          counted: report.counted ? 1 : 0, created_at: now,
        }).onConflict((conflict) => conflict.columns(['detail_id', 'reporter_user_id', 'conversation_id']).doNothing()).execute();
        ids.push(Number(id));
      }
      return ids;
    });
  }

  countCountedReporters(detailId: number): Promise<number> {
    return this.read(async (db) => count((await db.selectFrom('reported_detail_reports')
      .select((eb) => eb.fn.count('reporter_user_id').distinct().as('n'))
      .where('detail_id', '=', detailId).where('counted', '=', 1).executeTakeFirstOrThrow()).n));
  }

  findDetail(id: number): Promise<ReportedDetailRow | undefined> {
    return this.read(async (db) => (await this.listed(db, [id]))[0]);
  }

  listDetails(limit: number): Promise<ReportedDetailRow[]> {
    return this.read(async (db) => {
      const ids = await db.selectFrom('reported_details').select('id').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return this.listed(db, ids.map((row) => Number(row.id)));
    });
  }

  private async listed(db: Parameters<Parameters<QueryRepository['read']>[0]>[0], ids: number[]): Promise<ReportedDetailRow[]> {
    if (ids.length === 0) return [];
    const details = await db.selectFrom('reported_details').selectAll().where('id', 'in', ids).execute();
    const reports = await db.selectFrom('reported_detail_reports').select(['detail_id', 'conversation_id', 'reporter_user_id', 'counted', 'created_at'])
      .where('detail_id', 'in', ids).orderBy('created_at').execute();
    const byId = new Map(details.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const own = reports.filter((report) => Number(report.detail_id) === id);
      return [{
        id, kind: row.kind as PaymentDetail['kind'], value: row.value, status: row.status as ReportedDetailStatus, created_at: row.created_at,
        decided_at: row.decided_at, decided_reason: row.decided_reason,
        reports: own.map((report) => ({ conversation_id: Number(report.conversation_id), reporter_user_id: Number(report.reporter_user_id), counted: Number(report.counted) === 1, created_at: report.created_at })),
      }];
    });
  }

  setStatus(id: number, from: readonly ReportedDetailStatus[], to: ReportedDetailStatus, decision: { by: number | null; reason: string | null }): Promise<boolean> {
    const now = this.now;
    return this.write(async (db) => {
      const result = await db.updateTable('reported_details').set({ status: to, decided_at: now, decided_by: decision.by, decided_reason: decision.reason })
        .where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  findMarked(details: readonly PaymentDetail[]): Promise<PaymentDetail[]> {
    if (details.length === 0) return Promise.resolve([]);
    return this.read(async (db) => {
      const rows = await db.selectFrom('reported_details').select(['kind', 'value'])
        .where('value', 'in', [...new Set(details.map((detail) => detail.value))]).where('status', 'in', ['marked', 'confirmed']).execute();
      return rows.filter((row) => details.some((detail) => detail.kind === row.kind && detail.value === row.value)) as PaymentDetail[];
    });
  }

  findStatus(detail: PaymentDetail): Promise<ReportedDetailStatus | undefined> {
    return this.read(async (db) => (await db.selectFrom('reported_details').select('status')
      .where('kind', '=', detail.kind).where('value', '=', detail.value).executeTakeFirst())?.status as ReportedDetailStatus | undefined);
  }

  removeExpired(reportsBefore: string, confirmedBefore: string): Promise<number> {
    return this.write(async (db) => {
      await db.deleteFrom('reported_detail_reports').where('created_at', '<', reportsBefore).execute();
      const unreported = await db.deleteFrom('reported_details')
        .where('status', '!=', 'confirmed')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('reported_detail_reports as r').select('r.detail_id').whereRef('r.detail_id', '=', 'reported_details.id'))))
        .executeTakeFirst();
      const confirmed = await db.deleteFrom('reported_details').where('status', '=', 'confirmed').where('decided_at', '<', confirmedBefore).executeTakeFirst();
      return Number(unreported.numDeletedRows) + Number(confirmed.numDeletedRows);
    });
  }
}
