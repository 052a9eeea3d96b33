import { inject } from 'vitest';
import { openBackend } from '../../src/server/db/backend.ts';
import { loadConfig } from '../../src/server/config.ts';
import { describeRepositoryContract } from '../contract/repositories.ts';
import { copyOfDatabase, testDatabases } from '../helpers/test-database.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';

/** The repository contract on the backend the tests run on: a copy of the seeded template, opened through the backend factory. */
describeRepositoryContract(testDatabases().name, async (clock) => {
  const copy = await copyOfDatabase(inject('templateUrl'), 'contract');
  const backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }), clock);
  return {
    repos: backend.repos,
    async close() {
      await backend.close();
      await copy.remove();
    },
  };
});
