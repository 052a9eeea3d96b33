/** A search that finds nothing offers a way on (issue 63): close categories in any language, corrected words. */
import { describe, expect, it } from 'vitest';
import { helpForNoResults } from '../../src/server/search/no-results.ts';
import { getSearchPage } from '../../src/server/pages/search-page.ts';
import { SearchRequestSchema } from '../../src/shared/search.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import type { Locale } from '../../src/shared/locale.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const database = useTestDatabase();

async function helpFor(type: ListingType, search: string, locale: Locale = 'en') {
  const request = SearchRequestSchema.parse({ type, search });
  expect((await database.app.search.search(request)).total, `"${search}" should find nothing`).toBe(0);
  return helpForNoResults(database.app, type, request, locale);
}

describe('a search that finds nothing', () => {
  it('corrects a mistyped word to the site’s own word when that finds listings', async () => {
    const help = await helpFor('services', 'plumbng');
    expect(help.corrected).toBe('plumbing');
    expect(help.categories.map((category) => category.name)).toContain('Plumbing');
    expect((await database.app.search.search(SearchRequestSchema.parse({ type: 'services', search: help.corrected! }))).total).toBeGreaterThan(0);
    // The glossary's words are the site's too: 'plumbr' is one letter from 'plumber', which finds the plumbing listings.
    expect((await helpFor('services', 'plumbr')).corrected).toBe('plumber');
    // Two words, one of them mistyped: only that one changes.
    expect((await helpFor('services', 'aircon servcing')).corrected).toBe('aircon servicing');
  });

  it('names categories whose Malay or Chinese name is close, in the page’s language', async () => {
    const malay = await helpFor('services', 'tusyen rumah', 'ms');
    expect(malay.categories[0]).toMatchObject({ name: 'Tuisyen Rumah', sub: 'home-tuition' });
    const chinese = await helpFor('services', 'aircon servicng', 'zh');
    expect(chinese.categories.map((category) => category.name)).toContain('冷气保养');
    expect(chinese.categories.every((category) => /\p{Script=Han}/u.test(category.name))).toBe(true);
  });

  it('offers nothing it cannot stand behind: no correction of a word nobody wrote, no far category', async () => {
    expect(await helpFor('jobs', 'qwxzvbk')).toEqual({ corrected: null, categories: [] });
    // A known word is not "corrected", even where the words together find nothing.
    expect((await helpFor('services', 'plumbing kindergarten')).corrected).toBeNull();
  });

  it('reaches the search page, which keeps the help for a keyword search only', async () => {
    const page = (await getSearchPage(database.app, 'services', [], new URLSearchParams({ what: 'plumbng' }), 'client-1'))!;
    expect(page.response.total).toBe(0);
    expect(page.help?.corrected).toBe('plumbing');
    const found = (await getSearchPage(database.app, 'services', [], new URLSearchParams({ what: 'plumbing' }), 'client-1'))!;
    expect(found.help).toBeNull();
  });
});
