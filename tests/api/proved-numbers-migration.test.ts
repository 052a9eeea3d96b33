/**
 * Migration 0047 (issue 60) on the configured backend: one number, one account. A new database is migrated up to
 * 0046, given a number two accounts proved (a phone badge each, and one account's own phone), then migrated on: the
 * earliest prover keeps the number, the other's badge ends with the reason, and `npm run migrate` says how many.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { openMaintenance } from '../../src/server/db/backend.ts';
import { SUITE_ENV } from '../helpers/suite-env.ts';
import { testDatabases } from '../helpers/test-database.ts';

const databases = testDatabases();
const dir = mkdtempSync(join(tmpdir(), 'yp-proved-numbers-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (days: number) => `'${new Date(Date.parse('2026-10-01T02:00:00Z') + days * 86_400_000).toISOString()}'`;

describe('migration 0047: proved numbers', () => {
  it('keeps the earliest prover of a number two accounts proved, ends the other\'s badge with the reason, and says how many', async () => {
    const url = await databases.fresh(dir, 'numbers');
    const config = loadConfig({ ...SUITE_ENV, DATABASE_URL: url });
    const maintenance = await openMaintenance(config);
    await maintenance.migrate('0047');
    const layer = databases.query(url);
    const run = (text: string) => sql.raw(text).execute(layer.query);
    // Ah proved 60123334455 first (a badge on day 1); Bee badged it on day 5; Chan's own phone is 60199998888, which
    // Chan's business badged too (one account, one number, several proofs: kept).
    await run(`INSERT INTO users (id, name, email, phone_number, phone_number_country, created_at, updated_at) VALUES
      (1, 'Ah', 'ah@example.my', NULL, NULL, ${at(0)}, ${at(0)}), (2, 'Bee', 'bee@example.my', NULL, NULL, ${at(0)}, ${at(0)}),
      (3, 'Chan', 'chan@example.my', '60199998888', '60', ${at(0)}, ${at(0)})`);
    await run(`INSERT INTO profiles (id, slug, name, created_at, updated_at, owner_user_id) VALUES
      (10, 'kedai-ah', 'Kedai Ah', ${at(0)}, ${at(0)}, 1), (11, 'kedai-bee', 'Kedai Bee', ${at(0)}, ${at(0)}, 2), (12, 'kedai-chan', 'Kedai Chan', ${at(0)}, ${at(0)}, 3)`);
    await run(`INSERT INTO profile_verifications (id, profile_id, kind, value, status, user_id, decided_at, created_at) VALUES
      (1, 10, 'phone', '60123334455', 'approved', 1, ${at(1)}, ${at(1)}), (2, 11, 'phone', '60123334455', 'approved', 2, ${at(5)}, ${at(5)}),
      (3, 12, 'phone', '60199998888', 'approved', 3, ${at(2)}, ${at(2)})`);
    await layer.close();
    const applied = await maintenance.migrate();
    expect(applied[0]).toBe('0047_proved_numbers.sql');
    expect(await maintenance.migrationNotices(applied)).toContain('1 phone badges revoked: another account proved the number first.');
    await maintenance.close();

    const { query, close } = databases.query(url);
    try {
      const numbers = await query.selectFrom('proved_numbers').select(['number', 'user_id', 'way']).orderBy('number').execute();
      expect(numbers.map((row) => [row.number, Number(row.user_id), row.way])).toEqual([['60123334455', 1, 'badge'], ['60199998888', 3, 'account']]);
      const badges = await query.selectFrom('profile_verifications').select(['id', 'status', 'reason']).orderBy('id').execute();
      expect(badges.map((row) => [Number(row.id), row.status, row.reason])).toEqual([
        [1, 'approved', null], [2, 'revoked', 'Another account proved this number first.'], [3, 'approved', null],
      ]);
    } finally {
      await close();
    }
  });
});
