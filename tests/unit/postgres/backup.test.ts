import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { openBackend, openMaintenance } from '../../../src/server/db/backend.ts';
import { copyOfDatabase, openTestDatabase, rowCount, testDatabases } from '../../helpers/test-database.ts';

/** `npm run backup` on PostgreSQL (decision 0019): pg_dump's custom format while the site writes, and a restore with pg_restore. */
const scratch = mkdtempSync(join(tmpdir(), 'yp-pg-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('backup and restore on PostgreSQL', () => {
  it('dumps the live database consistently while it is written to, and restores it into an empty database that serves', async () => {
    const live = await copyOfDatabase(inject('templateUrl'), 'backup-live');
    const restored = await testDatabases().fresh(scratch, 'backup-restored');
    const site = await openTestDatabase(live.url);
    try {
      const before = await rowCount(site.query, 'contact_messages');
      const posts = await rowCount(site.query, 'posts');
      let written = 0;
      let writing = true;
      const writer = (async () => {
        while (writing) {
          await site.repos.engagement.insertContactMessage({ name: 'Backup', email: null, phone_number: '0123456789', message: `row ${written}`, client_hash: 'x' });
          written += 1;
        }
      })();
      const maintenance = await openMaintenance(loadConfig({ DATABASE_URL: live.url }));
      const destination = join(scratch, 'backup.dump');
      const result = await maintenance.backup(destination).finally(() => maintenance.close());
      writing = false;
      await writer;
      expect(result.integrity).toBe('ok');
      expect(written, 'the site should have written during the backup').toBeGreaterThan(0);

      const restore = spawnSync('pg_restore', ['--no-owner', `--dbname=${restored}`, destination], { encoding: 'utf8' });
      expect(restore.status, restore.stderr).toBe(0);
      const copy = await openTestDatabase(restored);
      try {
        const copied = await rowCount(copy.query, 'contact_messages');
        expect(copied).toBeGreaterThanOrEqual(before);
        expect(copied).toBeLessThanOrEqual(before + written);
        expect(await rowCount(copy.query, 'posts')).toBe(posts);
        expect(await copy.repos.maintenance.pendingMigrations()).toEqual([]);
        // It serves: new rows take ids after the restored ones.
        const id = await copy.repos.engagement.insertContactMessage({ name: 'After', email: null, phone_number: '0123456789', message: 'restored', client_hash: 'x' });
        expect(id).toBeGreaterThan(copied);
      } finally {
        await copy.close();
      }
      const backend = await openBackend(loadConfig({ DATABASE_URL: restored }));
      expect(await backend.repos.sitemap.countPosts('services')).toBeGreaterThan(0);
      await backend.close();
    } finally {
      await site.close();
      await live.remove();
      await testDatabases().remove(restored);
    }
  });
});
