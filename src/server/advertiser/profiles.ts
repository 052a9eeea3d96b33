/**
 * An advertiser's businesses (issue 25): creating one, reading it for the editor, and editing every field of the
 * spec's Profile within the plan's limits. Every change is kept in the profile's history. Hours, media, the about
 * text, keywords and social links go live at once; the fields that could turn a claimed listing into something
 * else or divert its leads (name, store name, company number, categories, address and pin, numbers, website,
 * WhatsApp) go live too but are marked for an operator's review (decision 0021).
 */
import { listingSlugBase } from '../../shared/slug.ts';
import type { EditableProfile, NewProfile, ProfileEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { sanitizeRichText } from '../catalog/html.ts';
import { toDocument, toMediaItem } from '../catalog/mappers.ts';
import type { AdvertiserProfileRow, ProfileChange, ProfileFields, ProfileSave } from '../db/rows.ts';
import { invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { ownedProfile } from './access.ts';
import { categoryIds, checkLimits, documentIds, imageIds, locationSave, videoIds } from './inputs.ts';
import { businessPlan } from '../listings/index.ts';

/** Fields whose change waits for an operator's review once the console exists. */
const REVIEWED_FIELDS = new Set(['name', 'store_name', 'company_no', 'categories', 'locations', 'url', 'whatsapp']);
const COLUMN_FIELDS = ['name', 'store_name', 'company_no', 'about', 'url', 'facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'wechat', 'whatsapp'] as const;

/** The editor's view of a business: its fields as the forms send them, its plan and what it leaves, and its history. */
export async function profileForEditor(app: AppContext, profile: AdvertiserProfileRow): Promise<EditableProfile> {
  // The profile's own rows only: not the public page's post lists and related posts.
  const [row, media, documents, keywords, locations, categories, hours, plan, history] = await Promise.all([
    app.repos.catalog.findProfileBySlug(profile.slug),
    app.repos.catalog.findProfileMedia(profile.id),
    app.repos.catalog.findProfileDocuments(profile.id),
    app.repos.advertiser.findProfileKeywords(profile.id),
    app.repos.catalog.findProfileLocations(profile.id),
    app.repos.catalog.findProfileCategories(profile.id),
    app.repos.catalog.findBusinessHours(profile.id),
    businessPlan(app.repos, profile.id),
    app.repos.advertiser.findProfileChanges(profile.id, 30),
  ]);
  const items = media.map((item, index) => toMediaItem(app.media, item, index));
  return {
    id: profile.id,
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
      const ranges = hours.filter((row) => row.day === day).map(({ opens, closes }) => ({ opens, closes }));
      const open24 = ranges.length === 1 && ranges[0]!.opens === '00:00' && ranges[0]!.closes === '23:59';
      return { day, ranges: open24 ? [] : ranges, open_24: open24 };
    }),
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

/** The stored rows of an hours form: 'open 24 hours' is 00:00–23:59, as the catalogue keeps it. */
function hoursRows(days: NonNullable<ProfileEdit['business_hours']>) {
  return days.flatMap((day) => (day.open_24 ? [{ day: day.day, opens: '00:00', closes: '23:59' }] : day.ranges.map((range) => ({ day: day.day, ...range }))));
}

/** Turns a create or an edit into the profile's save, checking the plan's limits; `before` is what it was (null when new). */
async function saveOf(app: AppContext, actor: Actor, profile: AdvertiserProfileRow | null, edit: ProfileEdit, before: Awaited<ReturnType<typeof profileForEditor>> | null): Promise<{ save: ProfileSave; freshImages: number[]; freshDocuments: number[] }> {
  const plan = await businessPlan(app.repos, profile?.id ?? null);
  const listing = profile && { kind: 'profile' as const, id: profile.id };
  const categories = edit.categories === undefined ? undefined : await categoryIds(app, edit.categories, undefined);
  // Photos and videos share the profile's media list: an edit naming one keeps the other as it is.
  const images = edit.images !== undefined ? await imageIds(app, actor, listing, edit.images)
    : edit.videos !== undefined && before ? await imageIds(app, actor, listing, before.images) : undefined;
  const logo = edit.logo == null ? edit.logo : await imageIds(app, actor, listing, [edit.logo]);
  const documents = edit.documents === undefined ? undefined : await documentIds(app, actor, listing, edit.documents);
  const videos = edit.videos !== undefined ? await videoIds(app, actor, listing, edit.videos)
    : edit.images !== undefined && before ? await videoIds(app, actor, listing, before.videos) : undefined;
  checkLimits(plan.limits, plan.plan, {
    categories: categories?.length ?? 0, keywords: edit.keywords?.length ?? 0, images: images?.ids.length ?? 0, documents: documents?.ids.length ?? 0,
    videos: videos?.ids.length ?? 0,
  });
  const locations = edit.locations === undefined ? undefined : await Promise.all(edit.locations.map((location) => locationSave(app, location)));
  if (locations && before) {
    const known = new Set(before.locations.map((location) => location.id));
    if (locations.some((location) => location.id !== undefined && !known.has(location.id))) throw invalid('locations', 'A location is not this business\'s.');
  }
  const fields: ProfileFields = {};
  for (const field of COLUMN_FIELDS) {
    const value = edit[field];
    if (value !== undefined) (fields as Record<string, unknown>)[field] = field === 'about' && value !== null ? sanitizeRichText(value) : value;
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
      ...(locations && (!before || changed.has('locations')) ? { locations } : {}),
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

/** PATCH profiles/{id}: the fields sent change; the rest stay. */
export async function editProfile(app: AppContext, actor: Actor, profileId: number, edit: ProfileEdit) {
  const profile = await ownedProfile(app, actor, profileId);
  const before = await profileForEditor(app, profile);
  const saved = await saveOf(app, actor, profile, edit, before);
  await app.repos.transaction(async (tx) => {
    await tx.advertiser.saveProfile(profileId, saved.save);
    await attachUploads(tx, saved);
  });
  return profileForEditor(app, (await app.repos.advertiser.findProfile(profileId))!);
}
