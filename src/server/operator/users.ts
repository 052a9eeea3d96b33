/**
 * Accounts in the operator console (issue 28, decision 0024): found by e-mail, phone number or name; an account's
 * page shows its roles, suspension, sessions, listings, reports made and received, sign-in attempts and appeals. Opening an
 * account's page is audited (the log keeps the id only).
 */
import { z } from 'zod';
import type { AppContext } from '../app-types.ts';
import { notFound, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { audit } from './audit.ts';

const SearchSchema = z.object({ q: z.string({ error: 'Type an e-mail, a phone number or a name.' }).trim().min(2, 'Type at least 2 characters.').max(100) });

/** GET users?q=: up to 50 accounts, newest first. */
export async function searchUsers(app: AppContext, query: unknown) {
  const { q } = parseInput(SearchSchema, query);
  const ids = await app.repos.operator.searchUsers(q, 50);
  const users = await Promise.all(ids.map((id) => app.repos.users.findUser(id)));
  return users.flatMap((user) => (user ? [{ id: user.id, name: user.name, email: user.email, phone_number: user.phone_number, roles: user.roles, created_at: user.created_at }] : []));
}

/** GET users/{id}: the account's page (audited). */
export async function userPage(app: AppContext, actor: Actor, client: string, id: number) {
  const user = await app.repos.users.findUser(id);
  if (!user) throw notFound('no_such_user');
  const [suspension, activity, profiles, posts, appeals] = await Promise.all([
    app.repos.listings.findSuspension(id), app.repos.operator.findUserActivity(id, 50), app.repos.advertiser.findOwnedProfiles(id), app.repos.listings.findOwnPosts(id, 100),
    app.repos.operator.findAppeals(id, 50),
  ]);
  // A paid plan running: suspending the account stops it renewing, so the console asks the operator to confirm.
  const plans = await Promise.all(profiles.map((profile) => app.repos.subscriptions.current(profile.id)));
  await audit(app.repos, actor, client, { action: 'user.view', target: { type: 'user', id } });
  return {
    user: { id: user.id, name: user.name, email: user.email, phone_number: user.phone_number, roles: user.roles, created_at: user.created_at, pending_delete: user.pending_delete },
    suspension: suspension ?? null,
    listings: {
      businesses: profiles.map((profile, index) => ({
        id: profile.id, name: profile.name, slug: profile.slug, plan: profile.plan, hidden: profile.hidden, paid_plan: plans[index]?.kind === 'paid' ? plans[index].plan : null,
      })),
      ads: posts.map((post) => ({ id: post.id, type: post.type, title: post.title, slug: post.slug, status: post.status, live: post.live })),
    },
    ...activity,
    appeals,
  };
}
