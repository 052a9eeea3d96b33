/**
 * Profile changes held for review (issue 28, decision 0024): the advertiser site applies a change of a business's
 * name, store name, company number, categories, places, website or WhatsApp at once and logs it for an operator,
 * who sees the old and new values side by side and approves it, or refuses it with a reason: the old value comes
 * back (unless the field changed again since: that later change is the one to refuse), and the owner is told why.
 */
import { appealLine } from '../accounts/suspension.ts';
import type { AppContext } from '../app-types.ts';
import { profileChanged } from '../changes.ts';
import { command } from '../command.ts';
import type { Repositories } from '../db/repositories.ts';
import type { LocationSave, ProfileFields, ProfileSave, SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { ReasonSchema } from './claims.ts';
import { say } from '../../shared/said.ts';

const COLUMNS = new Set(['name', 'store_name', 'company_no', 'url', 'whatsapp']);
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** GET profile-changes: the changes waiting, oldest first, old and new side by side. */
export async function listProfileChanges(app: AppContext) {
  return (await app.repos.operator.findPendingProfileChanges(200)).map((change) => ({
    id: change.id, profile: { id: change.profile_id, name: change.profile_name, slug: change.profile_slug }, field: change.field,
    old: parsed(change.old_value), new: parsed(change.new_value), user_id: change.user_id, created_at: change.created_at,
  }));
}

type PendingChange = Awaited<ReturnType<Repositories['operator']['findPendingProfileChanges']>>[number];

/** The change, still waiting, read in the command's transaction; a 404 once decided. */
async function pendingChange(tx: Repositories, id: number): Promise<PendingChange> {
  const [change] = await tx.operator.findPendingProfileChanges(1, id);
  if (!change) throw notFound('change_not_waiting');
  return change;
}

/** Claims the change for this decision (compare-and-set): of two operators deciding at once, the second finds it decided. */
async function claim(tx: Repositories, id: number, review: 'approved' | 'rejected'): Promise<void> {
  if (!(await tx.operator.decideProfileChange(id, review))) throw notFound('change_not_waiting');
}

type Decision = { actor: Actor; client: string; id: number };

const approving = command<Decision, PendingChange, void>({
  load: (tx, { id }) => pendingChange(tx, id),
  run: async (tx, change, { actor, client, id }) => {
    await claim(tx, id, 'approved');
    await audit(tx, actor, client, { action: 'profile_change.approve', target: { type: 'profile', id: change.profile_id }, after: { field: change.field } });
  },
});

/** POST profile-changes/{id}/approve: the decision and its audit row, in one transaction. */
export async function approveProfileChange(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  await approving(app.repos, { actor, client, id });
  return { data: { id, review: 'approved' as const }, message: 'The change is approved.' };
}

/** The save that puts a refused change's old value back. */
async function revertSave(tx: Repositories, actor: Actor, change: PendingChange): Promise<ProfileSave> {
  const history = [{ userId: actor.id, field: change.field, oldValue: change.new_value, newValue: change.old_value, review: 'none' as const }];
  if (COLUMNS.has(change.field)) {
    const profile = (await tx.advertiser.findProfile(change.profile_id))!;
    const current = JSON.stringify((profile as unknown as Record<string, unknown>)[change.field] ?? null);
    if (current !== change.new_value) throw invalid('change', 'change_changed_again');
    return { fields: { [change.field]: parsed(change.old_value) } as ProfileFields, history };
  }
  if (change.field === 'categories') {
    const slugs = (parsed(change.old_value) as string[] | null) ?? [];
    const tree = await tx.catalog.findCategoryTree();
    return { fields: {}, categoryIds: slugs.flatMap((slug) => tree.filter((row) => row.slug === slug).slice(0, 1).map((row) => row.id)), history };
  }
  if (change.field === 'locations') {
    // Places come back as new rows (an ad linked to a refused place keeps none until its advertiser picks one).
    const places = (parsed(change.old_value) as (Omit<LocationSave, 'city_id' | 'state_id' | 'id'> & { city: string; state: string })[] | null) ?? [];
    const locations: LocationSave[] = [];
    for (const { city, state, ...place } of places) {
      const town = await tx.advertiser.findTown(city, state);
      if (town) locations.push({ ...place, city_id: town.city_id, state_id: town.state_id });
    }
    return { fields: {}, locations, history };
  }
  throw invalid('change', 'change_not_reviewed', { field: change.field });
}

/**
 * Refusing: the change is claimed first (compare-and-set), then its old value comes back, its audit row and the
 * owner's mail are written, all in one transaction: two operators refusing at once revert once, audit once, mail once;
 * a revert that cannot be made (the field changed again) leaves the change waiting.
 */
const refusing = command<Decision & { app: AppContext; reason: string }, PendingChange, void>({
  load: (tx, { id }) => pendingChange(tx, id),
  run: async (tx, change, { app, actor, client, id, reason }) => {
    await claim(tx, id, 'rejected');
    await profileChanged(tx, change.profile_id, await tx.advertiser.saveProfile(change.profile_id, await revertSave(tx, actor, change)));
    await audit(tx, actor, client, { action: 'profile_change.refuse', target: { type: 'profile', id: change.profile_id }, reason, before: { field: change.field }, after: { reverted: true } });
    const profile = (await tx.advertiser.findProfile(change.profile_id))!;
    const owner = profile.owner_user_id === null ? undefined : await tx.users.findUser(profile.owner_user_id);
    if (owner?.email) {
      await app.outbox.queueMail(composeMail(owner.email, say('mail_change_refused_subject', { name: profile.name }), [
        say('mail_change_refused', { field: change.field.replace('_', ' '), name: profile.name, reason }), appealLine(app.config),
      ], [], owner.locale), { tx });
    }
  },
});

/** POST profile-changes/{id}/refuse {reason}: the old value comes back; the owner is told why. */
export async function refuseProfileChange(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  const { reason } = parseInput(ReasonSchema, input);
  requireFreshProof(app, session);
  await refusing(app.repos, { app, actor, client, id, reason });
  return { data: { id, review: 'rejected' as const }, message: 'The change is refused and undone; the owner is told why.' };
}
