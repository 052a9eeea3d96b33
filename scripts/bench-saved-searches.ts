/**
 * The saved searches the benchmarks alert on (bench:alerts, bench:load): 2,000 bench accounts with five saved searches
 * each (keyword; main category; category and state; subcategory and state; keyword and state; category with a type
 * filter; keyword near a point), all daily and last looked at a day before the newest listing, so a run finds the last
 * day's listings. The accounts are made once; their searches are made again on each call.
 */
import { TestClock } from '../src/server/clock.ts';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openBackend } from '../src/server/db/backend.ts';
import type { Repositories } from '../src/server/db/repositories.ts';
import { SAVED_SEARCH_ALERTS_JOB } from '../src/server/saved-searches/alerts.ts';
import type { ListingType } from '../src/shared/constants.ts';
import type { SearchState } from '../src/shared/search-params.ts';

export const ACCOUNTS = 2_000;
export const PER_ACCOUNT = 5;
const STATES = ['Johor', 'Kedah', 'Kuala Lumpur', 'Melaka', 'Negeri Sembilan', 'Pahang', 'Penang', 'Perak', 'Sabah', 'Sarawak', 'Selangor'];
const FILTERS: Record<ListingType, [string, string][]> = {
  services: [['sort', 'rating']],
  jobs: [['job_type', 'FT'], ['job_type', 'PT'], ['qualification', 'degree'], ['job_level', 'junior_executive']],
  buysell: [['condition', 'used'], ['post_type', 'sell'], ['method', 'meetup']],
  hireme: [['hireme_type', 'part_time'], ['hireme_rate', 'hourly']],
};

/** Makes the bench accounts' saved searches afresh over `url` (its config `database`); the number made. */
export async function prepareSavedSearches(database: DatabaseConfig, url: string): Promise<number> {
  /** A seeded random: the same saved searches on every run. */
  let seed = 29;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const probe = await openBackend({ database });
  const tree = await probe.repos.catalog.findCategoryTree();
  const sample = await probe.repos.catalog.findPostRows(Array.from({ length: 2_000 }, () => 1 + Math.floor(random() * 500_000)));
  const words = new Map<ListingType, string[]>();
  for (const post of sample) {
    const list = words.get(post.type) ?? [];
    for (const word of post.title.toLowerCase().split(/[^a-z]+/)) if (word.length >= 5 && !list.includes(word)) list.push(word);
    words.set(post.type, list);
  }
  await probe.close();

  /** A saved search of one of the shapes people save. */
  const shape = (n: number): { type: ListingType; query: { main: string | null; sub: string | null; params: SearchState['params'] } } => {
    const type = pick<ListingType>(['services', 'services', 'services', 'services', 'jobs', 'jobs', 'jobs', 'buysell', 'buysell', 'hireme']);
    const main = pick(tree.filter((row) => row.type === type && row.parent_id === null));
    const children = tree.filter((row) => row.parent_id === main.id);
    const word = pick(words.get(type) ?? ['kedai']);
    const state = pick(STATES);
    switch (n % 10) {
      case 0: case 1: case 2: return { type, query: { main: null, sub: null, params: { what: word } } };
      case 3: case 4: return { type, query: { main: main.slug, sub: null, params: {} } };
      case 5: return { type, query: { main: main.slug, sub: null, params: { where: state } } };
      case 6: return { type, query: { main: main.slug, sub: children.length > 0 ? pick(children).slug : null, params: { where: state } } };
      case 7: return { type, query: { main: null, sub: null, params: { what: word, where: state } } };
      case 8: {
        const [param, value] = pick(FILTERS[type]);
        return { type, query: { main: main.slug, sub: null, params: { [param]: value } } };
      }
      default: return { type, query: { main: null, sub: null, params: { what: word, where: 'Near Me', ul: '3.139,101.6869', range: '25' } } };
    }
  };

  const lookedAt = (await newestLive(url)) - 24 * 60 * 60_000;
  const backend = await openBackend({ database }, new TestClock(lookedAt));
  const { repos } = backend;
  try {
    for (let n = 1; n <= ACCOUNTS; n++) {
      const email = `bench-alerts-${n}@example.my`;
      const userId = (await repos.users.findCredentials({ email }))?.id
        ?? await repos.users.createUser({ name: `Bench Saver ${n}`, email, phone_number: null, phone_number_country: null, password_hash: null });
      for (const saved of await repos.savedSearches.findSavedSearches(userId, 50)) await repos.savedSearches.deleteSavedSearch(saved.id);
      for (let k = 0; k < PER_ACCOUNT; k++) {
        const { type, query } = shape(n * PER_ACCOUNT + k);
        await repos.savedSearches.insertSavedSearch({ userId, name: `Bench search ${k + 1}`, type, query: JSON.stringify(query), frequency: 'daily' });
      }
    }
  } finally {
    await backend.close();
  }
  return ACCOUNTS * PER_ACCOUNT;
}

/** The newest first-live time of the catalogue, read through a search (newest first). */
async function newestLive(url: string): Promise<number> {
  const { createAppContext } = await import('../src/server/app-context.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const app = await createAppContext(loadConfig({ DATABASE_URL: url, SEARCH_WORKERS: '0' }), { timers: false });
  try {
    const { savedQuery } = await import('../src/server/saved-searches/saved-searches.ts');
    let latest = 0;
    for (const cat of ['services', 'jobs', 'buysell', 'hireme'] as const) {
      const response = await app.search.search(savedQuery({ cat, main: null, sub: null, params: {}, view: 'grid' }, '2000-01-01T00:00:00.000Z', 1), { cache: false });
      const card = response.results[0];
      if (card) {
        const row = (await app.repos.catalog.findPostRows([card.id]))[0];
        latest = Math.max(latest, Date.parse(row?.published_at ?? '1970-01-01'));
      }
    }
    return latest;
  } finally {
    await app.close();
  }
}

/** Waits until no run of `kind` is running or due. */
export async function jobsSettled(repos: Repositories, kind = SAVED_SEARCH_ALERTS_JOB): Promise<void> {
  for (;;) {
    const now = new Date().toISOString();
    const busy = (await repos.jobs.find({ kind, limit: 20 })).some((job) => job.state === 'running' || (job.state === 'queued' && job.run_at <= now));
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once job `id` of `kind` (as enqueue answered it) is done: its running time in ms; throws when it failed. */
export async function jobDone(repos: Repositories, kind: string, id: number | null): Promise<number> {
  if (id === null) throw new Error(`a ${kind} job with that key was already queued`);
  let began = 0;
  for (;;) {
    const job = (await repos.jobs.find({ kind, limit: 50 })).find((row) => row.id === id);
    if (job?.state === 'running' && began === 0) began = performance.now();
    if (job?.state === 'done') return began === 0 ? 0 : performance.now() - began;
    if (job?.state === 'failed') throw new Error(`the ${kind} run failed: ${job.last_error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
