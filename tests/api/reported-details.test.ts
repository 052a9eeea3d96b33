import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../src/shared/conversations.ts';
import { paymentDetails } from '../../src/server/safety/reported-details.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import type { SessionClient } from '../helpers/session-client.ts';

/**
 * Payment details reported across conversations (issue 64) through the API, on the configured backend: throwaway or
 * linked reporters mark nothing; three established people mark a detail, and a later conversation carrying it warns
 * its reader; an operator clears and confirms (audited); the public check says only whether a detail is confirmed,
 * under its limit; retention removes what is old.
 */
const accounts = useAccountsApp('reported-details');
const { copy, clock, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, emailOf } = advertiserHelpers(accounts, 'reported');
const DAY = 24 * 60 * 60_000;
const SCAMMER_CLIENT = '198.51.100.50';
const ACCOUNT = 'Bank in first to my Maybank 5140 2233 8891, then I post.';
let people = 0;
let clientIds = 0;
const clientId = () => `reported-${++clientIds}-${'x'.repeat(8)}`;
type Thread = ConversationView & { messages: MessageView[] };
type Started = ConversationView & { message: MessageView };
interface Detail { id: number; kind: string; value: string; status: string; reports: { conversation_id: number; counted: boolean }[] }

let scammer: SessionClient;
let business: { id: number };
let other: { id: number };
let staff: SessionClient;

async function register(name: string): Promise<string> {
  const email = `reporter-${++people}@example.my`;
  await registerByEmail(email, name);
  return email;
}

/** A person asks the scammer's business; the scammer answers with `text`; the person reads it. */
async function conversationWith(person: SessionClient, text = ACCOUNT): Promise<{ id: number; read: MessageView }> {
  const started = (await person.post('/api/conversations', { type: 'profile', id: business.id, text: 'Is the sofa still available?', client_id: clientId() })).body.data as Started;
  expect((await scammer.post(`/api/conversations/${started.id}/messages`, { text, client_id: clientId() })).status).toBe(201);
  const thread = ((await person.get(`/api/conversations/${started.id}`)).body.data as Thread).messages;
  return { id: started.id, read: thread.find((message) => message.text === text)! };
}

async function reportScam(person: SessionClient): Promise<void> {
  const { id } = await conversationWith(person);
  expect((await person.post(`/api/conversations/${id}/report`, { reason: 'SCAM', description: 'Asked me to bank in first.' })).status).toBe(201);
}

const details = async () => (await staff.get('/api/operator/reported-details')).body.data as Detail[];
const accountDetail = async () => (await details()).find((detail) => detail.kind === 'account' && detail.value === '514022338891')!;

beforeAll(async () => {
  scammer = await advertiser('Quick Sale Furniture');
  business = await claimBusiness(scammer, new Set());
  other = await claimBusiness(await advertiser('Honest Neighbour'), new Set([business.id]));
  await registerByEmail('reported-operator@example.my', 'Detail Moderator');
  await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'reported-operator@example.my' }))!.id, 'operator');
});

describe('payment details reported across conversations (issue 64)', () => {
  it('reads bank accounts, phone numbers and links, normalised', () => {
    expect(paymentDetails('Maybank 5140-2233-8891 or TNG +60 12-998 7766, pay at bit.ly/Pay88/ ok')).toEqual([
      { kind: 'account', value: '514022338891' }, { kind: 'phone', value: '0129987766' }, { kind: 'link', value: 'bit.ly/pay88' },
    ]);
    expect(paymentDetails('See you at 7pm, RM350 cash')).toEqual([]);
  });

  it('marks a detail three established people reported, not throwaway or linked ones; a later reader is warned; an operator clears and confirms', async () => {
    // Four people who will be established (14 days old, with activity elsewhere), then two weeks pass.
    const established: string[] = [];
    for (const name of ['Aminah', 'Boon Keat', 'Chitra', 'Daniel', 'Aminah\'s Husband']) {
      const email = await register(name);
      const visitor = await signIn(email);
      expect((await visitor.post('/api/follow', { type: 'profile', id: String(other.id) })).status).toBe(200);
      established.push(email);
    }
    clock.advance(15 * DAY);
    scammer = await signIn(emailOf(scammer), undefined, browser(SCAMMER_CLIENT));
    staff = await signIn('reported-operator@example.my');

    // Two throwaway accounts and one established person signed in where the scammer is: counted, none toward the mark.
    for (const name of ['Throwaway One', 'Throwaway Two']) await reportScam(await signIn(await register(name)));
    await reportScam(await signIn(established[3]!, undefined, browser(SCAMMER_CLIENT)));
    let detail = await accountDetail();
    expect(detail.status).toBe('counted');
    expect(detail.reports.map((report) => report.counted)).toEqual([false, false, false]);
    const before = await conversationWith(await signIn(await register('Early Buyer')));
    // (The scam rules warn of its words; nothing says the detail was reported.)
    expect(before.read.warning?.reported).toBe(false);

    // Two established people, and a third signed in from the first one's home (linked to her: they count once):
    // still below the mark; a third apart marks it.
    await reportScam(await signIn(established[0]!, undefined, browser('198.51.100.61')));
    await reportScam(await signIn(established[4]!, undefined, browser('198.51.100.61')));
    await reportScam(await signIn(established[1]!));
    expect((await accountDetail()).status).toBe('counted');
    await reportScam(await signIn(established[2]!));
    detail = await accountDetail();
    expect(detail.status).toBe('marked');
    expect(detail.reports.filter((report) => report.counted)).toHaveLength(4);

    // A later conversation carrying the detail (spelt otherwise) warns its reader, in their language; the words are as written.
    const reader = await signIn(await register('Later Buyer'));
    expect((await reader.patch('/api/account', { locale: 'zh' })).status).toBe(200);
    const later = await conversationWith(reader, 'Transfer RM900 to 514-022-338-891 please');
    expect(later.read.text).toBe('Transfer RM900 to 514-022-338-891 please');
    expect(later.read.warning).toMatchObject({ reported: true });
    expect(later.read.warning!.text).toMatch(/^已在本站被举报为诈骗/);

    // Cleared by an operator (with a reason, audited): the warning goes.
    expect((await staff.post(`/api/operator/reported-details/${detail.id}/clear`, {})).status).toBe(422);
    expect((await staff.post(`/api/operator/reported-details/${detail.id}/clear`, { reason: 'The bank says the account is a real shop.' })).body.data).toMatchObject({ status: 'cleared' });
    expect((await staff.post(`/api/operator/reported-details/${detail.id}/clear`, { reason: 'Again.' })).status).toBe(409);
    const thread = ((await reader.get(`/api/conversations/${later.id}`)).body.data as Thread).messages;
    expect(thread.find((message) => message.text.startsWith('Transfer RM900'))!.warning?.reported ?? false).toBe(false);
    // Confirmed by an operator: it warns again, and the public check says so.
    expect((await staff.post(`/api/operator/reported-details/${detail.id}/confirm`, { reason: 'Three victims sent bank statements.' })).body.data).toMatchObject({ status: 'confirmed' });
    const audit = (await staff.get(`/api/operator/audit?target_type=reported_detail&target_id=${detail.id}`)).body.data as { action: string }[];
    expect(audit.map((entry) => entry.action).sort()).toEqual(['reported_detail.cleared', 'reported_detail.confirmed']);
    expect((await conversationWith(await signIn(await register('Third Buyer')), 'Pay 5140 2233 8891')).read.warning).toMatchObject({ reported: true });
  });

  it('answers the public check with whether an operator confirmed a detail, never who reported it or where, 30 times an hour', async () => {
    const checker = browser('192.0.2.77');
    const confirmed = await checker.get(`/api/safety/check?value=${encodeURIComponent('5140 2233 8891')}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ value: '514022338891', kind: 'account', confirmed: true });
    // Reported, even marked, but not confirmed: no.
    expect((await checker.get('/api/safety/check?value=0129987766')).body.data).toEqual({ value: '0129987766', kind: 'phone', confirmed: false });
    expect((await checker.get('/api/safety/check?value=x')).status).toBe(422);
    for (let check = 3; check < 30; check++) expect((await checker.get('/api/safety/check?value=0123456789')).status).toBe(200);
    const refused = await checker.get('/api/safety/check?value=0123456789');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    // Another client has its own allowance.
    expect((await browser('192.0.2.78').get('/api/safety/check?value=0123456789')).status).toBe(200);
  });

  it('keeps reports a year and a confirmation two years (reported_details_retention)', async () => {
    await staff.get('/api/operator/reported-details');
    clock.advance(366 * DAY);
    await copy.app.jobs.runKind('reported_details_retention');
    const kept = await copy.repos.reportedDetails.listDetails(50);
    // The confirmed account stays, its reports gone; details nobody confirmed went with their reports.
    expect(kept.map((detail) => [detail.kind, detail.value, detail.status, detail.reports.length])).toEqual([['account', '514022338891', 'confirmed', 0]]);
    clock.advance(366 * DAY);
    await copy.app.jobs.runKind('reported_details_retention');
    expect(await copy.repos.reportedDetails.listDetails(50)).toEqual([]);
  });
});
