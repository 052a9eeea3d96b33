/**
 * Profile changes held for review (issue 28, decision 0024): the advertiser site applies a change of a business's
 * name, store name, company number, categories, places, website or WhatsApp at once and logs it for an operator,
 * who sees the old and new values side by side and approves it, or refuses it with a reason: the old value comes
 * back (unless the field changed again since: that later change is the one to refuse), and the owner is told why.
 */
import { appealLine } from '../accounts/suspension.ts';
import type { AppContext } from '../app-types.ts';
import type { LocationSave, ProfileFields, ProfileSave, SessionRow } from '../db/rows.ts';
import { AppError, notFound, parseInput } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Actor } from '../policies.ts';
import { requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { ReasonSchema } from './claims.ts';

const COLUMNS = new Set(['name', 'store_name', 'company_no', 'url', 'whatsapp']);
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** GET profile-changes: the changes waiting, oldest first, old and new side by side. */
export async function listProfileChanges(app: AppContext) {
  return (await app.repos.operator.findPendingProfileChanges(200)).map((change) => ({
    id: change.id, profile: { id: change.profile_id, name: change.profile_name, slug: change.profile_slug }, field: change.field,
    old: parsed(change.old_value), new: parsed(change.new_value), user_id: change.user_id, created_at: change.created_at,
  }));
}

async function pendingChange(app: AppContext, id: number) {
  const [change] = await app.repos.operator.findPendingProfileChanges(1, id);
  if (!change) throw notFound('No such change waiting.');
  return change;
}

/** POST profile-changes/{id}/approve. */
export async function approveProfileChange(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number) {
  requireFreshProof(app, session);
  const change = await pendingChange(app, id);
  if (!(await app.repos.operator.decideProfileChange(id, 'approved'))) throw notFound('No such change waiting.');
  await audit(app.repos, actor, client, { action: 'profile_change.approve', target: { type: 'profile', id: change.profile_id }, after: { field: change.field } });
  return { data: { id, review: 'approved' as const }, message: 'The change is approved.' };
}

/** The save that puts a refused change's old value back. */
async function revertSave(app: AppContext, actor: Actor, change: Awaited<ReturnType<typeof pendingChange>>): Promise<ProfileSave> {
  const history = [{ userId: actor.id, field: change.field, oldValue: change.new_value, newValue: change.old_value, review: 'none' as const }];
  if (COLUMNS.has(change.field)) {
    const profile = (await app.repos.advertiser.findProfile(change.profile_id))!;
    const current = JSON.stringify((profile as unknown as Record<string, unknown>)[change.field] ?? null);
    if (current !== change.new_value) throw new AppError(422, 'This field has changed again since: decide the later change instead.', { change: ['This field has changed again since.'] });
    return { fields: { [change.field]: parsed(change.old_value) } as ProfileFields, history };
  }
  if (change.field === 'categories') {
    const slugs = (parsed(change.old_value) as string[] | null) ?? [];
    const tree = await app.repos.catalog.findCategoryTree();
    return { fields: {}, categoryIds: slugs.flatMap((slug) => tree.filter((row) => row.slug === slug).slice(0, 1).map((row) => row.id)), history };
  }
  if (change.field === 'locations') {
    // Places come back as new rows (an ad linked to a refused place keeps none until its advertiser picks one).
    const places = (parsed(change.old_value) as (Omit<LocationSave, 'city_id' | 'state_id' | 'id'> & { city: string; state: string })[] | null) ?? [];
    const locations: LocationSave[] = [];
    for (const { city, state, ...place } of places) {
      const town = await app.repos.advertiser.findTown(city, state);
      if (town) locations.push({ ...place, city_id: town.city_id, state_id: town.state_id });
    }
    return { fields: {}, locations, history };
  }
  throw new AppError(422, `A change of ${change.field} is not reviewed.`, { change: [`A change of ${change.field} is not reviewed.`] });
}

/** POST profile-changes/{id}/refuse {reason}: the old value comes back; the owner is told why. */
export async function refuseProfileChange(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, input: unknown) {
  const { reason } = parseInput(ReasonSchema, input);
  requireFreshProof(app, session);
  const change = await pendingChange(app, id);
  const save = await revertSave(app, actor, change);
  await app.repos.advertiser.saveProfile(change.profile_id, save);
  if (!(await app.repos.operator.decideProfileChange(id, 'rejected'))) throw notFound('No such change waiting.');
  await audit(app.repos, actor, client, { action: 'profile_change.refuse', target: { type: 'profile', id: change.profile_id }, reason, before: { field: change.field }, after: { reverted: true } });
  const profile = await app.repos.advertiser.findProfile(change.profile_id);
  const owner = profile?.owner_user_id == null ? undefined : await app.repos.users.findUser(profile.owner_user_id);
  if (owner?.email) {
    await app.outbox.queueMail(composeMail(owner.email, `A change to ${profile!.name} was not approved`, [
      `We put back the ${change.field.replace('_', ' ')} of ${profile!.name} as it was: ${reason}`, appealLine(app.config),
    ]));
  }
  return { data: { id, review: 'rejected' as const }, message: 'The change is refused and undone; the owner is told why.' };
}
