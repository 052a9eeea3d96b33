/**
 * `npm run bench:recall`: how well search finds what people mean, in English, Malay and Chinese (issue 42). Runs the
 * 60 judged queries of tests/fixtures/recall-queries.json over the deterministic demo seed (10,000 listings) and
 * prints recall@10 per query that misses, per language and overall. A query's recall@10 is the share of its top ten
 * (by relevance) that is relevant, out of the most it could be: min(10, relevant listings).
 *
 * Its second goal (issue 63): the job and service words of tests/fixtures/recall-twins.json in Malay and Chinese each find
 * at least half as many listings as their English twin; it prints each that does not, and the count that do.
 *
 * SQLite by default, in a scratch file; `-- --database-url postgres://…` runs it on an empty PostgreSQL database,
 * which it migrates and seeds.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openBackend, openMaintenance } from '../src/server/db/backend.ts';
import { createMediaUrls } from '../src/server/media/urls.ts';
import { searchAnswers } from '../src/server/search/answers.ts';
import { projectRoot } from '../src/server/project-root.ts';
import { LISTING_TYPES, type ListingType } from '../src/shared/constants.ts';
import { SearchRequestSchema } from '../src/shared/search.ts';
import { DEFAULT_SEED, seedDemoData } from './seed/demo.ts';

interface Query {
  lang: 'en' | 'ms' | 'zh';
  type: ListingType;
  query: string;
  categories: string[];
  condition?: 'new' | 'used';
}

const { values } = parseArgs({ options: { 'database-url': { type: 'string' } } });
const { queries } = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/recall-queries.json'), 'utf8')) as { queries: Query[] };
const { twins } = JSON.parse(readFileSync(join(projectRoot, 'tests/fixtures/recall-twins.json'), 'utf8')) as { twins: { type: ListingType; en: string; ms: string; zh: string }[] };
const scratch = mkdtempSync(join(tmpdir(), 'yp-recall-'));
const url = values['database-url'] ?? `sqlite:${join(scratch, 'recall.db')}`;
const started = performance.now();

try {
  const config = loadConfig({ DATABASE_URL: url });
  const maintenance = await openMaintenance(config);
  await maintenance.migrate();
  const empty = await maintenance.isEmpty();
  await maintenance.close();
  if (!empty) throw new Error(`${url} already holds listings: bench:recall seeds its own database (give an empty one).`);
  await seedDemoData(config, { ...DEFAULT_SEED, mediaDir: join(scratch, 'media'), log: () => {} });

  const backend = await openBackend(config);
  const engine = backend.createSearchEngine(searchAnswers({ repos: backend.repos, media: createMediaUrls('/media') }), { workers: 0, mediaBaseUrl: '/media' });
  try {
    // What each live listing is: its type, its first category's English name, a buy & sell post's condition.
    const listings = new Map<number, { type: ListingType; category: string; condition: string | null }>();
    for (const type of LISTING_TYPES) {
      const ids: number[] = [];
      for await (const batch of backend.repos.sitemap.postUrlBatches(type, 50_000, 0)) {
        for (const { slug } of batch) ids.push((await backend.repos.catalog.findPostIdBySlug(slug))!);
      }
      const [rows, categories] = await Promise.all([backend.repos.catalog.findPostRows(ids), backend.repos.catalog.findPostCategories(ids)]);
      const first = new Map<number, string>();
      for (const row of categories) if (!first.has(row.owner_id)) first.set(row.owner_id, row.name);
      for (const row of rows) listings.set(row.id, { type, category: first.get(row.id)!, condition: row.buysell_condition ?? null });
    }

    const byLanguage = new Map<string, number[]>();
    for (const query of queries) {
      const relevant = new Set([...listings].filter(([, listing]) => listing.type === query.type && query.categories.includes(listing.category)
        && (!query.condition || listing.condition === query.condition)).map(([id]) => id));
      if (relevant.size === 0) throw new Error(`No listing of the seed is relevant to "${query.query}": the judgments do not match the seed.`);
      const response = await engine.search(SearchRequestSchema.parse({ type: query.type, search: query.query, sort: 'relevance', limit: 10 }));
      const found = response.results.filter((card) => relevant.has(card.id)).length;
      const recall = found / Math.min(10, relevant.size);
      if (recall < 1) console.log(`${query.lang} "${query.query}" (${query.type}): ${(recall * 100).toFixed(0)}% — ${found} of ${Math.min(10, relevant.size)} relevant in the top ten, ${response.total} found, ${relevant.size} relevant`);
      byLanguage.set(query.lang, [...(byLanguage.get(query.lang) ?? []), recall]);
    }
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(`${queries.length} queries on ${backend.label.replace(/:[^:@/]*@/, ':…@')} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    console.log(`recall@10 ${['en', 'ms', 'zh'].map((lang) => `${lang} ${percent(mean(byLanguage.get(lang)!))}`).join(' ')} overall ${percent(mean([...byLanguage.values()].flat()))}`);

    // The twins: a Malay or Chinese word finds at least half as many listings as its English twin.
    const found = async (type: ListingType, search: string) => (await engine.search(SearchRequestSchema.parse({ type, search, limit: 1 }))).total;
    let met = 0;
    for (const twin of twins) {
      const english = await found(twin.type, twin.en);
      if (english === 0) throw new Error(`"${twin.en}" finds no ${twin.type} listing: the twins do not match the seed.`);
      for (const lang of ['ms', 'zh'] as const) {
        const local = await found(twin.type, twin[lang]);
        if (local * 2 >= english) met += 1;
        else console.log(`${lang} "${twin[lang]}" (${twin.type}) finds ${local}, its English twin "${twin.en}" ${english}: below half`);
      }
    }
    console.log(`twins: ${met} of ${twins.length * 2} Malay and Chinese words find at least half as many listings as their English twin (goal: all)`);
  } finally {
    await engine.close();
    await backend.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
