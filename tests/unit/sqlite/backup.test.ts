import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/sqlite/connection.ts';
import { backupDatabase } from '../../../src/server/db/sqlite/backup.ts';
import { useSqliteCopy } from '../../helpers/sqlite/template-copy.ts';

const copy = useSqliteCopy();
const scratch = mkdtempSync(join(tmpdir(), 'yp-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('backup', () => {
  it('copies the live database consistently while another connection keeps writing', async () => {
    const writer = openDatabase(copy.path);
    const insert = writer.prepare(`INSERT INTO contact_messages (name, email, phone_number, message, client_hash, created_at)
      VALUES ('Backup', NULL, '0123456789', ?, 'x', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`);
    const count = (db = writer) => Number(db.prepare('SELECT count(*) AS n FROM contact_messages').get()!.n);
    const before = count();
    let written = 0;
    const writing = setInterval(() => { for (let index = 0; index < 20; index++) insert.run(`row ${written++}`); }, 1);
    try {
      const destination = join(scratch, 'backup.db');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const result = await backupDatabase(copy.path, destination);
      clearInterval(writing);
      expect(written, 'the writer should have run during the backup').toBeGreaterThan(0);
      expect(result.integrity).toBe('ok');
      const backup = openDatabase(destination, { readOnly: true });
      const copied = count(backup);
      expect(backup.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
      backup.close();
      expect(copied).toBeGreaterThanOrEqual(before);
      expect(copied).toBeLessThanOrEqual(before + written);
    } finally {
      clearInterval(writing);
      writer.close();
    }
  });
});
