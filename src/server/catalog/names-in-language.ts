/**
 * Category names in another language wherever a page or an answer names them (issue 42): a card's categories and
 * parents, a post's own, a home row's category. The names come from the category tree of that language
 * (category_names); slugs stay, and a category without a name there keeps its English one. Listings' own words are
 * never touched. Values may be shared and frozen (home.ts): this returns copies.
 */
import type { Locale } from '../../shared/locale.ts';
import type { CatalogContext } from './context.ts';
import { getSpecializationsByType } from './home.ts';

/** English name → the language's, and type/slug → the same (a slug is unique within its type). */
export interface CategoryWords {
  byName: Map<string, string>;
  bySlug: Map<string, string>;
}

export async function categoryWords(context: CatalogContext, locale: Locale): Promise<CategoryWords> {
  const [english, local] = await Promise.all([getSpecializationsByType(context), getSpecializationsByType(context, { locale })]);
  const byName = new Map<string, string>();
  const bySlug = new Map<string, string>();
  const add = (category: { name: string; slug: string; type: string }, named: { name: string; slug: string } | undefined) => {
    if (!named || named.slug !== category.slug) return;
    if (!byName.has(category.name)) byName.set(category.name, named.name);
    bySlug.set(`${category.type}/${category.slug}`, named.name);
  };
  for (const type of Object.keys(english) as (keyof typeof english)[]) {
    english[type].forEach((main, index) => {
      const named = local[type][index];
      add(main, named);
      main.child.forEach((child, childIndex) => add(child, named?.child[childIndex]));
    });
  }
  return { byName, bySlug };
}

type Named = { name: string; slug?: string; type?: string };

function renamed<T extends Named>(category: T, words: CategoryWords, type?: string): T {
  const kind = category.type ?? type;
  const name = (kind && category.slug ? words.bySlug.get(`${kind}/${category.slug}`) : undefined) ?? words.byName.get(category.name) ?? category.name;
  return name === category.name ? category : { ...category, name };
}

/**
 * `value` with every category it names in the language of `words`: the `categories` and `parent_categories` of cards
 * and posts, and a home row's `category` (with its `parent`), at any depth.
 */
export function categoriesInLanguage<T>(value: T, words: CategoryWords): T {
  if (Array.isArray(value)) return value.map((item: unknown) => categoriesInLanguage(item, words)) as T;
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const type = typeof source.type === 'string' ? source.type : undefined;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(source)) {
    if ((key === 'categories' || key === 'parent_categories') && Array.isArray(inner)) {
      copy[key] = inner.map((category: Named) => (typeof category?.name === 'string' ? categoriesInLanguage(renamed(category, words, type), words) : category));
    } else if ((key === 'category' || key === 'parent') && inner !== null && typeof inner === 'object' && typeof (inner as Named).name === 'string') {
      copy[key] = categoriesInLanguage(renamed(inner as Named, words, type), words);
    } else {
      copy[key] = categoriesInLanguage(inner, words);
    }
  }
  return copy as T;
}

/** `value` with its categories named in `locale` (English: as it is). */
export async function withCategoryNames<T>(context: CatalogContext, value: T, locale: Locale): Promise<T> {
  return locale === 'en' ? value : categoriesInLanguage(value, await categoryWords(context, locale));
}
