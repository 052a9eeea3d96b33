/**
 * What an ad's form stores (issues 25 and 40): its type's details, its categories, media and places checked against
 * the plan's limits, every problem at once (a plan limits what is added, not what an ad already carries), and a
 * hireme ad's town made its personal profile's place.
 */
import type { PostEdit } from '../../shared/schemas/advertiser.ts';
import { AD_RULES } from '../../shared/plans.ts';
import { contentLanguageOf } from '../../shared/locale.ts';
import type { AppContext } from '../app-types.ts';
import { profileChanged } from '../changes.ts';
import { storedLongText } from '../catalog/html.ts';
import type { Repositories } from '../db/repositories.ts';
import type { PostContent, PostDetails } from '../db/rows.ts';
import { FieldProblems, invalid } from '../errors.ts';
import type { BusinessPlan } from '../listings/index.ts';
import type { Actor } from '../policies.ts';
import { adds, categoryIds, checkLimits, documentIds, imageIds, videoIds } from './inputs.ts';

const DAY_MS = 86_400_000;
const sen = (ringgitAmount: number | null) => (ringgitAmount === null ? null : Math.round(ringgitAmount * 100));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A hireme ad's place: the town the person names becomes their personal profile's one location (town and state,
 * no address), so the ad is found there; undefined when they name none.
 */
export async function hiremePlace(app: AppContext, input: PostEdit) {
  if (input.type !== 'hireme' || !input.hireme.city || !input.hireme.state) return undefined;
  const town = await app.repos.advertiser.findTown(input.hireme.city, input.hireme.state);
  if (!town) throw invalid('hireme', 'no_town_in_state', { city: input.hireme.city, state: input.hireme.state });
  return { name: input.hireme.city, town };
}

/** Makes `place` the personal profile's one location (inside the ad's transaction); returns its id. */
export async function placePersonalProfile(tx: Repositories, profileId: number, place: NonNullable<Awaited<ReturnType<typeof hiremePlace>>>, userId: number): Promise<number> {
  const [current] = await tx.catalog.findProfileLocations(profileId);
  const posts = await tx.advertiser.saveProfile(profileId, {
    fields: {},
    locations: [{
      ...(current ? { id: current.id } : {}), name: place.name, address_line1: place.name, address_line2: null, city_id: place.town.city_id,
      state_id: place.town.state_id, postcode: '', phone_number: null, company_phone_number: null, fax_number: null, email: null,
      latitude: place.town.latitude, longitude: place.town.longitude, hours: [], specialHours: [],
    }],
    history: [{ userId, field: 'locations', oldValue: JSON.stringify(current?.city_name ?? null), newValue: JSON.stringify(place.name), review: 'none' }],
  });
  await profileChanged(tx, profileId, posts);
  return (await tx.catalog.findProfileLocations(profileId))[0]!.id;
}


function detailsOf(input: PostEdit): { details: PostDetails; priceMin: number | null; priceMax: number | null; op: number | null; attributes: { name: string; value: string }[]; expiresAt: string | null } {
  switch (input.type) {
    case 'jobs': {
      const job = input.job;
      if (job.salary_min !== null && job.salary_max !== null && job.salary_max < job.salary_min) throw invalid('job', 'maximum_salary_below_minimum');
      return {
        details: {
          kind: 'jobs', level: job.level, requirements: storedLongText(job.requirements), responsibilities: storedLongText(job.responsibilities), benefits: storedLongText(job.benefits),
          company_confidential: job.company_confidential, resume_required: job.document_resume_cv, salary_type: job.salary_type,
        },
        priceMin: job.salary_min, priceMax: job.salary_max, op: null, expiresAt: job.expires_at ? iso(Date.parse(job.expires_at)) : null,
        attributes: [...job.type.map((value) => ({ name: 'job_type', value })), ...job.qualification.map((value) => ({ name: 'job_qualification', value })),
          ...(job.remote ? [{ name: 'job_location', value: 'remote' }] : [])],
      };
    }
    case 'hireme': {
      const hireme = input.hireme;
      return {
        details: {
          kind: 'hireme', expertise: hireme.expertise, rate: hireme.rate, vaccination: hireme.vaccination, skill: storedLongText(hireme.skill),
          experience: storedLongText(hireme.experience), education: hireme.education, company_confidential: hireme.company_confidential,
        },
        priceMin: hireme.expected_salary, priceMax: null, op: null, expiresAt: null,
        attributes: [...hireme.type.map((value) => ({ name: 'hireme_type', value })), ...hireme.language.map((value) => ({ name: 'hireme_language', value }))],
      };
    }
    case 'services': {
      const service = input.service;
      if (service.price_min !== null && service.price_max !== null && service.price_max < service.price_min) throw invalid('service', 'maximum_price_below_minimum');
      return { details: { kind: 'services', description: storedLongText(service.description) }, priceMin: service.price_min, priceMax: service.price_max, op: null, expiresAt: null, attributes: [] };
    }
    case 'buysell': {
      const buysell = input.buysell;
      return {
        details: { kind: 'buysell', deal_type: buysell.type, condition: buysell.condition, brand: buysell.brand, qty: buysell.qty, description: storedLongText(buysell.description) },
        priceMin: buysell.price_min, priceMax: null, op: buysell.op, expiresAt: null,
        attributes: buysell.method.map((value) => ({ name: 'buysell_method', value })),
      };
    }
  }
}

/**
 * The stored content of a form, checked against the plan, every problem at once; the fresh uploads it uses, to mark
 * attached. `before` is the ad as it was (an edit): a plan limits what is added, not what the ad already carries.
 */
export async function contentOf(app: AppContext, actor: Actor, input: PostEdit, profileId: number | null, plan: BusinessPlan, postId: number | null, before: PostEdit | null = null) {
  const problems = new FieldProblems();
  const detailed = await problems.check(() => detailsOf(input));
  const categories = await problems.check(() => categoryIds(app, input.categories, input.type)) ?? [];
  const listing = postId === null ? null : { kind: 'post' as const, id: postId };
  const none = { ids: [], fresh: [] };
  const images = await problems.check(() => imageIds(app, actor, listing, input.images)) ?? none;
  const documents = await problems.check(() => documentIds(app, actor, listing, input.documents)) ?? none;
  const videos = await problems.check(() => videoIds(app, actor, listing, input.videos)) ?? none;
  checkLimits(plan.limits, plan.plan, {
    categories: { count: categories.length, added: adds(input.categories, before?.categories ?? []) },
    keywords: { count: input.keywords.length, added: adds(input.keywords, before?.keywords ?? []) },
    images: { count: images.ids.length, added: images.fresh.length > 0 }, documents: { count: documents.ids.length, added: documents.fresh.length > 0 },
    videos: { count: videos.ids.length, added: videos.fresh.length > 0 },
  }, problems);
  const places = profileId === null ? [] : await app.repos.catalog.findProfileLocations(profileId);
  const known = new Set(places.map((place) => place.id));
  if (input.locations.some((id) => !known.has(id))) problems.add('locations', 'choose_locations_business');
  problems.throwIfAny();
  const { details, priceMin, priceMax, op, attributes, expiresAt } = detailed!;
  const locationIds = input.locations.length > 0 ? input.locations : places.slice(0, 1).map((place) => place.id);
  const now = app.clock.now();
  if (expiresAt !== null && (Date.parse(expiresAt) <= now || Date.parse(expiresAt) > now + AD_RULES.adDays * DAY_MS)) {
    throw invalid('job', 'expiry_within_days', { days: AD_RULES.adDays });
  }
  const poster = await app.repos.users.findUser(actor.id);
  const content: PostContent = {
    title: input.title, summary: input.summary, contentLang: input.content_lang ?? contentLanguageOf(`${input.title} ${input.summary}`, poster?.locale ?? 'en'), priceMinSen: sen(priceMin), priceMaxSen: sen(priceMax), opSen: sen(op), expiresAt,
    categoryIds: categories.map((category) => category.id), locationIds, attributes, keywords: input.keywords,
    // Photos first, then videos (the media viewer opens on the first).
    mediaIds: [...images.ids, ...videos.ids], documentIds: documents.ids, details,
  };
  return { content, fresh: { images: [...images.fresh, ...videos.fresh], documents: documents.fresh } };
}
