import { slugify } from '../../../src/shared/slug.ts';
import { LISTING_TYPES } from '../../../src/shared/constants.ts';
import { CATEGORY_TREES } from '../categories.ts';
import { GLOSSARY } from '../../../src/server/catalog/glossary.ts';
import { COUNTRIES, STATES } from '../malaysia.ts';
import { CITY_NAMES, STATE_NAMES } from '../place-names.ts';
import type { SeedCategory, SeedCity, SeedContext } from './context.ts';

/** Klang Valley towns (a fifth of listings sit around Kuala Lumpur, as on the real site). */
const KLANG_VALLEY = new Set(['Kuala Lumpur', 'Selangor', 'Putrajaya']);

export function insertPlaces(context: Pick<SeedContext, 'statement'>): SeedCity[] {
  const insertCountry = context.statement('INSERT INTO countries (id, name, iso2, calling_code) VALUES (?, ?, ?, ?)');
  COUNTRIES.forEach((country, index) => insertCountry.run(index + 1, country.name, country.iso2, country.calling_code));
  const insertState = context.statement('INSERT INTO states (id, country_id, name, slug, kind) VALUES (?, 1, ?, ?, ?)');
  const insertCity = context.statement(
    'INSERT INTO cities (id, state_id, name, slug, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const nameState = context.statement('INSERT INTO state_names (state_id, locale, name) VALUES (?, ?, ?)');
  const nameCity = context.statement('INSERT INTO city_names (city_id, locale, name) VALUES (?, ?, ?)');
  /** A place's Malay name (where it differs) and Chinese name (issue 42). */
  const named = (insert: typeof nameState, id: number, names: { ms?: string; zh: string } | undefined) => {
    if (names?.ms) insert.run(id, 'ms', names.ms);
    if (names) insert.run(id, 'zh', names.zh);
  };
  const cities: SeedCity[] = [];
  const citySlugs = new Set<string>();
  STATES.forEach((state, stateIndex) => {
    const stateId = stateIndex + 1;
    insertState.run(stateId, state.name, slugify(state.name), state.kind);
    named(nameState, stateId, STATE_NAMES[state.name]);
    state.cities.forEach(([name, latitude, longitude, postcode], cityIndex) => {
      const id = cities.length + 1;
      // Two towns may share a name across states; the slug then carries the state.
      let slug = slugify(name);
      if (citySlugs.has(slug)) slug = `${slug}-${slugify(state.name)}`;
      citySlugs.add(slug);
      insertCity.run(id, stateId, name, slug, latitude, longitude);
      named(nameCity, id, CITY_NAMES[name]);
      const weight = KLANG_VALLEY.has(state.name) ? 6 : cityIndex === 0 ? 5 : cityIndex < 4 ? 2 : 1;
      cities.push({ id, name, stateId, stateName: state.name, areaCode: state.areaCode, latitude, longitude, postcode, weight });
    });
  });
  return cities;
}

export function insertCategories(context: Pick<SeedContext, 'statement'>): SeedCategory[] {
  const insert = context.statement(
    'INSERT INTO categories (id, type, parent_id, name, slug, position, education) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const translate = context.statement('INSERT INTO category_names (category_id, locale, name) VALUES (?, ?, ?)');
  const categories: SeedCategory[] = [];
  const named = (id: number, name: string) => {
    const names = GLOSSARY.categories[name];
    if (names) for (const locale of ['ms', 'zh'] as const) translate.run(id, locale, names[locale]);
  };
  for (const type of LISTING_TYPES) {
    const slugs = new Set<string>();
    const uniqueSlug = (name: string, parentName: string) => {
      let slug = slugify(name);
      if (slugs.has(slug)) slug = `${slugify(parentName)}-${slug}`;
      slugs.add(slug);
      return slug;
    };
    CATEGORY_TREES[type].forEach((parent, parentIndex) => {
      const parentId = categories.length + 1;
      const education = parent.education ?? false;
      const parentSlug = uniqueSlug(parent.name, type);
      insert.run(parentId, type, null, parent.name, parentSlug, parentIndex, education ? 1 : 0);
      categories.push({ id: parentId, type, name: parent.name, slug: parentSlug, parentId: null, education });
      named(parentId, parent.name);
      parent.children.forEach((child, childIndex) => {
        const id = categories.length + 1;
        const slug = uniqueSlug(child, parent.name);
        insert.run(id, type, parentId, child, slug, childIndex, education ? 1 : 0);
        categories.push({ id, type, name: child, slug, parentId, education });
        named(id, child);
      });
    });
  }
  return categories;
}
