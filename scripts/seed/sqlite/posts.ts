import {
  EDUCATION_LEVELS, HIREME_EXPERTISE, HIREME_RATES, HIREME_TYPES, JOB_LEVELS, JOB_TYPES, LANGUAGES, DEAL_METHODS,
  type HiremeRate, type JobLevel, type ListingType,
} from '../../../src/shared/constants.ts';
import { GLOSSARY } from '../../../src/server/catalog/glossary.ts';
import { slugify } from '../../../src/shared/slug.ts';
import { BUYSELL_ITEMS } from '../categories.ts';
import { sen } from '../../../src/shared/money.ts';
import { childCategories, DAY_MS, isoDate, type SeedCategory, type SeedContext, type SeedProfile } from './context.ts';
import { personName } from '../people.ts';
import {
  HIREME_SKILLS, JOB_BENEFITS, JOB_REQUIREMENTS, JOB_RESPONSIBILITIES, JOB_TITLE_MODIFIERS, JOB_TITLE_SUFFIXES,
  PHOTO_CAPTIONS, REVIEW_TEXTS, SERVICE_SELLING_POINTS, SERVICE_TITLE_TEMPLATES,
} from '../words.ts';

/** Share of each listing type among posts (services dominate, as in the real directory). */
export const TYPE_SHARES: Record<ListingType, number> = { services: 0.55, jobs: 0.15, hireme: 0.1, buysell: 0.2 };

const SALARY_BY_LEVEL: Record<JobLevel, [number, number]> = {
  assistant: [1500, 2500], non_executive: [1800, 3000], junior_executive: [2500, 4000],
  senior_executive: [4000, 7000], manager: [6000, 12000], senior_manager: [10000, 20000],
};
const RATE_RANGES: Record<HiremeRate, [number, number, number]> = {
  hour: [15, 80, 5], day: [80, 350, 10], month: [1800, 5000, 100], project: [300, 5000, 50],
};
const VACCINATION = ['Fully vaccinated (COVID-19)', 'Fully vaccinated with booster', 'Not stated'];

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

interface PostDraft {
  /** Writes the type-specific rows; called once the post row exists. */
  write: () => void;
  title: string;
  summary: string;
  priceMin: number | null;
  priceMax: number | null;
  op: number | null;
  images: number;
  documentTitle: string | null;
  reviews: boolean;
  /** The language it is written in (issue 42): English unless a services ad was written in Malay or Chinese. */
  contentLang?: 'en' | 'ms' | 'zh';
}

type Statements = ReturnType<typeof prepare>;

function prepare(context: SeedContext) {
  const { statement } = context;
  return {
    post: statement(`INSERT INTO posts (id, type, profile_id, slug, title, summary, plan, price_min_sen, price_max_sen, price_currency, op_sen,
      view_count, published_at, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'RM', ?, ?, ?, ?, ?, ?)`),
    category: statement('INSERT INTO post_categories (post_id, category_id, position) VALUES (?, ?, ?)'),
    location: statement('INSERT INTO post_locations (post_id, location_id, position) VALUES (?, ?, ?)'),
    media: statement('INSERT INTO post_media (post_id, media_id, position, caption) VALUES (?, ?, ?, ?)'),
    document: statement('INSERT INTO post_documents (post_id, document_id, position) VALUES (?, ?, ?)'),
    attribute: statement('INSERT INTO post_attributes (post_id, name, value) VALUES (?, ?, ?)'),
    job: statement(`INSERT INTO job_details (post_id, level, experience_years, requirements, responsibilities, benefits,
      company_confidential, resume_required) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    hireme: statement(`INSERT INTO hireme_details (post_id, expertise, rate, vaccination, skill, experience, education,
      company_confidential) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    service: statement('INSERT INTO service_details (post_id, description) VALUES (?, ?)'),
    buysell: statement('INSERT INTO buysell_details (post_id, deal_type, condition, brand, qty, description) VALUES (?, ?, ?, ?, ?, ?)'),
    review: statement(`INSERT INTO reviews (post_id, profile_id, reviewer_name, reviewer_image_id, rating, content, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    rating: statement('UPDATE posts SET rating = ?, rating_count = ? WHERE id = ?'),
    language: statement('UPDATE posts SET content_lang = ? WHERE id = ?'),
  };
}

function bulletList(items: string[]): string {
  return items.map((item) => `• ${item}`).join('\n');
}

/**
 * Some services ads are written in Malay or in Chinese (issue 42), picked by id (the random stream stays as it was):
 * one in ten in each, where the category has a name in that language.
 */
function writtenIn(id: number, category: SeedCategory, profile: SeedProfile): { lang: 'ms' | 'zh'; title: string; summary: string } | undefined {
  const names = GLOSSARY.categories[category.name];
  const { name: city, stateName: state } = profile.city;
  if (!names) return undefined;
  if (id % 10 === 3) {
    return { lang: 'ms', title: `${names.ms} di ${city} - ${profile.name}`, summary: `${profile.name} menawarkan perkhidmatan ${names.ms.toLowerCase()} yang dipercayai di ${city}, ${state}. Kami membaiki, memasang dan menyelenggara dengan cepat. Kunjungi kedai kami di ${city}.` };
  }
  if (id % 10 === 7) {
    return { lang: 'zh', title: `${names.zh} - ${profile.name}（${city}）`, summary: `${profile.name}在${city}（${state}）提供专业的${names.zh}服务，价格合理，欢迎询问。` };
  }
  return undefined;
}

function serviceDraft(context: SeedContext, id: number, profile: SeedProfile, category: SeedCategory, s: Statements): PostDraft {
  const { random } = context;
  const priceMin = random.chance(0.15) ? null : roundTo(random.int(30, 800), 10);
  const priceMax = priceMin !== null && random.chance(0.6) ? roundTo(priceMin * (1.5 + random.next() * 2.5), 10) : null;
  const title = random.pick(SERVICE_TITLE_TEMPLATES)
    .replace('{cat}', category.name).replace('{city}', profile.city.name).replace('{state}', profile.city.stateName)
    .replace('{business}', profile.name).replace('{price}', String(priceMin ?? 99));
  const points = random.sample(SERVICE_SELLING_POINTS, 4)
    .map((point) => point.replace('{year}', String(random.int(1995, 2020))).replace('{n}', String(random.int(2, 50) * 100)));
  const write = () => s.service.run(id, `${profile.name} offers ${category.name.toLowerCase()} for homes and businesses in ${profile.city.name}, ${profile.city.stateName}.\n\n${bulletList(points)}`);
  const written = writtenIn(id, category, profile);
  return {
    write,
    contentLang: written?.lang ?? 'en',
    title: written?.title ?? title,
    summary: written?.summary ?? `${category.name} by ${profile.name} in ${profile.city.name}. ${points[0]} ${points[1]}`,
    priceMin, priceMax,
    op: priceMin !== null && random.chance(0.2) ? roundTo(priceMin * (1.1 + random.next() * 0.5), 10) : null,
    images: random.int(1, 5), documentTitle: random.chance(0.15) ? 'Price List' : null, reviews: true,
  };
}

function jobDraft(context: SeedContext, id: number, profile: SeedProfile, category: SeedCategory, s: Statements): PostDraft {
  const { random } = context;
  const level = random.weighted<JobLevel>({ assistant: 15, non_executive: 20, junior_executive: 25, senior_executive: 20, manager: 14, senior_manager: 6 });
  const [low, high] = SALARY_BY_LEVEL[level];
  const priceMin = random.chance(0.1) ? null : roundTo(random.int(low, high), 100);
  const priceMax = priceMin === null ? null : priceMin + roundTo(random.int(300, 3000), 100);
  const years = { assistant: 0, non_executive: 1, junior_executive: 1, senior_executive: 3, manager: 5, senior_manager: 8 }[level] + random.int(0, 2);
  const confidential = random.chance(0.12);
  const types = random.chance(0.75) ? ['FT'] : random.chance(0.6) ? ['PT'] : random.chance(0.5) ? ['FT', 'PT'] : ['I'];
  const qualifications = level === 'assistant' || level === 'non_executive'
    ? random.sample(['spm', 'secondary_school', 'diploma'], random.int(1, 2))
    : random.sample(['diploma', 'degree', 'master'], random.int(1, 2));
  const details = [
    id, level, years,
    bulletList(random.sample(JOB_REQUIREMENTS, 4).map((line) => line.replace('{years}', String(Math.max(1, years))))),
    bulletList(random.sample(JOB_RESPONSIBILITIES, 4)),
    bulletList(random.sample(JOB_BENEFITS, random.int(3, 6))),
    confidential ? 1 : 0, random.chance(0.5) ? 1 : 0,
  ] as const;
  const write = () => {
    s.job.run(...details);
    for (const type of types) s.attribute.run(id, 'job_type', type);
    for (const qualification of qualifications) s.attribute.run(id, 'job_qualification', qualification);
  };
  const title = `${random.pick(JOB_TITLE_MODIFIERS)}${category.name}${random.pick(JOB_TITLE_SUFFIXES).replace('{city}', profile.city.name)}`;
  const employer = confidential ? 'An established company' : profile.name;
  return {
    write,
    title,
    summary: `${employer} is hiring a ${JOB_TYPES[types[0] as keyof typeof JOB_TYPES].toLowerCase()} ${category.name} (${JOB_LEVELS[level]}) in ${profile.city.name}, ${profile.city.stateName}.`,
    priceMin, priceMax, op: null,
    images: random.chance(0.3) ? 1 : 0, documentTitle: random.chance(0.3) ? 'Job Description' : null, reviews: false,
  };
}

function hiremeDraft(context: SeedContext, id: number, profile: SeedProfile, category: SeedCategory, s: Statements): PostDraft {
  const { random } = context;
  const rate = random.weighted<HiremeRate>({ hour: 35, day: 25, month: 25, project: 15 });
  const [low, high, step] = RATE_RANGES[rate];
  const salary = random.chance(0.1) ? null : roundTo(random.int(low, high), step);
  const expertise = random.pick(Object.keys(HIREME_EXPERTISE));
  const languages = random.sample(LANGUAGES.slice(0, 4), random.int(1, 3));
  const types = random.sample(Object.keys(HIREME_TYPES), random.int(1, 2));
  const years = random.int(1, 15);
  const details = [
    id, expertise, rate, random.pick(VACCINATION),
    `${category.name} with ${years} years of hands-on experience. ${random.sample(HIREME_SKILLS, 2).join(' ')}`,
    `${years} years as ${category.name.toLowerCase()}, most recently with clients around ${profile.city.name}.`,
    random.pick(Object.keys(EDUCATION_LEVELS).slice(3)),
    random.chance(0.1) ? 1 : 0,
  ] as const;
  const write = () => {
    s.hireme.run(...details);
    for (const language of languages) s.attribute.run(id, 'hireme_language', language);
    for (const type of types) s.attribute.run(id, 'hireme_type', type);
  };
  const firstName = profile.name.split(' ')[0];
  return {
    write,
    title: `${HIREME_EXPERTISE[expertise as keyof typeof HIREME_EXPERTISE]} ${category.name} available in ${profile.city.name}`,
    summary: `${firstName} offers ${expertise}-level ${category.name.toLowerCase()} services, charged ${HIREME_RATES[rate].toLowerCase()}, around ${profile.city.name}.`,
    priceMin: salary, priceMax: null, op: null,
    images: 1, documentTitle: random.chance(0.4) ? 'Resume' : null, reviews: false,
  };
}

function buysellDraft(context: SeedContext, id: number, profile: SeedProfile, category: SeedCategory, s: Statements): PostDraft {
  const { random } = context;
  const [item, brand, basePrice] = random.pick(BUYSELL_ITEMS[category.name] ?? [[category.name, 'n/a', 100]]);
  const dealType = random.chance(0.8) ? 'sell' : 'buy';
  const condition = random.chance(0.55) ? 'used' : 'new';
  const step = basePrice >= 1000 ? 100 : basePrice >= 100 ? 10 : 1;
  const price = roundTo(basePrice * (0.7 + random.next() * 0.5), step);
  const methods = random.sample(Object.keys(DEAL_METHODS), random.int(1, 3));
  const details = [
    id, dealType, condition, brand === 'n/a' ? null : brand, random.chance(0.7) ? random.int(1, 20) : null,
    dealType === 'sell'
      ? `${condition === 'new' ? 'Brand new' : 'Well kept, lightly used'} ${item}. Located in ${profile.city.name}. Serious buyers only, price slightly negotiable.`
      : `Looking to buy ${item} in good condition around ${profile.city.name}. Please send photos and your best price.`,
  ] as const;
  const write = () => {
    s.buysell.run(...details);
    for (const method of methods) s.attribute.run(id, 'buysell_method', method);
  };
  return {
    write,
    title: dealType === 'sell' ? `${item}${condition === 'used' ? ' (Used)' : ''}` : `WTB: ${item}`,
    summary: `${dealType === 'sell' ? 'For sale' : 'Wanted'}: ${item} in ${profile.city.name}, ${profile.city.stateName}.`,
    priceMin: random.chance(0.08) ? null : price, priceMax: null,
    op: dealType === 'sell' && random.chance(0.3) ? roundTo(price * (1.1 + random.next() * 0.4), step) : null,
    images: dealType === 'sell' ? random.int(1, 5) : random.int(0, 1), documentTitle: null, reviews: dealType === 'sell',
  };
}

const DRAFTS = { services: serviceDraft, jobs: jobDraft, hireme: hiremeDraft, buysell: buysellDraft } as const;

/** Inserts reviews for a post or profile and returns [average rating, count]. */
export function insertReviews(
  context: SeedContext, s: Statements, type: 'post' | 'profile', id: number, count: number, after: number,
): [number, number] {
  const { random } = context;
  let sum = 0;
  for (let index = 0; index < count; index++) {
    const [rating, content] = random.pick(REVIEW_TEXTS);
    sum += rating;
    const at = isoDate(after + random.int(1, Math.max(1, Math.floor((context.now - after) / DAY_MS))) * DAY_MS);
    s.review.run(type === 'post' ? id : null, type === 'profile' ? id : null, personName(random),
      random.chance(0.4) ? random.pick(context.media.avatar) : null, rating, content, at, at);
  }
  return [count === 0 ? 0 : Math.round((sum / count) * 10) / 10, count];
}

/**
 * Inserts `count` posts spread over the four types. Calls `commit` every `batch` posts so a
 * long run can be written in several transactions and report progress.
 */
export function insertPosts(context: SeedContext, profiles: SeedProfile[], count: number, onBatch: (done: number) => void): void {
  const { random } = context;
  const s = prepare(context);
  const businesses = profiles.filter((profile) => profile.kind === 'business');
  const individuals = profiles.filter((profile) => profile.kind === 'individual');
  const children = {
    services: childCategories(context, 'services'), jobs: childCategories(context, 'jobs'),
    hireme: childCategories(context, 'hireme'), buysell: childCategories(context, 'buysell'),
  };
  const documentId = (title: string) => context.media.documents.find((document) => document.title === title)?.id;
  for (let id = 1; id <= count; id++) {
    const type = random.weighted(TYPE_SHARES);
    const profile = type === 'hireme' ? random.pick(individuals.length ? individuals : profiles)
      : type === 'buysell' ? random.pick(profiles) : random.pick(businesses.length ? businesses : profiles);
    const own = children[type].filter((category) => profile.categoryIds.includes(category.id));
    // A business advertises its own trades; jobs and buy/sell posts may be in any category.
    const category = own.length > 0 && (type === 'services' || random.chance(0.85)) ? random.pick(own) : random.pick(children[type]);
    const draft = DRAFTS[type](context, id, profile, category, s);
    const lifetime = type === 'jobs' ? 60 : type === 'buysell' ? 90 : null;
    // Most posts are live; about 1 in 20 of those that expire already has, to show the expired page.
    const ageDays = lifetime === null ? random.int(0, 365) : random.chance(0.05) ? random.int(lifetime, lifetime + 120) : random.int(0, lifetime - 1);
    const published = context.now - ageDays * DAY_MS - random.int(0, 86_399) * 1000;
    s.post.run(
      id, type, profile.id, `${slugify(draft.title).slice(0, 80)}-${id}`, draft.title, draft.summary, profile.plan,
      sen(draft.priceMin), sen(draft.priceMax), sen(draft.op), random.int(0, 40) * random.int(1, 50),
      isoDate(published), lifetime === null ? null : isoDate(published + lifetime * DAY_MS), isoDate(published), isoDate(published),
    );
    draft.write();
    if (draft.contentLang && draft.contentLang !== 'en') s.language.run(draft.contentLang, id);
    s.category.run(id, category.id, 0);
    const locations = type === 'services' ? profile.locationIds : profile.locationIds.slice(0, 1);
    locations.forEach((locationId, position) => s.location.run(id, locationId, position));
    random.sample(context.media.post, draft.images).forEach((mediaId, position) =>
      s.media.run(id, type === 'hireme' ? random.pick(context.media.avatar) : mediaId, position, random.pick(PHOTO_CAPTIONS)));
    const document = draft.documentTitle === null ? undefined : documentId(draft.documentTitle);
    if (document !== undefined) s.document.run(id, document, 0);
    if (draft.reviews && random.chance(0.45)) {
      const [rating, ratingCount] = insertReviews(context, s, 'post', id, random.int(1, 6), published);
      s.rating.run(rating, ratingCount, id);
    }
    if (id % 5000 === 0 || id === count) onBatch(id);
  }
}

export { prepare as preparePostStatements };
