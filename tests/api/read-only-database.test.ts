import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/errors.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { TEST_PASSWORD } from '../helpers/accounts.ts';
import { rowCount } from '../helpers/test-database.ts';

/**
 * Writes pause while the database cannot take them (issue 41): on PostgreSQL, with the database read-only (as a
 * standby is, or a primary being switched over), every write answers 503 with Retry-After and a plain sentence, never
 * 500, and stores nothing; reads go on. SQLite is unchanged (its leg skips this file).
 */
const onPostgres = (process.env.TEST_DATABASE ?? 'sqlite') === 'postgres';
const accounts = useAccountsApp('read-only');
const { copy, browser } = accounts;
const { advertiser, claimBusiness, emailOf } = advertiserHelpers(accounts, 'read-only');
const PAUSED = 'Saving is paused for a few seconds while the database switches over. Please try again.';

describe('the seam recognises a database that cannot take writes', () => {
  it('by SQLSTATE (read-only, shutdowns, connection exceptions) and by a connection refused or ended', () => {
    for (const code of ['25006', '57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED']) expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '22001', '42P01']) expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code }))).toBe(false);
  });
});

describe.skipIf(!onPostgres)('writes on a read-only PostgreSQL', () => {
  it('answer 503 with Retry-After and store nothing, sign-in included; reads go on', async () => {
    const owner = await advertiser('Read Only Owner');
    const business = await claimBusiness(owner, new Set());
    const member = browser();
    const tables = ['enquiries', 'reviews', 'follows', 'saved_searches', 'posts', 'subscriptions', 'sessions', 'profile_changes'] as const;
    // The ad's category, read while the app's connections are alive (ending them below fails the next query on each).
    const category = (await copy.repos.catalog.findCategoryTree()).find((row) => row.type === 'services' && row.parent_id !== null)!.slug;
    // The database turns read-only: new connections start so, and the app's open ones are ended (as a switchover does).
    await sql`ALTER DATABASE ${sql.id((await sql<{ name: string }>`SELECT current_database() AS name`.execute(copy.query)).rows[0]!.name)} SET default_transaction_read_only = on`.execute(copy.query);
    await sql`SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE`.execute(copy.query);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(copy.query);
    const before = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rowCount(copy.query, table)] as const)));

    const writes: [string, () => Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>][] = [
      ['sign-in', () => member.post('/api/auth/login', { email: emailOf(owner), password: TEST_PASSWORD })],
      ['enquiry', () => owner.post('/api/enquire', { name: 'Siti', phone_number: '0123456789', contact_method: 'call', type: 'profile', id: business.id, description: 'Open on Sunday?', preferred_date: '2027-01-04' })],
      ['review', () => owner.post('/api/review', { type: 'profile', id: business.id, content: 'Kopi was excellent.', rating: 5 })],
      ['follow', () => owner.post('/api/follow', { type: 'profile', id: business.id })],
      ['saved search', () => owner.post('/api/saved-searches', { type: 'jobs', search: 'Barista', where: 'Selangor' })],
      ['account', () => owner.patch('/api/account', { name: 'Someone Else' })],
      ['business edit', () => owner.patch(`/api/advertiser/profiles/${business.id}`, { store_name: 'Kedai Baru' })],
      ['plan', () => owner.post('/api/advertiser/subscriptions', { profile_id: business.id, plan: 'SILVER', period: 'monthly' })],
      ['ad', () => owner.post('/api/advertiser/posts', {
        type: 'services', profile_id: business.id, title: 'Aircond Servicing', summary: 'Chemical wash.', categories: [category],
        service: { description: 'Chemical wash and gas top-up.', price_min: 80, price_max: 150 },
      })],
    ];
    for (const [label, write] of writes) {
      const answer = await write();
      expect([label, answer.status, answer.headers.get('Retry-After'), answer.body.message]).toEqual([label, 503, '5', PAUSED]);
    }
    for (const table of tables) expect([table, await rowCount(copy.query, table)]).toEqual([table, before[table]]);
    // Reads go on.
    expect((await browser().get(`/api/profile/slug/${business.slug}`)).status).toBe(200);
    expect((await owner.get('/api/advertiser/dashboard')).status).toBe(200);
  });
});
