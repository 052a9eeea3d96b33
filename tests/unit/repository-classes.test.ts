import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';
import { openBackend } from '../../src/server/db/backend.ts';
import { loadConfig } from '../../src/server/config.ts';
import { QueryRepository } from '../../src/server/db/kysely/query-access.ts';
import type { Repositories } from '../../src/server/db/repositories.ts';
import { copyOfDatabase, testDatabases } from '../helpers/test-database.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { systemClock } from '../../src/server/clock.ts';

/** Fields that hold a function as a dependency, not a method: the SQLite backend's way onto a connection for its own SQL. */
const DEPENDENCIES = new Set(['index']);

/**
 * Every repository is an instance of a class over the query layer (issue 61): none is an object of functions bound by
 * hand to a backend, as `queryRepositories` once bound 258 of them. Checked on the backend the tests run on, for the
 * app's repositories and a transaction's.
 */
describe(`the repositories on ${testDatabases().name}`, () => {
  it('are class instances whose methods live on their classes, inside and outside a transaction', async () => {
    const copy = await copyOfDatabase(inject('templateUrl'), 'classes');
    const backend = await openBackend(loadConfig({ ...SUITE_ENV, DATABASE_URL: copy.url }), systemClock);
    const handBound = (repos: Repositories) => Object.entries(repos).flatMap(([name, repository]) => {
      if (typeof repository !== 'object' || repository === null || name === 'writer') return [];
      const problems: string[] = [];
      if (Object.getPrototypeOf(repository) === Object.prototype) problems.push(`${name} is an object literal`);
      if (!(repository instanceof QueryRepository)) problems.push(`${name} is no QueryRepository`);
      for (const [key, value] of Object.entries(repository)) if (typeof value === 'function' && !DEPENDENCIES.has(key)) problems.push(`${name}.${key} is bound on the instance`);
      return problems;
    });
    try {
      expect(handBound(backend.repos)).toEqual([]);
      expect(await backend.repos.transaction(async (tx) => handBound(tx))).toEqual([]);
    } finally {
      await backend.close();
      await copy.remove();
    }
  });
});
