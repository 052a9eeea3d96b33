import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/sqlite/connection.ts';
import { backupDatabase } from '../../src/server/db/sqlite/backup.ts';
import { readiness } from '../../src/server/readiness.ts';
import { ensureChromium, findChromium } from '../../scripts/chromium.ts';
import { testApp, useTemplateCopy } from '../helpers/seeded-db.ts';

const copy = useTemplateCopy();
const scratch = mkdtempSync(join(tmpdir(), 'yp-ops-'));
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

describe('readiness', () => {
  it('is ready on a migrated database with a working search, and not once the database is closed', async () => {
    expect(await readiness(copy.app)).toEqual({ database: true, migrations: true, search: true });
    const app = await testApp(copy.path);
    await app.repos.close();
    const checks = await readiness(app);
    expect(checks.database).toBe(false);
    await app.close().catch(() => undefined);
  });
});

describe('the Chromium the end-to-end tests use', () => {
  it('takes CHROMIUM_PATH when it is an executable, and stops with one sentence when it is not, installing nothing', () => {
    const saved = process.env.CHROMIUM_PATH;
    try {
      process.env.CHROMIUM_PATH = process.execPath;
      expect(findChromium()).toBe(process.execPath);
      process.env.CHROMIUM_PATH = join(scratch, 'no-such-browser');
      const said: string[] = [];
      expect(ensureChromium((line) => said.push(line))).toBeNull();
      expect(said).toEqual([`CHROMIUM_PATH is set to ${join(scratch, 'no-such-browser')}, which is not an executable: point it at a Chromium binary, or unset it.`]);
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
