/**
 * The audit log (issue 28, decision 0024): every operator action appended with the operator, the target, the action
 * and its reason, what changed (before and after), the time and the client. Users are named by id; personal fields
 * are stored redacted, so an erased account leaves nothing personal behind. Searchable, and exported as CSV with the
 * leads export's formula neutralisation.
 */
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import type { AuditEntry, AuditFilters } from '../db/rows.ts';
import { parseInput } from '../errors.ts';
import { csvOf } from '../csv.ts';
import { accountNames } from './access.ts';

export { audit, redacted, REDACTED } from '../audit-log.ts';

const AuditQuerySchema = z.object({
  operator: z.coerce.number().int().positive().optional(),
  target_type: z.string().max(40).optional(),
  target_id: z.string().max(40).optional(),
  from: z.iso.date({ error: 'Use a date: YYYY-MM-DD.' }).optional(),
  to: z.iso.date({ error: 'Use a date: YYYY-MM-DD.' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const PAGE_SIZE = 50;
const EXPORT_MAX = 10_000;

function filtersOf(query: unknown): { filters: AuditFilters; page: number } {
  const request = parseInput(AuditQuerySchema, query);
  // Dates are Malaysian days (UTC+8): from its first instant to the next day's.
  const start = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString();
  const after = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`) + 86_400_000).toISOString();
  return {
    filters: {
      ...(request.operator ? { operatorUserId: request.operator } : {}), ...(request.target_type ? { targetType: request.target_type } : {}),
      ...(request.target_id ? { targetId: request.target_id } : {}), ...(request.from ? { from: start(request.from) } : {}), ...(request.to ? { to: after(request.to) } : {}),
    },
    page: request.page,
  };
}

/** GET audit: entries matching the filters, newest first, a page at a time. */
export async function listAudit(app: AppContext, query: unknown): Promise<{ data: (AuditEntry & { operator_name: string | null })[]; page: number }> {
  const { filters, page } = filtersOf(query);
  const entries = await app.repos.operator.findAudit(filters, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const name = await accountNames(app, entries.map((entry) => entry.operator_user_id));
  return { data: entries.map((entry) => ({ ...entry, operator_name: name(entry.operator_user_id) })), page };
}

/** GET audit.csv: the same entries (up to EXPORT_MAX) as CSV, every cell neutralised. */
export async function auditCsv(app: AppContext, query: unknown): Promise<string> {
  const { filters } = filtersOf(query);
  const rows = await app.repos.operator.findAudit(filters, EXPORT_MAX, 0);
  return csvOf(['id', 'time', 'operator_user_id', 'action', 'target_type', 'target_id', 'reason', 'before', 'after', 'client'], rows.map((row) => [
    row.id, row.created_at, row.operator_user_id, row.action, row.target_type, row.target_id, row.reason,
    row.before === null ? null : JSON.stringify(row.before), row.after === null ? null : JSON.stringify(row.after), row.client,
  ]));
}
