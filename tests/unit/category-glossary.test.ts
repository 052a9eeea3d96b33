/** The glossary (messages/glossary.json, issue 63): every category of the four types has its Malay and Chinese name. */
import { describe, expect, it } from 'vitest';
import { CATEGORY_TREES } from '../../scripts/seed/categories.ts';
import { GLOSSARY } from '../../src/server/catalog/glossary.ts';

describe('the category glossary', () => {
  it('names every category and subcategory of the four types in Malay and Chinese', () => {
    const names = Object.values(CATEGORY_TREES).flatMap((trees) => trees.flatMap((parent) => [parent.name, ...parent.children]));
    expect(names.length).toBeGreaterThan(400);
    const unnamed = names.filter((name) => !GLOSSARY.categories[name]?.ms.trim() || !GLOSSARY.categories[name]?.zh.trim());
    expect(unnamed).toEqual([]);
    // Chinese names are written in Chinese (a Latin brand or abbreviation may sit inside, as in IT支援).
    expect(Object.entries(GLOSSARY.categories).filter(([, { zh }]) => !/\p{Script=Han}/u.test(zh)).map(([name]) => name)).toEqual([]);
  });
});
