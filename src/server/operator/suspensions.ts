/**
 * Suspending an account (issue 28, decision 0024): with a reason and an end date or none. Every session ends, its
 * listings leave the site, signing in is refused with a clear message, its paid plans stop renewing (their periods
 * run out: decision 0023), and it is mailed the reason and where to appeal. Restoring undoes it; a suspension with an
 * end is restored by the `end_suspensions` job when it runs out. Operators are not suspended from the console.
 */
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { hasRole, type Actor } from '../policies.ts';
import { suspendedMessage } from '../accounts/suspension.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';

const SuspendSchema = z.object({
  reason: z.string({ error: 'Give a reason: the account is told.' }).trim().min(3, 'Give a reason: the account is told.').max(1000),
  until: z.iso.date({ error: 'Use a date: YYYY-MM-DD, or leave it out.' }).optional(),
});

async function targetUser(app: AppContext, id: number) {
  const user = await app.repos.users.findUser(id);
  if (!user) throw notFound('No such user.');
  return user;
}

/** POST users/{id}/suspend {reason, until?}. */
export async function suspendUser(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  const request = parseInput(SuspendSchema, input);
  requireFreshProof(app, session);
  const user = await targetUser(app, id);
  if (hasRole({ id: user.id, roles: user.roles }, 'operator')) throw new AppError(422, 'An operator is not suspended here: revoke the role first (npm run operator -- revoke).', { user: ['This account is an operator.'] });
  // The end date is a Malaysian day: the suspension ends as it begins.
  const until = request.until ? new Date(Date.parse(`${request.until}T00:00:00+08:00`)).toISOString() : null;
  if (until !== null && Date.parse(until) <= app.clock.now()) throw new AppError(422, 'The end date has passed.', { until: ['The end date has passed.'] });
  const hidden = await app.repos.transaction(async (tx) => {
    const changed = await tx.operator.suspendUser(id, { until, reason: request.reason });
    await audit(tx, actor, client, { action: 'user.suspend', target: { type: 'user', id }, reason: request.reason, before: { suspended: false }, after: { suspended: true, until, ...changed } });
    if (user.email) {
      await app.outbox.queueMail(composeMail(user.email, 'Your account is suspended', [
        suspendedMessage(app, { until, reason: request.reason }), 'Your listings are off the site while it lasts, and your plans do not renew.',
      ]), { tx });
    }
    return changed;
  });
  return { data: { id, suspended: true, until, hidden }, message: `The account is suspended${until ? ` until ${request.until}` : ''}.` };
}

/** POST users/{id}/restore: the account may sign in again, and what its suspension hid is back. */
export async function restoreUser(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const user = await targetUser(app, id);
  if (!(await app.repos.operator.findSuspension(id))) throw new AppError(422, 'This account is not suspended.', { user: ['This account is not suspended.'] });
  const shown = await app.repos.transaction(async (tx) => {
    const changed = await tx.operator.restoreUser(id);
    await audit(tx, actor, client, { action: 'user.restore', target: { type: 'user', id }, before: { suspended: true }, after: { suspended: false, ...changed } });
    if (user.email) await app.outbox.queueMail(composeMail(user.email, 'Your account is restored', ['Your account is restored: you can sign in again, and your listings are back on the site.']), { tx });
    return changed;
  });
  return { data: { id, suspended: false, shown }, message: 'The account is restored.' };
}

/** The `end_suspensions` job: suspensions with an end that has passed are restored (mailed, in the log as the system's). */
export async function endSuspensions(app: AppContext): Promise<number> {
  const ids = await app.repos.operator.findEndedSuspensions(100);
  for (const id of ids) {
    const user = await app.repos.users.findUser(id);
    await app.repos.transaction(async (tx) => {
      await tx.operator.restoreUser(id);
      if (user?.email) await app.outbox.queueMail(composeMail(user.email, 'Your account is restored', ['Your suspension has ended: you can sign in again, and your listings are back on the site.']), { tx });
    });
  }
  return ids.length;
}
