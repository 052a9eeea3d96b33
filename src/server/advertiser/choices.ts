/** The category choices of the advertiser's forms: every child category, by type, with its parent (spec §3 Config). */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';

/** Every child category by type, with its parent and its Malay and Chinese names (the picker finds a category by any of them). */
export async function categoryChoices(app: AppContext): Promise<Record<ListingType, CategoryChoice[]>> {
  const [tree, translated] = await Promise.all([app.repos.catalog.findCategoryTree(), app.repos.catalog.findCategoryNames()]);
  const names = new Map(tree.map((category) => [category.id, category.name]));
  const otherNames = new Map<number, string[]>();
  for (const row of translated) otherNames.set(row.category_id, [...otherNames.get(row.category_id) ?? [], row.name]);
  return Object.fromEntries(LISTING_TYPES.map((type) => [type, tree
    .filter((category) => category.type === type && category.parent_id !== null)
    .map((category) => ({ slug: category.slug, label: category.name, group: names.get(category.parent_id!) ?? '', type, names: otherNames.get(category.id) ?? [] }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.label.localeCompare(b.label))])) as Record<ListingType, CategoryChoice[]>;
}
