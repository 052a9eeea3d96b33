import type { Plan } from '../../../src/shared/constants.ts';
import { slugify } from '../../../src/shared/slug.ts';
import { childCategories, DAY_MS, isoDate, pickCity, type SeedCategory, type SeedContext, type SeedProfile } from './context.ts';
import { address, companyNumber, internationalNumber, landlineNumber, mobileNumber, personName } from '../people.ts';
import { BADGES, BUSINESS_PREFIXES, BUSINESS_SUFFIXES, PHOTO_CAPTIONS, SERVICE_SELLING_POINTS } from '../words.ts';

export const PLAN_WEIGHTS: Record<Plan, number> = { FREE: 60, BRONZE: 20, SILVER: 12, GOLD: 8 };

/** Opening hours patterns: [day (0 = Sunday), opens, closes][]. */
function businessHours(context: SeedContext, category: SeedCategory): [number, string, string][] {
  const { random } = context;
  const roll = random.next();
  const days = (from: number, to: number, opens: string, closes: string) =>
    Array.from({ length: to - from + 1 }, (_, index): [number, string, string] => [from + index, opens, closes]);
  if (/Towing|Locksmith|Clinic|Hotel/.test(category.name) && roll < 0.5) return days(0, 6, '00:00', '23:59');
  if (/Restaurant|Cafe|Bakery|Food/.test(category.name)) return days(0, 6, '10:00', '22:00');
  if (roll < 0.2) return [...days(1, 5, '09:00', '13:00'), ...days(1, 5, '14:00', '18:00')];
  if (roll < 0.6) return [...days(1, 5, '09:00', '18:00'), [6, '09:00', '13:00']];
  if (roll < 0.85) return days(1, 6, '08:30', '17:30');
  return [...days(1, 6, '10:00', '20:00'), [0, '10:00', '16:00']];
}

function aboutHtml(context: SeedContext, name: string, category: SeedCategory, city: string, year: number): string {
  const points = context.random.sample(SERVICE_SELLING_POINTS, 3).map((point) =>
    `<li>${point.replace('{year}', String(year)).replace('{n}', String(context.random.int(2, 50) * 100))}</li>`);
  return `<p><strong>${name}</strong> provides ${category.name.toLowerCase()} services in ${city} and the surrounding areas since ${year}.</p>`
    + `<ul>${points.join('')}</ul><p>Call or WhatsApp us for a free quotation.</p>`;
}

/** Inserts `count` profiles: about four in five are businesses, the rest individuals offering themselves for hire. */
export function insertProfiles(context: SeedContext, count: number): SeedProfile[] {
  const { random, statement } = context;
  const insertProfile = statement(`INSERT INTO profiles (id, slug, kind, name, store_name, company_no, about, plan, claimed,
    logo_id, image_id, established_year, url, facebook, twitter, instagram, linkedin, wechat, youtube, whatsapp, view_count,
    created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertCategory = statement('INSERT INTO profile_categories (profile_id, category_id, position) VALUES (?, ?, ?)');
  const insertMedia = statement('INSERT INTO profile_media (profile_id, media_id, position, caption) VALUES (?, ?, ?, ?)');
  const insertDocument = statement('INSERT INTO profile_documents (profile_id, document_id, position) VALUES (?, ?, ?)');
  const insertHours = statement('INSERT INTO business_hours (profile_id, day, opens, closes) VALUES (?, ?, ?, ?)');
  const insertLocation = statement(`INSERT INTO locations (id, profile_id, position, name, address_line1, address_line2, city_id,
    postcode, state_id, phone_number, company_phone_number, fax_number, email, latitude, longitude)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  const services = childCategories(context, 'services');
  const hireme = childCategories(context, 'hireme');
  const slugs = new Set<string>();
  const profiles: SeedProfile[] = [];
  let locationId = 0;
  for (let id = 1; id <= count; id++) {
    const kind = random.chance(0.2) ? 'individual' : 'business';
    const city = pickCity(context);
    const year = random.int(1985, 2024);
    const plan = kind === 'business' ? random.weighted(PLAN_WEIGHTS) : random.weighted({ FREE: 85, BRONZE: 10, SILVER: 5 } as Record<Plan, number>);
    const main = random.pick(kind === 'business' ? services : hireme);
    const siblings = (kind === 'business' ? services : hireme).filter((category) => category.parentId === main.parentId && category.id !== main.id);
    const categories = [main, ...random.sample(siblings, kind === 'business' ? random.int(0, 2) : 0)];
    const name = kind === 'business'
      ? `${random.pick(BUSINESS_PREFIXES)} ${main.name.replace(/ & .*/, '')} ${random.pick(BUSINESS_SUFFIXES)}`
      : personName(random);
    let slug = slugify(name);
    if (slugs.has(slug)) slug = `${slug}-${slugify(city.name)}`;
    if (slugs.has(slug)) slug = `${slug}-${id}`;
    slugs.add(slug);
    const mobile = mobileNumber(random);
    const social = kind === 'business' && random.chance(0.6);
    const created = context.now - random.int(30, 1500) * DAY_MS;
    insertProfile.run(
      id, slug, kind, name,
      kind === 'business' && random.chance(0.5) ? `${name.split(' ')[0]} ${main.name} ${city.name}` : null,
      kind === 'business' ? companyNumber(random, year) : null,
      kind === 'business' ? aboutHtml(context, name, main, city.name, year) : `<p>Hi, I am ${name.split(' ')[0]}, based in ${city.name}. I offer ${main.name.toLowerCase()} services.</p>`,
      plan, random.chance(0.75) ? 1 : 0,
      random.pick(kind === 'business' ? context.media.logo : context.media.avatar), random.pick(context.media.post),
      kind === 'business' ? year : null,
      social ? `https://www.example.com/${slug}` : null,
      social ? `https://www.facebook.com/${slug}` : null,
      social && random.chance(0.3) ? `https://twitter.com/${slug.slice(0, 15)}` : null,
      social && random.chance(0.6) ? `https://www.instagram.com/${slug.replace(/-/g, '.')}` : null,
      social && random.chance(0.3) ? `https://www.linkedin.com/company/${slug}` : null,
      social && random.chance(0.1) ? slug.replace(/-/g, '_') : null,
      social && random.chance(0.2) ? `https://www.youtube.com/@${slug.replace(/-/g, '')}` : null,
      random.chance(0.7) ? internationalNumber(mobile) : null,
      random.int(0, 20) * random.int(0, 60),
      isoDate(created), isoDate(created + random.int(0, 20) * DAY_MS),
    );
    categories.forEach((category, position) => insertCategory.run(id, category.id, position));
    if (kind === 'business') {
      // The free-text badges went with issue 45 (badges come from evidence now); their draw stays, so the rest of the
      // demo data is as it was.
      random.sample(BADGES, random.int(0, 2));
      for (const [day, opens, closes] of businessHours(context, main)) insertHours.run(id, day, opens, closes);
      random.sample(context.media.post, random.int(0, 6)).forEach((mediaId, position) =>
        insertMedia.run(id, mediaId, position, random.pick(PHOTO_CAPTIONS)));
      random.sample(context.media.documents, random.int(0, 2)).forEach((document, position) =>
        insertDocument.run(id, document.id, position));
    }
    const locationIds: number[] = [];
    const locationCount = kind === 'business' ? random.pick([1, 1, 1, 2, 2, 3]) : 1;
    for (let position = 0; position < locationCount; position++) {
      const where = position === 0 ? city : random.chance(0.7)
        ? random.pick(context.cities.filter((other) => other.stateId === city.stateId)) : pickCity(context);
      const place = address(random, where);
      locationId += 1;
      insertLocation.run(
        locationId, id, position,
        position === 0 ? (kind === 'business' ? 'Main Office' : 'Home Base') : `${where.name} Branch`,
        place.address_line1, place.address_line2, where.id, place.postcode, where.stateId,
        position === 0 ? mobile : mobileNumber(random),
        kind === 'business' ? landlineNumber(random, where) : null,
        kind === 'business' && random.chance(0.4) ? landlineNumber(random, where) : null,
        kind === 'business' && random.chance(0.7) ? `${slug.slice(0, 24)}@example.com` : null,
        place.latitude, place.longitude,
      );
      locationIds.push(locationId);
    }
    profiles.push({ id, kind, name, slug, plan, categoryIds: categories.map((category) => category.id), locationIds, city });
  }
  return profiles;
}
