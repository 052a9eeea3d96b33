import { describe, expect, it } from 'vitest';
import { JOB_LEASE_MS } from '../../src/server/jobs/runner.ts';
import { SAVED_SEARCH_ALERTS_JOB } from '../../src/server/saved-searches/alerts.ts';
import type { SavedSearch } from '../../src/shared/saved-searches.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, latestCode, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { unsubscribeToken } from '../../src/server/saved-searches/unsubscribe.ts';

/** Saved searches and their alerts (issue 29), on the backend the tests run on. */
const accounts = useAccountsApp('saved');
const { outbox, copy, clock, api, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, jobBody, emailOf } = advertiserHelpers(accounts, 'saved-adv');

const MINUTE = 60_000;
const skip = new Set<number>();
let people = 0;

async function member(): Promise<{ visitor: SessionClient; email: string }> {
  const email = `saver-${++people}@example.my`;
  await registerByEmail(email, `Saver ${people}`);
  return { visitor: await signIn(email), email };
}

const alertsTo = (email: string) => messagesTo(outbox, email).filter((message) => message.includes('List-Unsubscribe-Post'));

async function runAlerts() {
  await copy.app.jobs.runKind(SAVED_SEARCH_ALERTS_JOB);
  await copy.app.outbox.settled();
}

/** The one-click unsubscribe as a mail provider sends it: a urlencoded POST, no Origin, cookie or CSRF token. */
async function oneClick(url: string) {
  const { pathname, search } = new URL(url);
  const response = await api().request(`${pathname}${search}`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click',
  }, { clientAddress: '192.0.2.10' });
  return { status: response.status, body: await response.json().catch(() => null) as unknown };
}

/** The List-Unsubscribe link of a raw message, read from its one-line header. */
function unsubscribeLink(message: string): string {
  const line = message.split('\n').find((header) => header.startsWith('List-Unsubscribe: '));
  return /<([^>]+)>/.exec(line ?? '')![1]!;
}

describe('saving searches', () => {
  it('keeps the canonical search page, summarised in words, and answers the shape of the issue', async () => {
    const { visitor } = await member();
    const saved = await visitor.post('/api/saved-searches', {
      type: 'jobs', search: '  Barista ', where: 'Selangor', job_type: 'FT,PT,FT', sort: 'newest', page: 3, name: 'Barista jobs',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const data = saved.body.data as SavedSearch;
    expect(data).toMatchObject({
      name: 'Barista jobs', frequency: 'daily', paused: false, new_count: 0,
      // Multi-selects deduplicated, in the filter's own order (as the search page writes them).
      query: { type: 'jobs', search: 'Barista', location: 'Selangor', job_type: 'PT,FT', sort: 'newest' },
      url: '/jobs/l?what=Barista&where=Selangor&job_type=PT%2CFT&sort=newest',
    });
    expect(data.summary).toBe('Jobs · "Barista" · in Selangor · Job Type: Part Time, Full Time · Newest first');
    expect(Object.keys(data).sort()).toEqual(['created_at', 'frequency', 'id', 'name', 'new_count', 'paused', 'paused_reason', 'query', 'summary', 'url']);
    // A category given by its child slug alone is found under its main category; the name defaults to the summary.
    const tree = await copy.app.repos.catalog.findCategoryTree();
    const child = tree.find((row) => row.type === 'services' && row.parent_id !== null)!;
    const parent = tree.find((row) => row.id === child.parent_id)!;
    const byCategory = await visitor.post('/api/saved-searches', { type: 'services', specialization: child.slug });
    expect(byCategory.status).toBe(201);
    expect((byCategory.body.data as SavedSearch).url).toBe(`/services/l/${parent.slug}/${child.slug}`);
    expect((byCategory.body.data as SavedSearch).name).toBe(`Services · ${parent.name} › ${child.name} · in Malaysia`);
    const list = await visitor.get('/api/saved-searches');
    expect((list.body.data as SavedSearch[]).map((search) => search.name)).toEqual([(byCategory.body.data as SavedSearch).name, 'Barista jobs']);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const { visitor } = await member();
    const cases: [Record<string, unknown>, string][] = [
      [{ search: 'kopi' }, 'type'],
      [{ type: 'jobs', frequency: 'hourly' }, 'frequency'],
      [{ type: 'jobs', job_type: 'XX' }, 'job_type'],
      [{ type: 'jobs', parent_specialization: 'no-such-category' }, 'parent_specialization'],
      [{ type: 'jobs', location: 'Near Me' }, 'user_location'],
      [{ type: 'jobs', name: 'x'.repeat(101) }, 'name'],
    ];
    for (const [body, field] of cases) {
      const answer = await visitor.post('/api/saved-searches', body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors as object), JSON.stringify(body)).toContain(field);
    }
    expect((await visitor.post('/api/saved-searches', ['not', 'an', 'object'])).status).toBe(422);
    expect((await visitor.get('/api/saved-searches')).body.data).toEqual([]);
    expect((await accounts.browser().post('/api/saved-searches', { type: 'jobs' })).status).toBe(401);
  });

  it('lets a wide search alert weekly at most, and renames, changes and deletes only the saver\'s own', async () => {
    const { visitor } = await member();
    const wide = await visitor.post('/api/saved-searches', { type: 'buysell', frequency: 'instant' });
    expect((wide.body.data as SavedSearch).frequency).toBe('weekly');
    const id = (wide.body.data as SavedSearch).id;
    const patched = await visitor.patch(`/api/saved-searches/${id}`, { frequency: 'daily', name: 'Everything for sale' });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ frequency: 'weekly', name: 'Everything for sale' });
    expect(patched.body.message).toContain('weekly at most');
    expect((await visitor.patch(`/api/saved-searches/${id}`, {})).status).toBe(422);
    expect((await visitor.patch(`/api/saved-searches/${id}`, { frequency: 'monthly' })).status).toBe(422);
    const { visitor: other } = await member();
    expect((await other.patch(`/api/saved-searches/${id}`, { frequency: 'off' })).status).toBe(404);
    expect((await other.call('DELETE', `/api/saved-searches/${id}`)).status).toBe(404);
    expect((await visitor.call('DELETE', `/api/saved-searches/${id}`)).status).toBe(200);
    expect((await visitor.call('DELETE', `/api/saved-searches/${id}`)).status).toBe(404);
  });

  it('keeps at most 50 per account', async () => {
    const { visitor } = await member();
    for (let n = 1; n <= 50; n += 1) {
      expect((await visitor.post('/api/saved-searches', { type: 'jobs', search: `word${n}`, frequency: 'off' })).status).toBe(201);
    }
    const refused = await visitor.post('/api/saved-searches', { type: 'jobs', search: 'one too many' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('up to 50');
    expect((await visitor.get('/api/saved-searches')).body.data).toHaveLength(50);
  });

  it('saves for an account without an e-mail with alerts off, and asks for an e-mail', async () => {
    const phone = '60129998877';
    const visitor = accounts.browser();
    expect((await visitor.post('/api/register/verification', { type: 'phone', phone_number_country: '60', phone_number: phone })).status).toBe(200);
    const registered = await visitor.post('/api/register', {
      type: 'phone', name: 'Phone Only', phone_number_country: '60', phone_number: phone, code: latestCode(outbox, phone),
      password: 'kopi-o kosong 2026', password_confirmation: 'kopi-o kosong 2026',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    accounts.ageCodes(phone, 61);
    const login = await visitor.post('/api/auth/login', { phone_number_country: '60', phone_number: phone, password: 'kopi-o kosong 2026' });
    expect((await visitor.post('/api/auth/2fa', { temp_token: (login.body.data as { temp_token: string }).temp_token, code: latestCode(outbox, phone) })).status).toBe(200);
    const saved = await visitor.post('/api/saved-searches', { type: 'jobs', search: 'welder' });
    expect(saved.status).toBe(201);
    expect((saved.body.data as SavedSearch).frequency).toBe('off');
    expect(saved.body.message).toContain('add an e-mail');
    const daily = await visitor.post('/api/saved-searches', { type: 'jobs', search: 'welder', frequency: 'daily' });
    expect(daily.status).toBe(422);
    expect((daily.body.errors as Record<string, string[]>).frequency![0]).toContain('e-mail');
    expect((await visitor.patch(`/api/saved-searches/${(saved.body.data as SavedSearch).id}`, { frequency: 'instant' })).status).toBe(422);
  });
});

describe('alerts', () => {
  it('mails each account in its own language, Malay or Chinese, linking to that language’s pages (issue 42)', async () => {
    const owner = await advertiser('Kopitiam Owner');
    const business = await claimBusiness(owner, skip);
    const expected = { ms: ['1 iklan baharu sepadan dengan carian anda', '/ms/jobs/', 'lang=ms'], zh: ['1 条新信息符合您保存的搜索', '/zh/jobs/', 'lang=zh'] } as const;
    const savers: { locale: 'ms' | 'zh'; email: string }[] = [];
    for (const locale of ['ms', 'zh'] as const) {
      const { visitor, email } = await member();
      expect((await visitor.patch('/api/account', { locale })).status).toBe(200);
      expect((await visitor.post('/api/saved-searches', { type: 'jobs', search: 'kopitiamist', frequency: 'instant' })).status).toBe(201);
      savers.push({ locale, email });
    }
    clock.advance(MINUTE);
    const ad = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Kopitiamist Wanted' }), publish: true, confirm: true });
    expect(ad.status, JSON.stringify(ad.body)).toBe(201);
    await runAlerts();
    for (const { locale, email } of savers) {
      const mails = alertsTo(email);
      expect(mails, locale).toHaveLength(1);
      const text = decodedMail(mails[0]!);
      for (const words of expected[locale]) expect(text, locale).toContain(words);
      expect(text).toContain('Kopitiamist Wanted');
      expect(mails[0]!).toMatch(new RegExp(`^Content-Language: ${locale}$`, 'm'));
    }
  });

  it('mails new matching listings once, with one-click unsubscribe headers on one line, never the saver\'s own', async () => {
    const { visitor, email } = await member();
    const saved = (await visitor.post('/api/saved-searches', { type: 'jobs', search: 'zymurgist', frequency: 'instant' })).body.data as SavedSearch;
    const owner = await advertiser('Zymurgy Owner');
    // The advertiser saved the same search: their own ad never alerts them.
    const ownSearch = (await owner.post('/api/saved-searches', { type: 'jobs', search: 'zymurgist', frequency: 'instant' })).body.data as SavedSearch;
    const business = await claimBusiness(owner, skip);
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(0);

    clock.advance(MINUTE);
    const ad = await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Head Zymurgist Wanted' }), publish: true, confirm: true });
    expect(ad.status, JSON.stringify(ad.body)).toBe(201);
    // Going live queued the instant run for the end of its 15-minute period.
    const queued = await copy.repos.jobs.find({ kind: SAVED_SEARCH_ALERTS_JOB, limit: 10 });
    expect(queued.some((job) => job.state === 'queued' && JSON.parse(job.payload ?? 'null')?.frequencies?.[0] === 'instant')).toBe(true);
    await runAlerts();
    const mails = alertsTo(email);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!;
    expect(decodedMail(raw)).toContain('Head Zymurgist Wanted');
    expect(decodedMail(raw)).toContain(`1 new listing matches your saved search "${saved.name}"`);
    expect(raw).toMatch(/^List-Unsubscribe: <http[^>\n]+\/api\/saved-searches\/unsubscribe\?token=\d+\.[\w-]{32}>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(decodedMail(raw)).toContain('live_since=');
    expect(alertsTo(emailOf(owner))).toHaveLength(0);

    // Nothing new: no mail. The watermark put back (as if the run had died before saving it): still no second mail.
    clock.advance(15 * MINUTE);
    await runAlerts();
    await copy.query.updateTable('saved_searches').set({ alerted_at: new Date(clock.now() - 60 * MINUTE).toISOString(), mailed_at: null }).where('id', '=', saved.id).execute();
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(1);
    // The mail's row put back to unsent (the process died between sending and marking it): the same message, not another.
    const row = await copy.query.selectFrom('outbox_messages').select('id').where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await copy.query.updateTable('outbox_messages').set({ sent_at: null }).where('id', '=', row.id).execute();
    await copy.app.outbox.deliver(Number(row.id));
    expect(alertsTo(email)).toHaveLength(1);

    // One-click unsubscribe, as a mail provider posts it.
    const link = unsubscribeLink(raw);
    expect(await oneClick(link)).toMatchObject({ status: 200 });
    expect(((await visitor.get('/api/saved-searches')).body.data as SavedSearch[]).find((search) => search.id === saved.id)?.frequency).toBe('off');
    expect(((await owner.get('/api/saved-searches')).body.data as SavedSearch[]).find((search) => search.id === ownSearch.id)?.frequency).toBe('instant');
  });

  it('batches a burst of new listings into one instant mail, and sends daily ones once 07:00 (Malaysia) has passed, once a day', async () => {
    const instant = await member();
    const daily = await member();
    // Just past 07:00 in Malaysia (23:00 UTC): the next daily alert time is a day away, whatever time the suite runs and
    // however far the file's sign-ins walked the clock (each walks it an hour).
    const start = clock.now();
    const pastSeven = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth(), new Date(start).getUTCDate(), 23, 0) + MINUTE;
    clock.advance(pastSeven - start + (pastSeven <= start ? 24 * 60 * MINUTE : 0));
    await instant.visitor.post('/api/saved-searches', { type: 'jobs', search: 'cellarman', frequency: 'instant' });
    await daily.visitor.post('/api/saved-searches', { type: 'jobs', search: 'cellarman' });
    // Three advertisers, each with an account's first ad (free).
    const owners = [await advertiser('Cellar Owner'), await advertiser('Second Cellar'), await advertiser('Third Cellar')];
    const businesses = [];
    for (const owner of owners) businesses.push(await claimBusiness(owner, skip));
    for (const [index, title] of ['Cellarman Wanted', 'Senior Cellarman', 'Cellarman Trainee'].entries()) {
      const ad = await owners[index]!.post('/api/advertiser/posts', { ...await jobBody(businesses[index]!.id, { title }), publish: true, confirm: true });
      expect(ad.body.data, title).toMatchObject({ status: 'active' });
    }
    // One run for the period, not one per listing.
    const periodRuns = (await copy.repos.jobs.find({ kind: SAVED_SEARCH_ALERTS_JOB, limit: 50 }))
      .filter((job) => job.state === 'queued' && job.idempotency_key?.startsWith(`${SAVED_SEARCH_ALERTS_JOB}:instant@`));
    expect(periodRuns).toHaveLength(1);
    await runAlerts();
    const burst = alertsTo(instant.email);
    expect(burst).toHaveLength(1);
    for (const title of ['Cellarman Wanted', 'Senior Cellarman', 'Cellarman Trainee']) expect(decodedMail(burst[0]!)).toContain(title);
    // The daily search waits for the next 07:00 in Malaysia (23:00 UTC).
    expect(alertsTo(daily.email)).toHaveLength(0);
    const now = clock.now();
    const sevenAm = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 23, 0) + (new Date(now).getUTCHours() >= 23 ? 24 * 60 * MINUTE : 0);
    clock.advance(sevenAm - now - MINUTE);
    await runAlerts();
    expect(alertsTo(daily.email)).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await runAlerts();
    expect(alertsTo(daily.email)).toHaveLength(1);
    expect(decodedMail(alertsTo(daily.email)[0]!)).toContain('3 new listings match');
    await runAlerts();
    expect(alertsTo(daily.email)).toHaveLength(1);
  });

  it('sends a weekly search\'s alert once a week, at 07:00 (Malaysia) a week after it was last looked at', async () => {
    const { visitor, email } = await member();
    const owner = await advertiser('Weekly Owner');
    const business = await claimBusiness(owner, skip);
    await runAlerts();
    expect((await visitor.post('/api/saved-searches', { type: 'jobs', search: 'hopgrower', frequency: 'weekly' })).status).toBe(201);
    clock.advance(MINUTE);
    expect((await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Hopgrower Wanted' }), publish: true, confirm: true })).status).toBe(201);
    const now = clock.now();
    const sevenAm = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 23, 0) + (new Date(now).getUTCHours() >= 23 ? 24 * 60 * MINUTE : 0);
    // The 07:00 six days on is not yet a week since it was saved; the one seven days on is.
    clock.advance(sevenAm - now + 5 * 24 * 60 * MINUTE + MINUTE);
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(0);
    clock.advance(24 * 60 * MINUTE);
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(1);
    expect(decodedMail(alertsTo(email)[0]!)).toContain('Hopgrower Wanted');
    clock.advance(24 * 60 * MINUTE);
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(1);
  });

  it('is picked up by another runner when the one that took the run died: its lease ends, the mail goes once', async () => {
    const { visitor, email } = await member();
    await visitor.post('/api/saved-searches', { type: 'jobs', search: 'maltster', frequency: 'instant' });
    const owner = await advertiser('Malt Owner');
    const business = await claimBusiness(owner, skip);
    // Nothing else of the kind waits, and the listing goes live in a period of its own.
    await runAlerts();
    clock.advance(16 * MINUTE);
    expect((await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Maltster Wanted' }), publish: true, confirm: true })).status).toBe(201);
    // A process takes the queued run and dies holding it.
    await copy.repos.jobs.makeDue(SAVED_SEARCH_ALERTS_JOB);
    const [held] = await copy.repos.jobs.claim('a process that died', { limit: 1, leaseMs: JOB_LEASE_MS, kinds: [SAVED_SEARCH_ALERTS_JOB] });
    expect(held).toBeDefined();
    await copy.app.jobs.runDue([SAVED_SEARCH_ALERTS_JOB]);
    await copy.app.outbox.settled();
    expect(alertsTo(email)).toHaveLength(0);
    clock.advance(JOB_LEASE_MS + 1_000);
    await copy.app.jobs.runDue([SAVED_SEARCH_ALERTS_JOB]);
    await copy.app.outbox.settled();
    expect(alertsTo(email)).toHaveLength(1);
    expect((await copy.repos.jobs.find({ kind: SAVED_SEARCH_ALERTS_JOB, limit: 50 })).find((job) => job.id === held!.id)).toMatchObject({ state: 'done', attempts: 2 });
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(1);
  });

  it('answers a forged token, or another search\'s signature, with 404; a GET only shows the page that asks', async () => {
    const { visitor } = await member();
    const first = (await visitor.post('/api/saved-searches', { type: 'jobs', search: 'first' })).body.data as SavedSearch;
    const second = (await visitor.post('/api/saved-searches', { type: 'jobs', search: 'second' })).body.data as SavedSearch;
    const token = unsubscribeToken(copy.app, first.id);
    const signature = token.split('.')[1]!;
    // Another search's signature, a made-up one, another spelling of the right one (a leading zero: one spelling only).
    for (const forged of [`${second.id}.${signature}`, `${first.id}.${'A'.repeat(32)}`, `0${token}`, `00${token}`, 'nonsense', '']) {
      expect((await oneClick(`http://x/api/saved-searches/unsubscribe?token=${forged}`)).status, forged).toBe(404);
    }
    const get = await api().request(`/api/saved-searches/unsubscribe?token=${token}`, {}, { clientAddress: '192.0.2.11' });
    expect(get.status).toBe(303);
    expect(get.headers.get('Location')).toBe(`/saved-searches/unsubscribe?token=${token}`);
    // An alert in Malay or Chinese links with its language, and the page that asks answers in it (issue 42).
    const chinese = await api().request(`/api/saved-searches/unsubscribe?token=${token}&lang=zh`, {}, { clientAddress: '192.0.2.11' });
    expect(chinese.headers.get('Location')).toBe(`/zh/saved-searches/unsubscribe?token=${token}`);
    const unknown = await api().request(`/api/saved-searches/unsubscribe?token=${token}&lang=fr`, {}, { clientAddress: '192.0.2.11' });
    expect(unknown.headers.get('Location')).toBe(`/saved-searches/unsubscribe?token=${token}`);
    // A GET never unsubscribes (mail scanners follow links).
    expect(((await visitor.get('/api/saved-searches')).body.data as SavedSearch[]).every((search) => search.frequency === 'daily')).toBe(true);
    const fromPage = await api().request(`/api/saved-searches/unsubscribe?token=${token}`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click&from=page&lang=ms',
    }, { clientAddress: '192.0.2.11' });
    expect([fromPage.status, fromPage.headers.get('Location')]).toEqual([303, `/ms/saved-searches/unsubscribe?token=${token}&done=1`]);
    // Only the page's own button unsubscribed: the first search is off, the second still alerts.
    expect(((await visitor.get('/api/saved-searches')).body.data as SavedSearch[]).map((search) => [search.id, search.frequency]))
      .toEqual(expect.arrayContaining([[first.id, 'off'], [second.id, 'daily']]));
    // Any other write without a token is still refused.
    const forgedWrite = await api().request('/api/saved-searches', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }, { clientAddress: '192.0.2.12' });
    expect(forgedWrite.status).toBe(419);
  });

  it('pauses a search whose place no longer exists, and says why', async () => {
    const { visitor, email } = await member();
    // A town that is not also a state (Melaka, Kuala Lumpur are both).
    const town = await copy.query.selectFrom('cities').select(['id', 'name']).where('name', 'not in', copy.query.selectFrom('states').select('name'))
      .orderBy('id').executeTakeFirstOrThrow();
    const renamed = async (from: string, to: string) => copy.query.updateTable('cities').set({ name: to }).where('name', '=', from).execute();
    const saved = (await visitor.post('/api/saved-searches', { type: 'services', location: town.name, frequency: 'instant' })).body.data as SavedSearch;
    expect(saved.paused).toBe(false);
    await renamed(town.name, `${town.name} Lama`);
    const row = ((await visitor.get('/api/saved-searches')).body.data as SavedSearch[]).find((search) => search.id === saved.id)!;
    expect(row).toMatchObject({ paused: true, new_count: 0 });
    expect(row.paused_reason).toBe(`The place "${town.name}" is no longer listed.`);
    clock.advance(16 * MINUTE);
    await runAlerts();
    expect(alertsTo(email)).toHaveLength(0);
    await renamed(`${town.name} Lama`, town.name);
  });

  it('sends nothing to an account being deleted, and deleting the account deletes its saved searches', async () => {
    const leaving = await member();
    const staying = await member();
    const body = { type: 'jobs', search: 'brewmaster', frequency: 'instant' };
    const saved = (await leaving.visitor.post('/api/saved-searches', body)).body.data as SavedSearch;
    expect((await staying.visitor.post('/api/saved-searches', body)).status).toBe(201);
    expect((await leaving.visitor.call('PUT', '/api/account/pending-delete', {})).status).toBe(200);
    const owner = await advertiser('Brewery Owner');
    const business = await claimBusiness(owner, skip);
    clock.advance(MINUTE);
    expect((await owner.post('/api/advertiser/posts', { ...await jobBody(business.id, { title: 'Brewmaster Needed' }), publish: true, confirm: true })).status).toBe(201);
    await runAlerts();
    expect(alertsTo(staying.email)).toHaveLength(1);
    expect(alertsTo(leaving.email)).toHaveLength(0);
    const user = await copy.query.selectFrom('saved_searches').select('user_id').where('id', '=', saved.id).executeTakeFirstOrThrow();
    await copy.repos.users.deleteUser(Number(user.user_id));
    expect(await copy.repos.savedSearches.findSavedSearch(saved.id)).toBeUndefined();
  });
});
