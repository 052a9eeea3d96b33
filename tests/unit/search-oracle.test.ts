import { inject } from 'vitest';
import { openBackend } from '../../src/server/db/backend.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createMediaUrls } from '../../src/server/media/urls.ts';
import { searchAnswers } from '../../src/server/search/answers.ts';
import { describeSearchOracle } from '../contract/search.ts';
import { copyOfDatabase, testDatabases } from '../helpers/test-database.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';

/** The search oracle on the engine of the backend the tests run on, built by the backend factory as the app builds it. */
describeSearchOracle(testDatabases().name, async () => {
  const copy = await copyOfDatabase(inject('templateUrl'), 'oracle');
  const backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }));
  // Posts whose expiry came since the template was indexed leave the index first, as the job each minute takes
  // them out: the oracle reads what is live now, and so must the index.
  await backend.repos.transaction(async (tx) => tx.listings.reindex(await tx.listings.expireDue()));
  const engine = backend.createSearchEngine(searchAnswers({ repos: backend.repos, media: createMediaUrls('/media') }), { workers: 0, mediaBaseUrl: '/media' });
  return {
    engine,
    repos: backend.repos,
    async close() {
      await engine.close();
      await backend.close();
      await copy.remove();
    },
  };
});
