/**
 * Appending to the audit log (issue 28, decision 0024): every operator action with the operator, the target, the action
 * and its reason, what changed (before and after), the time and the client, written in the action's transaction. Users
 * are named by id; personal fields are stored redacted, so an erased account leaves nothing personal behind. The
 * console reads and exports it (operator/audit.ts); the listing commands (listings/) and the operator's own actions
 * write it.
 */
import type { Repositories } from './db/repositories.ts';
import type { Actor } from './policies.ts';

/** Fields that name or reach a person: stored as `[redacted]`. */
const PERSONAL = new Set(['email', 'phone', 'phone_number', 'mobile', 'name', 'contact', 'address', 'target', 'reviewer_name', 'description']);
export const REDACTED = '[redacted]';

/** A copy with every personal field (at any depth) redacted. */
export function redacted(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (values === null) return null;
  const walk = (value: unknown, key?: string): unknown => {
    if (key !== undefined && PERSONAL.has(key) && value !== null && value !== undefined) return REDACTED;
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, walk(inner, name)]));
    return value;
  };
  return walk(values) as Record<string, unknown>;
}

export interface AuditAction {
  action: string;
  target: { type: string; id: number | string };
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends an operator's action (inside the caller's transaction when given one). */
export async function audit(repos: Pick<Repositories, 'operator'>, actor: Actor, client: string, entry: AuditAction): Promise<void> {
  await repos.operator.appendAudit({
    operator_user_id: actor.id, action: entry.action, target_type: entry.target.type, target_id: String(entry.target.id), reason: entry.reason ?? null,
    before: redacted(entry.before ?? null), after: redacted(entry.after ?? null), client,
  });
}
