/**
 * Edits for `npm run bench:pages` (its "with edits" column), in a process of their own so that the writes do not slow
 * the load generator: EDITS_PER_SECOND reviews a second written (or rewritten) on random listings of the benchmark
 * database by one bench person, each reindexing its listing and naming its tags, until the process is stopped.
 */
import { openBackend } from '../src/server/db/backend.ts';
import type { ListingRef } from '../src/server/db/rows.ts';
import { benchDatabase, benchEditor } from './bench-database.ts';

const EDITS_PER_SECOND = Number(process.env.EDITS_PER_SECOND ?? 20);
const backend = await openBackend({ database: benchDatabase().database });
const editable: ListingRef[] = [];
for (const type of ['services', 'jobs', 'hireme', 'buysell'] as const) {
  for await (const batch of backend.repos.sitemap.postUrlBatches(type, 2000, 0)) {
    for (const { slug } of batch) editable.push({ type, id: (await backend.repos.catalog.findPostIdBySlug(slug))! });
  }
}
const edit = await benchEditor(backend.repos);
const timer = setInterval(() => {
  void edit(editable[Math.floor(Math.random() * editable.length)]!).catch((error: unknown) => console.error(error));
}, 1000 / EDITS_PER_SECOND);
process.send?.('ready');
process.once('SIGTERM', () => {
  clearInterval(timer);
  void backend.close().then(() => process.exit(0));
});
