/**
 * Suspending an account (issue 28, decision 0024; issue 39): with a reason (a short list and free text) and an end date
 * or none. Every session ends, its listings leave the site, signing in is refused with a clear message, its paid plans
 * stop renewing (their periods run out: decision 0023), and it is mailed the reason and where to appeal: the listings
 * core's suspendOwner, in one transaction. An account suspended already is a 409 ('This account is already
 * suspended.'), with no second mail or audit row. Restoring undoes it; a suspension with an end is restored by the
 * `end_suspensions` job when it runs out. Operators are not suspended from the console.
 */
import { z } from 'zod';
import { ACCOUNT_REASONS, reasonSchema, reasonText } from '../../shared/moderation-reasons.ts';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { asOperator, restoreOwner, suspendOwner } from '../listings/index.ts';
import { hasRole, type Actor } from '../policies.ts';
import { suspendedSaid } from '../accounts/suspension.ts';
import { requireFreshProof } from './access.ts';

const SuspendSchema = reasonSchema(ACCOUNT_REASONS).and(z.object({
  until: z.iso.date({ error: 'Use a date: YYYY-MM-DD, or leave it out.' }).optional(),
}));

async function targetUser(app: AppContext, id: number) {
  const user = await app.repos.users.findUser(id);
  if (!user) throw notFound('no_such_user');
  return user;
}

/** POST users/{id}/suspend {reason_code, reason, until?}. */
export async function suspendUser(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  requireFreshProof(app, session);
  const request = parseInput(SuspendSchema, input);
  const reason = reasonText(ACCOUNT_REASONS, request);
  const user = await targetUser(app, id);
  if (hasRole({ id: user.id, roles: user.roles }, 'operator')) throw invalid('user', 'operator_not_suspended');
  // The end date is a Malaysian day: the suspension ends as it begins.
  const until = request.until ? new Date(Date.parse(`${request.until}T00:00:00+08:00`)).toISOString() : null;
  if (until !== null && Date.parse(until) <= app.clock.now()) throw invalid('until', 'end_date_passed');
  const hidden = await suspendOwner(app.listings, actor, client, id, { until, reason, message: suspendedSaid(app, { until, reason }) });
  await app.live.closeEnded(id);
  return { data: { id, suspended: true, until, hidden }, message: `The account is suspended${until ? ` until ${request.until}` : ''}.` };
}

/** POST users/{id}/restore: the account may sign in again, and what its suspension hid is back. */
export async function restoreUser(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  await targetUser(app, id);
  const shown = await restoreOwner(app.listings, asOperator(actor, client), id);
  return { data: { id, suspended: false, shown }, message: 'The account is restored.' };
}
