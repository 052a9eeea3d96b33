/** The category choices of the advertiser's forms: every child category, by type, labelled with its parent (spec §3 Config). */
import { LISTING_TYPE_LABELS, LISTING_TYPES, type ListingType } from '../../shared/constants.ts';
import type { CategoryChoice } from '../../shared/schemas/advertiser.ts';
import type { AppContext } from '../app-types.ts';

export async function categoryChoices(app: AppContext): Promise<Record<ListingType, CategoryChoice[]>> {
  const tree = await app.repos.catalog.findCategoryTree();
  const names = new Map(tree.map((category) => [category.id, category.name]));
  return Object.fromEntries(LISTING_TYPES.map((type) => [type, tree
    .filter((category) => category.type === type && category.parent_id !== null)
    .map((category) => ({ slug: category.slug, label: `${names.get(category.parent_id!)} › ${category.name}` }))])) as Record<ListingType, CategoryChoice[]>;
}

/** Every child category of every type, for a business's categories. */
export async function allCategoryChoices(app: AppContext): Promise<CategoryChoice[]> {
  const byType = await categoryChoices(app);
  return LISTING_TYPES.flatMap((type) => byType[type].map((choice) => ({ ...choice, label: `${LISTING_TYPE_LABELS[type].tab}: ${choice.label}` })));
}
