/** The category choices of the advertiser's forms: every child category, by type, with its parent (spec §3 Config). */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import type { Locale } from '../../shared/locale.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';

/**
 * Every child category by type, with its parent, named in `locale` (the advertiser's language, issue 63; English where
 * a category has no name in it), and with its names in the other languages (the picker finds a category by any of them).
 */
export async function categoryChoices(app: AppContext, locale: Locale): Promise<Record<ListingType, CategoryChoice[]>> {
  const [tree, translated] = await Promise.all([app.repos.catalog.findCategoryTree(), app.repos.catalog.findCategoryNames()]);
  const names = new Map<number, Partial<Record<Locale, string>>>(tree.map((category) => [category.id, { en: category.name }]));
  for (const row of translated) names.set(row.category_id, { ...names.get(row.category_id), [row.locale]: row.name });
  const nameOf = (id: number) => names.get(id)?.[locale] ?? names.get(id)?.en ?? '';
  return Object.fromEntries(LISTING_TYPES.map((type) => [type, tree
    .filter((category) => category.type === type && category.parent_id !== null)
    .map((category) => ({
      slug: category.slug, label: nameOf(category.id), group: nameOf(category.parent_id!), type,
      names: Object.entries(names.get(category.id) ?? {}).filter(([language, name]) => language !== locale && name !== nameOf(category.id)).map(([, name]) => name!),
    }))
    .sort((a, b) => a.group.localeCompare(b.group, locale) || a.label.localeCompare(b.label, locale))])) as Record<ListingType, CategoryChoice[]>;
}
