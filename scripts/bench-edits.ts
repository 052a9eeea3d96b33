/**
 * Edits for `npm run bench:pages` (its "with edits" column), in a process of their own so that the writes do not slow
 * the load generator: EDITS_PER_SECOND reviews a second written (or rewritten) on random listings of the benchmark
 * database by one bench person, each reindexing its listing and naming its tags, until the process is stopped.
 */
import { openBackend } from '../src/server/db/backend.ts';
import type { ListingRef } from '../src/server/db/rows.ts';
import { saveReview } from '../src/server/engagement/reviews.ts';
import { benchDatabase } from './bench-database.ts';

const EDITS_PER_SECOND = Number(process.env.EDITS_PER_SECOND ?? 20);
const backend = await openBackend({ database: benchDatabase().database });
const editable: ListingRef[] = [];
for (const type of ['services', 'jobs', 'hireme', 'buysell'] as const) {
  for await (const batch of backend.repos.sitemap.postUrlBatches(type, 2000, 0)) {
    for (const { slug } of batch) editable.push({ type, id: (await backend.repos.catalog.findPostIdBySlug(slug))! });
  }
}
const editorEmail = 'bench-editor@example.my';
const editor = (await backend.repos.users.findCredentials({ email: editorEmail }))?.id
  ?? await backend.repos.users.createUser({ name: 'Bench Editor', email: editorEmail, phone_number: null, phone_number_country: null, password_hash: null });
let edits = 0;
const timer = setInterval(() => {
  const listing = editable[Math.floor(Math.random() * editable.length)]!;
  void saveReview(backend.repos, { listing, userId: editor, reviewerName: 'Bench Editor', rating: 1 + (edits++ % 5), content: `Edit ${edits}.`, mediaIds: [] })
    .catch((error: unknown) => console.error(error));
}, 1000 / EDITS_PER_SECOND);
process.send?.('ready');
process.once('SIGTERM', () => {
  clearInterval(timer);
  void backend.close().then(() => process.exit(0));
});
