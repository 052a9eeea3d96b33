/**
 * An advertiser's businesses (issues 25 and 40): creating one, reading it for the editor (with its version, the ETag),
 * and editing it by JSON Merge Patch, so an edit changes only what it names; a save carrying an older version is
 * refused with the business as it is now. What a save stores, and what it records and holds for review, is
 * profile-saves.ts's to say.
 */
import { joinAcrossMidnight, malaysiaDay, MIDNIGHT } from '../../shared/hours.ts';
import { applyMergePatch } from '../../shared/merge-patch.ts';
import { PROFILE_ATTRIBUTES, type ProfileAttribute } from '../../shared/profile-attributes.ts';
import { listingSlugBase } from './listing-slug.ts';
import { ProfileEditSchema, sentFields, type EditableProfile, type NewProfile, type ProfileEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { profileChanged } from '../changes.ts';
import { storedLongText } from '../catalog/html.ts';
import { toDocument, toMediaItem } from '../catalog/mappers.ts';
import { ownRows } from '../catalog/profiles.ts';
import type { AdvertiserProfileRow, BusinessHoursRow, SpecialHoursRow } from '../db/rows.ts';
import { FieldProblems, parseInput, type AppError } from '../errors.ts';
import { businessPlan } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { ownedProfile } from './access.ts';
import { attachUploads, saveOf } from './profile-saves.ts';
import { patchObject, staleVersion } from './versions.ts';


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
  const today = malaysiaDay(new Date(app.clock.now())).date;
  const ids = locations.map((location) => location.id);
  const [branchHours, branchSpecial] = await Promise.all([app.repos.catalog.findLocationHours(ids), app.repos.catalog.findLocationSpecialHours(ids, today)]);
  return {
    id: profile.id,
    version: profile.version,
    slug: profile.slug,
    kind: profile.kind,
    name: profile.name,
    store_name: profile.store_name,
    company_no: profile.company_no,
    // As stored: HTML through the allow-list, plain text as typed (sanitizing it would escape its & and save it changed).
    about: profile.about === null ? null : storedLongText(profile.about),
    established_year: profile.established_year,
    content_lang: profile.content_lang,
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
      business_hours: ownRows(branchHours, location.id, editableWeek),
      special_hours: ownRows(branchSpecial, location.id, specialDays),
    })),
    business_hours: editableWeek(hours),
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

/** Every day of a week's rows as the editor holds them: ranges past midnight read back as one, open 24 hours as such. */
function editableWeek(rows: readonly BusinessHoursRow[]): EditableProfile['business_hours'] {
  const week = joinAcrossMidnight(rows);
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const ranges = week.get(day)!;
    const open24 = ranges.length === 1 && ranges[0]!.opens === '00:00' && ranges[0]!.closes === MIDNIGHT;
    return { day, ranges: open24 ? [] : ranges, open_24: open24 };
  });
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

/** POST profiles: a new business, owned (so claimed) by its creator, FREE until a plan starts. Checked whole before anything is stored. */
export async function createProfile(app: AppContext, actor: Actor, input: NewProfile) {
  const saved = await saveOf(app, actor, null, input, null);
  const base = listingSlugBase(input.name);
  const slug = base === undefined ? (id: number) => `business-${id}` : await app.repos.advertiser.freeSlug('profiles', base);
  const created = await app.repos.transaction(async (tx) => {
    const made = await tx.advertiser.createProfile({ kind: 'business', name: input.name, ownerUserId: actor.id, slug });
    await profileChanged(tx, made.id, await tx.advertiser.saveProfile(made.id, saved.save));
    await attachUploads(tx, saved);
    return made;
  });
  return profileForEditor(app, (await app.repos.advertiser.findProfile(created.id))!);
}

/** A stale version: 409 with the business as it is now (and its ETag), nothing changed. */
async function staleEdit(app: AppContext, profileId: number): Promise<AppError> {
  return staleVersion('business', await profileForEditor(app, (await app.repos.advertiser.findProfile(profileId))!));
}

/**
 * The edit a JSON Merge Patch (RFC 7396) of a business names, over what it is now. Lists of things with identity
 * (locations, special days, photos, documents, videos, hours) come whole; a location carrying its `id` is merged
 * over the stored one (fields it leaves out stay), one without is new, and an `id` that is not this business's is a
 * 422 on that item.
 */
function mergedEdit(before: EditableProfile, body: unknown): ProfileEdit {
  const patch = { ...patchObject(body) };
  const problems = new FieldProblems();
  if (Array.isArray(patch.locations)) {
    const stored = new Map(before.locations.map((location) => [location.id, location]));
    patch.locations = patch.locations.map((item: unknown, index) => {
      if (typeof item !== 'object' || item === null || !('id' in item) || item.id === undefined || item.id === null) return item;
      const known = stored.get(item.id as number);
      if (!known) {
        problems.add(`locations.${index}.id`, 'location_not_businesss');
        return item;
      }
      return applyMergePatch(known, item);
    });
  }
  problems.throwIfAny();
  return sentFields(parseInput(ProfileEditSchema, patch), patch);
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
    await profileChanged(tx, profileId, await tx.advertiser.saveProfile(profileId, saved.save));
    await attachUploads(tx, saved);
    return true;
  });
  if (!moved) throw await staleEdit(app, profileId);
  return profileForEditor(app, (await app.repos.advertiser.findProfile(profileId))!);
}
