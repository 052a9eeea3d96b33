import { describe, expect, it } from 'vitest';
import { scrollStep } from '../../src/shared/scroll-step.ts';
import { pager } from '../../src/shared/pager.ts';
import { priceBuckets } from '../../src/shared/price-buckets.ts';
import {
  canonicalState, changeSearch, isIndexable, readSearchState, searchHref, toggleListValue, toSearchRequest,
} from '../../src/shared/search-params.ts';
import { toSearchQuery } from '../../src/shared/search-query.ts';
import { description, titlePrefix } from '../../src/shared/seo.ts';
import { pushRecent } from '../../src/stores/recent.ts';

const numbers = (items: ReturnType<typeof pager>['items']) => items.map((item) => (item.kind === 'page' ? item.page : '…'));

describe('pager window', () => {
  it('shows at most 5 numbers with the first and last page and ellipses', () => {
    expect(numbers(pager(1, 1000, 12).items)).toEqual([1, 2, 3, 4, 5, '…', 84]);
    expect(numbers(pager(10, 1000, 12).items)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 84]);
    expect(numbers(pager(84, 1000, 12).items)).toEqual([1, '…', 80, 81, 82, 83, 84]);
    expect(numbers(pager(3, 1000, 12).items)).toEqual([1, 2, 3, 4, 5, '…', 84]);
    expect(numbers(pager(4, 1000, 12).items)).toEqual([1, 2, 3, 4, 5, 6, '…', 84]);
  });
  it('has no ellipsis for few pages and no previous or next at the ends', () => {
    const few = pager(2, 30, 12);
    expect(numbers(few.items)).toEqual([1, 2, 3]);
    expect(few.previous).toBe(1);
    expect(few.next).toBe(3);
    expect(pager(1, 30, 12).previous).toBeNull();
    expect(pager(3, 30, 12).next).toBeNull();
  });
  it("captions 'x - y of N Results'", () => {
    expect(pager(1, 1000, 12).caption).toBe('1 - 12 of 1000 Results');
    expect(pager(84, 1000, 12).caption).toBe('997 - 1000 of 1000 Results');
    expect(pager(1, 0, 12).caption).toBe('0 - 0 of 0 Results');
  });
});

describe('price buckets', () => {
  it('are 0-100, 100-500, 500-1000 and 1000++ by default', () => {
    expect(priceBuckets(null, null).map((bucket) => bucket.value)).toEqual(['0-100', '100-500', '500-1000', '1000++']);
    expect(priceBuckets(50, 400).map((bucket) => bucket.value)).toEqual(['0-100', '100-500', '500-1000', '1000++']);
  });
  it('are about 4 rounded steps from the minimum when the range is over 400', () => {
    expect(priceBuckets(30, 890).map((bucket) => bucket.value)).toEqual(['0-300', '300-600', '600-900', '900++']);
    expect(priceBuckets(1500, 20000).map((bucket) => bucket.value)).toEqual(['1000-6000', '6000-11000', '11000-16000', '16000++']);
  });
});

describe('recent searches and locations', () => {
  it('keep 4, newest first, without duplicates, and never Near Me', () => {
    let list: string[] = [];
    for (const term of ['a', 'b', 'c', 'd', 'e']) list = pushRecent(list, term);
    expect(list).toEqual(['e', 'd', 'c', 'b']);
    expect(pushRecent(list, 'C')).toEqual(['C', 'e', 'd', 'b']);
    expect(pushRecent(list, 'Near Me')).toEqual(list);
    expect(pushRecent(list, '  ')).toEqual(list);
  });
});

describe('query string ↔ search request', () => {
  const state = readSearchState('jobs', 'engineering', 'civil-engineer', new URLSearchParams(
    'what=site&where=Selangor&price=1000-5000&qualification=degree&job_type=FT,PT&job_level=manager&sort=az&page=2&junk=1'));

  it('maps every parameter of spec §2 to its request field', () => {
    expect(toSearchRequest(state)).toEqual({
      type: 'jobs', parent_specialization: 'engineering', specialization: 'civil-engineer', search: 'site', location: 'Selangor',
      price: '1000-5000', job_qualification: 'degree', job_type: 'FT,PT', job_level: 'manager', sort: 'az', page: '2',
    });
    const other = readSearchState('buysell', null, null, new URLSearchParams('condition=used&post_type=buy&method=cod&deal_method=delivery&ul=3.1,101.6&range=25&hireme_type=FL&hireme_rate=hour&hireme_expertise=expert'));
    expect(toSearchRequest(other)).toMatchObject({
      buysell_condition: 'used', buysell_type: 'buy', buysell_method: 'cod', buysell_deal_method: 'delivery', user_location: '3.1,101.6',
      distance: '25', hireme_type: 'FL', hireme_rate: 'hour', hireme_expertise: 'expert',
    });
  });

  it('drops parameters that do not parse instead of failing the page', () => {
    const { query, dropped } = toSearchQuery(readSearchState('services', null, null, new URLSearchParams('sort=cheapest&page=abc&what=aircon')));
    expect(dropped.sort()).toEqual(['page', 'sort']);
    expect(query).toMatchObject({ search: 'aircon', sort: 'recommended', page: 1 });
  });

  it('builds one URL per page, in a fixed parameter order, and back', () => {
    expect(searchHref(state)).toBe('/jobs/l/engineering/civil-engineer?what=site&where=Selangor&price=1000-5000&qualification=degree&job_type=FT%2CPT&job_level=manager&sort=az&page=2');
    const url = new URL(searchHref(state), 'http://x');
    expect(readSearchState('jobs', 'engineering', 'civil-engineer', url.searchParams).params).toEqual({ ...state.params });
  });

  it('resets the page on any change but the page, and a state-level place clears the user location', () => {
    expect(changeSearch(state, { params: { sort: 'rating' } }).params.page).toBeUndefined();
    expect(changeSearch(state, { params: { page: '3' } }).params.page).toBe('3');
    const near = readSearchState('services', null, null, new URLSearchParams('where=Near Me&ul=3.1,101.6&range=5'));
    expect(changeSearch(near, { params: { where: 'Johor' } }).params).toEqual({ where: 'Johor' });
  });

  it('toggles values of a comma list and removes an empty one', () => {
    expect(toggleListValue('FT', 'PT')).toBe('FT,PT');
    expect(toggleListValue('FT,PT', 'FT')).toBe('PT');
    expect(toggleListValue('FT', 'FT')).toBeNull();
  });

  it('indexes only a path with a place and a page; canonical drops the rest', () => {
    const plain = readSearchState('services', 'home-services', null, new URLSearchParams('where=Selangor&page=3'));
    expect(isIndexable(plain)).toBe(true);
    expect(isIndexable(state)).toBe(false);
    expect(searchHref(canonicalState(state))).toBe('/jobs/l/engineering/civil-engineer?where=Selangor');
    expect(searchHref(canonicalState(plain))).toBe('/services/l/home-services?where=Selangor&page=3');
  });
});

describe('search-engine texts', () => {
  it('chooses the same title prefix for the same top plans', () => {
    expect(titlePrefix(['GOLD', 'GOLD', 'SILVER'])).toBe(titlePrefix(['GOLD', 'GOLD', 'SILVER']));
    expect(titlePrefix([])).toBe('Recommended');
  });
  it('cuts descriptions to 150 characters at a word', () => {
    const text = description('word '.repeat(60));
    expect(text.length).toBeLessThanOrEqual(150);
    expect(text.endsWith('…')).toBe(true);
  });
  it('scrolls rows by 308 px, 5 more on wide windows, 209 for photos', () => {
    expect(scrollStep(800)).toBe(308);
    expect(scrollStep(1280)).toBe(313);
    expect(scrollStep(800, true)).toBe(209);
  });
});
