/**
 * `npm run bench:sitemap`: time and memory to stream the largest sitemap file (50,000 service
 * posts) from the 500,000-listing benchmark database (BENCH_DATABASE, default data/bench-500k.db).
 */
import { openBackend } from '../src/server/db/backend.ts';
import { benchDatabase } from './bench-database.ts';
import { sitemapFiles, sitemapIndex, sitemapLines, streamLines } from '../src/server/seo/sitemap.ts';

const backend = await openBackend({ database: benchDatabase().database });
const { repos } = backend;
let started = performance.now();
const index = await sitemapIndex(repos, 'https://example.com');
console.log(`index: ${(await sitemapFiles(repos)).length} files in ${(performance.now() - started).toFixed(1)} ms`);
for (const name of ['posts-services-1', 'posts-services-5', 'profiles-1', 'categories']) {
  const rssBefore = process.memoryUsage().rss;
  started = performance.now();
  const reader = streamLines((await sitemapLines(repos, name, 'https://example.com'))!).getReader();
  let bytes = 0;
  let firstByte = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += chunk.value.length;
  }
  const total = performance.now() - started;
  console.log(`${name.padEnd(18)} ${(bytes / 1024 / 1024).toFixed(1)} MB, first bytes after ${firstByte.toFixed(1)} ms, all in ${total.toFixed(0)} ms, RSS +${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(0)} MB`);
}
console.log(`(index is ${index.length} bytes)`);
await backend.close();
