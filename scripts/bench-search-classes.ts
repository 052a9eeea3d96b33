/** The search benchmarks' query classes (bench:search, bench:cluster), by the keys of docs/benchmarks/cluster.json. */
export const SEARCH_CLASSES: [key: string, label: string, body: Record<string, unknown>][] = [
  ['browse', 'browse all services (no keyword)', { type: 'services' }],
  ['category_state', 'main category + state', { type: 'services', parent_specialization: 'home-services', location: 'Selangor' }],
  ['common_word', 'common keyword "professional"', { type: 'services', search: 'professional' }],
  ['rare_word', 'rare keyword, all types "columbarium"', { search: 'columbarium' }],
  ['near_me', 'Near Me 10 km, by distance', { type: 'services', location: 'Near Me', user_location: '3.139,101.6869', sort: 'distance' }],
  ['job_filters_az', 'jobs FT,PT + manager, az', { type: 'jobs', job_type: 'FT,PT', job_level: 'manager', sort: 'az' }],
  ['page_500', 'page 500 of all services', { type: 'services', page: 500 }],
  // Issue 42: a Malay word (stemmed, and a category name in Malay) and a Chinese one (a Han bigram), over every type.
  ['malay_word', 'Malay keyword, all types "tuisyen"', { search: 'tuisyen' }],
  ['chinese_word', 'Chinese keyword, all types "补习"', { search: '补习' }],
];

/** The autocomplete class: what a visitor has typed so far. */
export const AUTOCOMPLETE_QUERY = 'plum';
