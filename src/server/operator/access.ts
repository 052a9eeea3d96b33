/**
 * Who the operator console is for (issue 28, decision 0024): people with the `operator` role, read afresh on every
 * request (a role revoked mid-session stops the next one). Anybody else, signed out or in, gets a 404: the console
 * does not say it exists. A destructive action needs a proof of the person from the last 15 minutes (signing in,
 * or `POST /api/operator/reauth`); a stale one is a 403 with `reauth: true`, never a 401 that would sign them out.
 */
import { z } from 'zod';
import { actorOf, checkPassword, requireUser, useAccountCode } from '../accounts/accounts.ts';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, ReauthRequired } from '../errors.ts';
import { hasRole, type Actor } from '../policies.ts';

/** How long a proof of the person lasts for destructive actions. */
const PROOF_MS = 15 * 60_000;

/** The operator asking, or a 404 for everyone else. */
export async function requireOperator(app: AppContext, session: SessionRow | null): Promise<Actor> {
  if (!session) throw notFound();
  const actor = await actorOf(app, session.user_id).catch(() => undefined);
  if (!actor || !hasRole(actor, 'operator')) throw notFound();
  return actor;
}

/** A destructive action's check: the session proved its person within PROOF_MS. */
export function requireFreshProof(app: AppContext, session: SessionRow): void {
  const proven = Date.parse(session.proven_at ?? session.created_at);
  if (!(app.clock.now() - proven < PROOF_MS)) throw new ReauthRequired();
}

const ReauthSchema = z.object({
  password: z.string().min(1, 'Enter your password.').max(1000).optional(),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.').optional(),
}).refine((input) => input.password !== undefined || input.code !== undefined, { message: 'Enter your password, or a code sent to your e-mail.', path: ['password'] });

/**
 * POST reauth {password | code}: renews the session's proof. The password is checked under the brute-force limits;
 * a code is one `POST /api/account/verification` sent to the operator's own e-mail address (or phone), for an
 * operator without a password.
 */
export async function reauthenticate(app: AppContext, session: SessionRow, client: string, input: unknown): Promise<{ proven_until: string }> {
  const { password, code } = parseInput(ReauthSchema, input);
  const user = await requireUser(app, session.user_id);
  const caller = { client, session };
  if (password !== undefined) await checkPassword(app, user, password, caller);
  else await useAccountCode(app, user.id, caller, user.email ?? user.phone_number!, code!);
  const now = app.clock.now();
  await app.repos.auth.proveSession(session.id, new Date(now).toISOString());
  return { proven_until: new Date(now + PROOF_MS).toISOString() };
}

/**
 * The names of the accounts an operator's page names (reporters, claimants, owners, operators), so the console shows
 * people, not account ids; an account since deleted reads as null.
 */
export async function accountNames(app: AppContext, ids: readonly (number | null | undefined)[]): Promise<(id: number | null | undefined) => string | null> {
  const names = await app.repos.users.findNames(ids.filter((id): id is number => typeof id === 'number'));
  return (id) => (typeof id === 'number' ? names.get(id) ?? null : null);
}

