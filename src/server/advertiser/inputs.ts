/**
 * What the advertiser's forms name, turned into what is stored: category slugs into ids, uploaded images and
 * documents into their rows (only the advertiser's own fresh uploads, or those already on the listing), towns into
 * places with a pin, and the plan's limits checked (spec §9). Each refusal is a 422 on its field.
 */
import type { ListingType } from '../../shared/constants.ts';
import { LISTING_LIMITS, type LimitedField, type PlanLimits } from '../../shared/plans.ts';
import type { AppContext } from '../app-types.ts';
import type { CategoryTreeRow, LocationSave, SpecialHoursRow } from '../db/rows.ts';
import { AppError, invalid, type FieldProblems } from '../errors.ts';
import { ownUploadedImages } from '../engagement/own-uploads.ts';
import type { Actor } from '../policies.ts';
import type { NewProfile, ProfileEdit } from '../../shared/schemas/advertiser.ts';
import { MIDNIGHT, splitAtMidnight } from '../../shared/hours.ts';
import { say } from '../../shared/said.ts';



/** What a refusal past the plan's limit says, naming the limit. */

/** How many of a kind a listing will carry, and whether the edit adds one it did not have. */
export interface Counted {
  count: number;
  added: boolean;
}

/**
 * The plan's limits on what a listing carries, every list's problem at once (issue 40). A plan limits what is added,
 * not what is already there: a claimed business keeps the photos, PDFs and videos it had (its public page shows as many
 * as the plan allows), so an edit is refused only when it adds an item past the limit.
 */
export function checkLimits(limits: PlanLimits, plan: string, listing: Record<LimitedField, Counted>, problems: FieldProblems): void {
  for (const { field, limit } of LISTING_LIMITS) {
    const { count, added } = listing[field];
    const allowed = limits[limit];
    if (added && count > allowed) problems.add(field, allowed === 0 ? `plan_allows_no_${field}` : `plan_allows_at_most_${field}`, { plan, count: allowed });
  }
}

/** Whether `next` names an item `before` did not have. */
export const adds = <T>(next: readonly T[] | undefined, before: readonly T[]): boolean => next !== undefined && next.some((item) => !before.includes(item));

/**
 * Child categories (of `type`, when given) by slug, in the order named. A slug can name categories of several types
 * (business-consultant is a service and a hireme profession): `type:slug` names one, and otherwise a business keeps
 * the one it already has (`current`, ids), then a service's, then the first.
 */
export async function categoryIds(app: AppContext, slugs: readonly string[], type: ListingType | undefined, current: readonly number[] = []): Promise<CategoryTreeRow[]> {
  const tree = await app.repos.catalog.findCategoryTree();
  const problems = slugs.flatMap((name) => {
    const [kind, slug] = name.includes(':') ? name.split(':', 2) as [string, string] : [type, name];
    const matches = tree.filter((category) => category.parent_id !== null && category.slug === slug && (kind === undefined || category.type === kind));
    const found = matches.find((category) => current.includes(category.id)) ?? matches.find((category) => category.type === 'services') ?? matches[0];
    return [{ name, found }];
  });
  const missing = problems.filter((entry) => !entry.found);
  if (missing.length > 0) {
    const messages = missing.map((entry) => (type ? say('api_no_category_for_type', { category: entry.name, type }) : say('api_no_category', { category: entry.name })));
    throw new AppError('invalid', undefined, { said: messages[0], errors: { categories: messages } });
  }
  return problems.map((entry) => entry.found!);
}

/** Media ids of the images a form names: those already on the listing, and the advertiser's own unused uploads. */
export async function imageIds(app: AppContext, actor: Actor, listing: { kind: 'post' | 'profile'; id: number } | null, images: readonly { full: string }[]): Promise<{ ids: number[]; fresh: number[] }> {
  if (images.length === 0) return { ids: [], fresh: [] };
  const prefix = app.media.mediaUrl('');
  const paths = images.map((image) => (image.full.startsWith(prefix) ? image.full.slice(prefix.length) : image.full));
  const current = listing ? await app.repos.advertiser.findListingMediaIds(listing, paths) : [];
  const byPath = new Map(current.map((row) => [row.full, row.id]));
  const others = images.filter((_, index) => !byPath.has(paths[index]!));
  const fresh = await ownUploadedImages(app, actor.id, others);
  fresh.forEach((image) => byPath.set(image.full, image.id));
  return { ids: [...new Set(paths.map((path) => byPath.get(path)!))], fresh: fresh.map((image) => image.id) };
}

/**
 * The files a form names (documents, or videos) by the URL their upload answered: those already on the listing, and
 * the advertiser's own unused uploads; any other is a 422 on `field`.
 */
async function fileIds(app: AppContext, field: 'documents' | 'videos', files: readonly { file: string }[],
  find: (paths: string[]) => Promise<{ id: number; file: string; fresh: boolean }[]>): Promise<{ ids: number[]; fresh: number[] }> {
  if (files.length === 0) return { ids: [], fresh: [] };
  const prefix = app.media.mediaUrl('');
  const paths = files.map((item) => (item.file.startsWith(prefix) ? item.file.slice(prefix.length) : item.file));
  const found = await find(paths);
  const byFile = new Map(found.map((row) => [row.file, row]));
  if (paths.some((path) => !byFile.has(path))) throw invalid(field, `upload_${field}_again`);
  return { ids: [...new Set(paths.map((path) => byFile.get(path)!.id))], fresh: found.filter((row) => row.fresh).map((row) => row.id) };
}

/** Document ids a form names by file. */
export function documentIds(app: AppContext, actor: Actor, listing: { kind: 'post' | 'profile'; id: number } | null, documents: readonly { file: string }[]) {
  return fileIds(app, 'documents', documents, (paths) => app.repos.advertiser.findUsableDocuments(actor.id, listing, paths));
}

/** Media ids of the videos a form names by file. */
export function videoIds(app: AppContext, actor: Actor, listing: { kind: 'post' | 'profile'; id: number } | null, videos: readonly { file: string }[]) {
  return fileIds(app, 'videos', videos, (paths) => app.repos.advertiser.findUsableVideos(actor.id, listing, paths));
}

/** The stored rows of an hours form: 'open 24 hours' is 00:00–23:59, as the catalogue keeps it; ranges past midnight are split there. */
export function hoursRows(days: NonNullable<ProfileEdit['business_hours']>) {
  return splitAtMidnight(days.map((day) => ({ day: day.day, ranges: day.open_24 ? [{ opens: '00:00', closes: MIDNIGHT }] : day.ranges })));
}

/** The stored rows of special hours: one row per range, one row without a range for a closed day. */
export function specialRows(days: NonNullable<ProfileEdit['special_hours']>): SpecialHoursRow[] {
  return days.flatMap((day): SpecialHoursRow[] => (day.ranges.length === 0 ? [{ date: day.date, label: day.label, opens: null, closes: null }]
    : day.ranges.map((range) => ({ date: day.date, label: day.label, ...range }))));
}

/** A location as stored: its town and state by name, its pin typed or the town's centre; `field` names it in a 422. */
export async function locationSave(app: AppContext, location: NewProfile['locations'][number], field = 'locations'): Promise<LocationSave> {
  const town = await app.repos.advertiser.findTown(location.city, location.state);
  if (!town) throw invalid(field, 'no_town_in_state', { city: location.city, state: location.state });
  const pinned = location.latitude != null && location.longitude != null;
  return {
    ...(location.id === undefined ? {} : { id: location.id }),
    name: location.name, address_line1: location.address_line1, address_line2: location.address_line2, city_id: town.city_id, state_id: town.state_id,
    postcode: location.postcode, phone_number: location.phone_number, company_phone_number: location.company_phone_number, fax_number: location.fax_number,
    email: location.email, latitude: pinned ? location.latitude! : town.latitude, longitude: pinned ? location.longitude! : town.longitude,
    // A branch's own hours and special hours; none: the business's.
    hours: location.business_hours ? hoursRows(location.business_hours) : [],
    specialHours: location.special_hours ? specialRows(location.special_hours) : [],
  };
}
