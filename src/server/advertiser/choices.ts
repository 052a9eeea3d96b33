/** The category choices of the advertiser's forms: every child category, by type, with its parent (spec §3 Config). */
import { LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';

export async function categoryChoices(app: AppContext): Promise<Record<ListingType, CategoryChoice[]>> {
  const tree = await app.repos.catalog.findCategoryTree();
  const names = new Map(tree.map((category) => [category.id, category.name]));
  return Object.fromEntries(LISTING_TYPES.map((type) => [type, tree
    .filter((category) => category.type === type && category.parent_id !== null)
    .map((category) => ({ slug: category.slug, label: category.name, group: names.get(category.parent_id!) ?? '', type }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.label.localeCompare(b.label))])) as Record<ListingType, CategoryChoice[]>;
}
