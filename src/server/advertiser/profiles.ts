/**
 * An advertiser's businesses (issue 25): creating one, reading it for the editor, and editing every field of the
 * spec's Profile within the plan's limits. Every change is kept in the profile's history. Hours, media, the about
 * text, keywords and social links go live at once; the fields that could turn a claimed listing into something
 * else or divert its leads (name, store name, company number, categories, address and pin, numbers, website,
 * WhatsApp) go live too but are marked for an operator's review (decision 0021).
 */
import { joinAcrossMidnight, malaysiaDay, MIDNIGHT, splitAtMidnight } from '../../shared/hours.ts';
import { PROFILE_ATTRIBUTES, type ProfileAttribute } from '../../shared/profile-attributes.ts';
import { listingSlugBase } from '../../shared/slug.ts';
import { ProfileEditSchema, sentFields, type EditableProfile, type NewProfile, type ProfileEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { sanitizeRichText, storedLongText } from '../catalog/html.ts';
import { toDocument, toMediaItem } from '../catalog/mappers.ts';
import type { AdvertiserProfileRow, LocationSave, ProfileChange, ProfileFields, ProfileSave, SpecialHoursRow } from '../db/rows.ts';
import { AppError, FieldProblems, parseInput } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { applyMergePatch } from '../../shared/merge-patch.ts';
import { ownedProfile } from './access.ts';
import { adds, categoryIds, checkLimits, documentIds, imageIds, locationSave, videoIds } from './inputs.ts';
import { businessPlan } from '../listings/index.ts';

/** Fields whose change waits for an operator's review once the console exists. */
const REVIEWED_FIELDS = new Set(['name', 'store_name', 'company_no', 'categories', 'locations', 'url', 'whatsapp']);
const COLUMN_FIELDS = ['name', 'store_name', 'company_no', 'about', 'url', 'facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'wechat', 'whatsapp'] as const;

/** The editor's view of a business: its fields as the forms send them, its plan and what it leaves, and its history. */
export async function profileForEditor(app: AppContext, profile: AdvertiserProfileRow): Promise<EditableProfile> {
  // The profile's own rows only: not the public page's post lists and related posts.
  const [row, media, documents, keywords, locations, categories, hours, special, attributes, plan, history] = await Promise.all([
    app.repos.catalog.findProfileBySlug(profile.slug),
    app.repos.catalog.findProfileMedia(profile.id),
    app.repos.catalog.findProfileDocuments(profile.id),
    app.repos.advertiser.findProfileKeywords(profile.id),
    app.repos.catalog.findProfileLocations(profile.id),
    app.repos.catalog.findProfileCategories(profile.id),
    app.repos.catalog.findBusinessHours(profile.id),
    app.repos.catalog.findSpecialHours(profile.id, malaysiaDay(new Date(app.clock.now())).date),
    app.repos.catalog.findProfileAttributes(profile.id),
    businessPlan(app.repos, profile.id),
    app.repos.advertiser.findProfileChanges(profile.id, 30),
  ]);
  const items = media.map((item, index) => toMediaItem(app.media, item, index));
  const week = joinAcrossMidnight(hours);
  return {
    id: profile.id,
    version: profile.version,
    slug: profile.slug,
    kind: profile.kind,
    name: profile.name,
    store_name: profile.store_name,
    company_no: profile.company_no,
    about: profile.about === null ? null : sanitizeRichText(profile.about),
    claimed: profile.claimed,
    plan: plan.plan,
    subscription: plan.subscription ? { plan: plan.subscription.plan, kind: plan.subscription.kind, ends_at: plan.subscription.ends_at, tokens: plan.subscription.tokens, tokens_left: plan.tokensLeft } : null,
    limits: plan.limits,
    categories: categories.map((category) => category.slug),
    keywords,
    locations: locations.map((location) => ({
      id: location.id, name: location.name, address_line1: location.address_line1, address_line2: location.address_line2, city: location.city_name,
      state: location.state_name, postcode: location.postcode, phone_number: location.phone_number, company_phone_number: location.company_phone_number,
      fax_number: location.fax_number, email: location.email, latitude: location.latitude, longitude: location.longitude,
    })),
    business_hours: [0, 1, 2, 3, 4, 5, 6].map((day) => {
      const ranges = week.get(day)!;
      const open24 = ranges.length === 1 && ranges[0]!.opens === '00:00' && ranges[0]!.closes === MIDNIGHT;
      return { day, ranges: open24 ? [] : ranges, open_24: open24 };
    }),
    special_hours: specialDays(special),
    attributes: attributes.filter((key): key is ProfileAttribute => key in PROFILE_ATTRIBUTES),
    url: profile.url, facebook: profile.facebook, twitter: profile.twitter, instagram: profile.instagram, linkedin: profile.linkedin,
    youtube: profile.youtube, wechat: profile.wechat, whatsapp: profile.whatsapp,
    logo: row ? app.media.imageFromColumns(row, 'logo_') : null,
    images: items.filter((item) => item.video === null).map((item) => item.image),
    videos: items.flatMap((item) => (item.video ? [{ file: item.video.file, image: item.image }] : [])),
    documents: documents.map((document) => toDocument(app.media, document)),
    history: history.map((change) => ({ field: change.field, from: change.old_value, to: change.new_value, review: change.review, created_at: change.created_at })),
  };
}

type PlaceFields = Pick<NewProfile['locations'][number], 'name' | 'address_line1' | 'city' | 'state' | 'postcode'>
  & Partial<Record<'address_line2' | 'phone_number' | 'company_phone_number' | 'fax_number' | 'email', string | null>>;

/** A location as its history records it: the same fields in the same order, whether it comes from a form or from the database. */
function placeRecord(place: PlaceFields, pin: { latitude: number; longitude: number }) {
  return {
    name: place.name, address_line1: place.address_line1, address_line2: place.address_line2 ?? null, city: place.city, state: place.state,
    postcode: place.postcode, phone_number: place.phone_number ?? null, company_phone_number: place.company_phone_number ?? null,
    fax_number: place.fax_number ?? null, email: place.email ?? null, latitude: pin.latitude, longitude: pin.longitude,
  };
}

/** The stored rows of an hours form: 'open 24 hours' is 00:00–23:59, as the catalogue keeps it; ranges past midnight are split there. */
function hoursRows(days: NonNullable<ProfileEdit['business_hours']>) {
  return splitAtMidnight(days.map((day) => ({ day: day.day, ranges: day.open_24 ? [{ opens: '00:00', closes: MIDNIGHT }] : day.ranges })));
}

/** Special hours' rows by date, as the editor and the API show them. */
function specialDays(rows: readonly SpecialHoursRow[]): EditableProfile['special_hours'] {
  const days = new Map<string, EditableProfile['special_hours'][number]>();
  for (const row of rows) {
    const day = days.get(row.date) ?? { date: row.date, label: row.label, ranges: [] };
    if (row.opens !== null && row.closes !== null) day.ranges.push({ opens: row.opens, closes: row.closes });
    days.set(row.date, day);
  }
  return [...days.values()];
}

/** The stored rows of special hours: one row per range, one row without a range for a closed day. */
function specialRows(days: NonNullable<ProfileEdit['special_hours']>): SpecialHoursRow[] {
  return days.flatMap((day): SpecialHoursRow[] => (day.ranges.length === 0 ? [{ date: day.date, label: day.label, opens: null, closes: null }]
    : day.ranges.map((range) => ({ date: day.date, label: day.label, ...range }))));
}

/** Turns a create or an edit into the profile's save, checking the plan's limits; `before` is what it was (null when new). */
async function saveOf(app: AppContext, actor: Actor, profile: AdvertiserProfileRow | null, edit: ProfileEdit, before: Awaited<ReturnType<typeof profileForEditor>> | null): Promise<{ save: ProfileSave; freshImages: number[]; freshDocuments: number[] }> {
  const plan = await businessPlan(app.repos, profile?.id ?? null);
  const listing = profile && { kind: 'profile' as const, id: profile.id };
  // Every problem at once: each check below keeps its 422 here, and one answer lists them all.
  const problems = new FieldProblems();
  const categories = edit.categories === undefined ? undefined : await problems.check(async () => categoryIds(app, edit.categories!, undefined,
    profile ? (await app.repos.catalog.findProfileCategories(profile.id)).map((category) => category.id) : []));
  // Photos and videos share the profile's media list: an edit naming one keeps the other as it is.
  const images = edit.images !== undefined ? await problems.check(() => imageIds(app, actor, listing, edit.images!))
    : edit.videos !== undefined && before ? await imageIds(app, actor, listing, before.images) : undefined;
  const logo = edit.logo == null ? edit.logo : await problems.check(() => imageIds(app, actor, listing, [edit.logo!]));
  const documents = edit.documents === undefined ? undefined : await problems.check(() => documentIds(app, actor, listing, edit.documents!));
  const videos = edit.videos !== undefined ? await problems.check(() => videoIds(app, actor, listing, edit.videos!))
    : edit.images !== undefined && before ? await videoIds(app, actor, listing, before.videos) : undefined;
  // A plan limits what is added, not what the business already has (a claimed listing keeps its seeded media).
  checkLimits(plan.limits, plan.plan, {
    categories: { count: categories?.length ?? 0, added: adds(edit.categories, before?.categories ?? []) },
    keywords: { count: edit.keywords?.length ?? 0, added: adds(edit.keywords, before?.keywords ?? []) },
    images: { count: images?.ids.length ?? 0, added: (images?.fresh.length ?? 0) > 0 },
    documents: { count: documents?.ids.length ?? 0, added: (documents?.fresh.length ?? 0) > 0 },
    videos: { count: videos?.ids.length ?? 0, added: (videos?.fresh.length ?? 0) > 0 },
  }, problems);
  const locations = edit.locations === undefined ? undefined
    : await Promise.all(edit.locations.map((location, index) => problems.check(() => locationSave(app, location, `locations.${index}.city`))));
  problems.throwIfAny();
  const fields: ProfileFields = {};
  for (const field of COLUMN_FIELDS) {
    const value = edit[field];
    if (value !== undefined) (fields as Record<string, unknown>)[field] = field === 'about' && value !== null ? storedLongText(value) : value;
  }
  if (logo !== undefined) fields.logo_id = logo === null ? null : logo.ids[0]!;
  const history: ProfileChange[] = [];
  const record = (field: string, from: unknown, to: unknown) => {
    const [oldValue, newValue] = [JSON.stringify(from ?? null), JSON.stringify(to ?? null)];
    if (oldValue !== newValue) history.push({ userId: actor.id, field, oldValue, newValue, review: REVIEWED_FIELDS.has(field) && before !== null ? 'pending' : 'none' });
  };
  for (const field of COLUMN_FIELDS) if (field in fields) record(field, before ? before[field] : null, fields[field]);
  if (edit.categories !== undefined) record('categories', before?.categories ?? [], edit.categories);
  if (edit.keywords !== undefined) record('keywords', before?.keywords ?? [], edit.keywords);
  if (edit.locations !== undefined) {
    record('locations', before?.locations.map((place) => placeRecord(place, place)) ?? [], edit.locations.map((place, index) => placeRecord(place, locations![index]!)));
  }
  if (edit.business_hours !== undefined) record('business_hours', before ? hoursRows(before.business_hours) : [], hoursRows(edit.business_hours));
  if (edit.special_hours !== undefined) record('special_hours', before?.special_hours ?? [], edit.special_hours);
  if (edit.attributes !== undefined) record('attributes', before?.attributes ?? [], edit.attributes);
  if (edit.images !== undefined) record('images', before?.images.map((image) => image.full) ?? [], edit.images.map((image) => image.full));
  if (edit.videos !== undefined) record('videos', before?.videos.map((video) => video.file) ?? [], edit.videos.map((video) => video.file));
  if (edit.logo !== undefined) record('logo', before?.logo?.full ?? null, edit.logo?.full ?? null);
  if (edit.documents !== undefined) record('documents', before?.documents.map((document) => document.doc.file) ?? [], edit.documents.map((document) => document.file));
  // An edit stores what changed: a form sends every field, and a name or place left as it was must not reindex the
  // business's ads (repositories reindex when the name, logo or places change).
  const changed = new Set(history.map((change) => (change.field === 'logo' ? 'logo_id' : change.field)));
  if (before) for (const field of Object.keys(fields)) if (!changed.has(field)) delete (fields as Record<string, unknown>)[field];
  return {
    save: {
      fields, history,
      ...(categories ? { categoryIds: categories.map((category) => category.id) } : {}),
      ...(edit.keywords ? { keywords: edit.keywords } : {}),
      ...(edit.business_hours ? { hours: hoursRows(edit.business_hours) } : {}),
      ...(edit.special_hours && (!before || changed.has('special_hours')) ? { specialHours: specialRows(edit.special_hours) } : {}),
      ...(edit.attributes ? { attributes: edit.attributes } : {}),
      ...(locations && (!before || changed.has('locations')) ? { locations: locations as LocationSave[] } : {}),
      ...(images || videos ? { mediaIds: [...(images?.ids ?? []), ...(videos?.ids ?? [])] } : {}),
      ...(documents ? { documentIds: documents.ids } : {}),
    },
    freshImages: [...(images?.fresh ?? []), ...(videos?.fresh ?? []), ...(logo ? logo.fresh : [])],
    freshDocuments: documents?.fresh ?? [],
  };
}

type Save = Awaited<ReturnType<typeof saveOf>>;

async function attachUploads(tx: AppContext['repos'], saved: Save): Promise<void> {
  if (saved.freshImages.length > 0) await tx.uploads.attachImages(saved.freshImages);
  for (const id of saved.freshDocuments) await tx.uploads.attachDocument(id);
}

/** POST profiles: a new business, owned (so claimed) by its creator, FREE until a plan starts. Checked whole before anything is stored. */
export async function createProfile(app: AppContext, actor: Actor, input: NewProfile) {
  const saved = await saveOf(app, actor, null, input, null);
  const base = listingSlugBase(input.name);
  const slug = base === undefined ? (id: number) => `business-${id}` : await app.repos.advertiser.freeSlug('profiles', base);
  const created = await app.repos.transaction(async (tx) => {
    const made = await tx.advertiser.createProfile({ kind: 'business', name: input.name, ownerUserId: actor.id, slug });
    await tx.advertiser.saveProfile(made.id, saved.save);
    await attachUploads(tx, saved);
    return made;
  });
  return profileForEditor(app, (await app.repos.advertiser.findProfile(created.id))!);
}

/** A stale version: 409 with the business as it is now (and its ETag), nothing changed. */
async function staleEdit(app: AppContext, profileId: number): Promise<AppError> {
  const current = await profileForEditor(app, (await app.repos.advertiser.findProfile(profileId))!);
  const error = new AppError(409, 'This business was changed in another tab or on another device since you opened it. Nothing was saved: here is how it is now.', undefined, { ETag: versionTag(current.version) });
  Object.assign(error.extra, { data: current });
  return error;
}

/**
 * The edit a JSON Merge Patch (RFC 7396) of a business names, over what it is now. Lists of things with identity
 * (locations, special days, photos, documents, videos, hours) come whole; a location carrying its `id` is merged
 * over the stored one (fields it leaves out stay), one without is new, and an `id` that is not this business's is a
 * 422 on that item.
 */
function mergedEdit(before: EditableProfile, body: unknown): ProfileEdit {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(422, 'Send the changes as a JSON object.', { _: ['Send the changes as a JSON object.'] });
  const patch = { ...(body as Record<string, unknown>) };
  const problems = new FieldProblems();
  if (Array.isArray(patch.locations)) {
    const stored = new Map(before.locations.map((location) => [location.id, location]));
    patch.locations = patch.locations.map((item: unknown, index) => {
      if (typeof item !== 'object' || item === null || !('id' in item) || item.id === undefined || item.id === null) return item;
      const known = stored.get(item.id as number);
      if (!known) {
        problems.add(`locations.${index}.id`, 'This location is not this business\'s.');
        return item;
      }
      return applyMergePatch(structuredClone(known), item);
    });
  }
  problems.throwIfAny();
  return sentFields(parseInput(ProfileEditSchema, patch), patch);
}

/** The ETag of a version. */
export const versionTag = (version: number) => `"${version}"`;

/** The version an If-Match names (`"12"`, `W/"12"`, `*`), undefined when none was sent. */
export function versionOf(ifMatch: string | undefined): number | undefined {
  if (ifMatch === undefined || ifMatch.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"(\d+)"\s*$/.exec(ifMatch);
  if (!match) throw new AppError(422, 'If-Match must be the ETag you read.', { 'If-Match': ['If-Match must be the ETag you read.'] });
  return Number(match[1]);
}

/**
 * PATCH profiles/{id}: the fields sent change; the rest stay. With `version` (the If-Match an editor read), a save made
 * after another one answers 409 and changes nothing; the check is a compare-and-set in the save's own transaction.
 */
export async function editProfile(app: AppContext, actor: Actor, profileId: number, body: unknown, version?: number) {
  const profile = await ownedProfile(app, actor, profileId);
  if (version !== undefined && version !== profile.version) throw await staleEdit(app, profileId);
  const before = await profileForEditor(app, profile);
  const saved = await saveOf(app, actor, profile, mergedEdit(before, body), before);
  const moved = await app.repos.transaction(async (tx) => {
    if (version !== undefined && !(await tx.advertiser.advanceVersion('profiles', profileId, version))) return false;
    await tx.advertiser.saveProfile(profileId, saved.save);
    await attachUploads(tx, saved);
    return true;
  });
  if (!moved) throw await staleEdit(app, profileId);
  return profileForEditor(app, (await app.repos.advertiser.findProfile(profileId))!);
}
