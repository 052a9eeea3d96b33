/**
 * A business's save (issues 25 and 40): a create or an edit turned into what is stored, every problem at once. The
 * plan limits what is added, not what the business already has; each changed field is recorded in its history, and
 * the fields that could turn a claimed listing into something else are marked for an operator's review (decision 0021).
 */
import { contentLanguageOf } from '../../shared/locale.ts';
import type { EditableProfile, NewProfile, ProfileEdit } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';
import { storedLongText } from '../catalog/html.ts';
import type { AdvertiserProfileRow, LocationSave, ProfileChange, ProfileFields, ProfileSave } from '../db/rows.ts';
import { FieldProblems } from '../errors.ts';
import { businessPlan } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { adds, categoryIds, checkLimits, documentIds, hoursRows, imageIds, locationSave, specialRows, videoIds } from './inputs.ts';

/** Fields whose change waits for an operator's review once the console exists. */
const REVIEWED_FIELDS = new Set(['name', 'store_name', 'company_no', 'categories', 'locations', 'url', 'whatsapp']);
const COLUMN_FIELDS = ['name', 'store_name', 'company_no', 'about', 'established_year', 'content_lang', 'url', 'facebook', 'twitter', 'instagram', 'linkedin', 'youtube', 'wechat', 'whatsapp'] as const;
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

/** A branch's own hours as stored (none: the business's), for its history. */
function branchHours(place: { business_hours?: NonNullable<ProfileEdit['business_hours']> | null; special_hours?: NonNullable<ProfileEdit['special_hours']> | null }) {
  return { hours: place.business_hours ? hoursRows(place.business_hours) : [], special: place.special_hours ? specialRows(place.special_hours) : [] };
}

/** Turns a create or an edit into the profile's save, checking the plan's limits; `before` is what it was (null when new). */
export async function saveOf(app: AppContext, actor: Actor, profile: AdvertiserProfileRow | null, edit: ProfileEdit, before: EditableProfile | null): Promise<{ save: ProfileSave; freshImages: number[]; freshDocuments: number[] }> {
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
    if (value !== undefined) (fields as Record<string, unknown>)[field] = field === 'about' && typeof value === 'string' ? storedLongText(value) : value;
  }
  // A new business's language, when its owner did not say: Chinese for Han text, else the owner's own (issue 42).
  if (before === null && fields.content_lang === undefined) {
    fields.content_lang = contentLanguageOf(`${edit.name ?? ''} ${edit.about ?? ''}`, (await app.repos.users.findUser(actor.id))?.locale ?? 'en');
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
    // The branches' own hours (none: the business's) are their own entry: a change to them saves the locations too.
    record('location_hours', before?.locations.map(branchHours) ?? [], edit.locations.map(branchHours));
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
      ...(locations && (!before || changed.has('locations') || changed.has('location_hours')) ? { locations: locations as LocationSave[] } : {}),
      ...(images || videos ? { mediaIds: [...(images?.ids ?? []), ...(videos?.ids ?? [])] } : {}),
      ...(documents ? { documentIds: documents.ids } : {}),
    },
    freshImages: [...(images?.fresh ?? []), ...(videos?.fresh ?? []), ...(logo ? logo.fresh : [])],
    freshDocuments: documents?.fresh ?? [],
  };
}

export type Save = Awaited<ReturnType<typeof saveOf>>;

export async function attachUploads(tx: AppContext['repos'], saved: Save): Promise<void> {
  if (saved.freshImages.length > 0) await tx.uploads.attachImages(saved.freshImages);
  for (const id of saved.freshDocuments) await tx.uploads.attachDocument(id);
}
