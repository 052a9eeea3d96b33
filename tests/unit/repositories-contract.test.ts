import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openBackend } from '../../src/server/db/backend.ts';
import { describeRepositoryContract } from '../contract/repositories.ts';

/** The repository contract on the embedded default: a copy of the seeded template file, opened through the backend factory. */
describeRepositoryContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'yp-contract-'));
  const path = join(dir, 'contract.db');
  copyFileSync(inject('templateDb'), path);
  const backend = await openBackend({ database: { kind: 'sqlite', path } });
  return {
    repos: backend.repos,
    async close() {
      await backend.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
