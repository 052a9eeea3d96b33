import { beforeAll, describe, expect, it } from 'vitest';
import { malaysiaDayStart, malaysiaToday, nextDay } from '../../src/shared/malaysia-time.ts';
import type { Insights } from '../../src/shared/insights.ts';
import type { Lead, LeadReply } from '../../src/shared/leads.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';

/**
 * Leads, replies and insights (issue 26): an advertiser reads the enquiries sent on their listings since they owned
 * them, replies (mailed, and shown in the sender's My area), exports CSV with formulas neutralised, hears of leads as
 * they chose (instant, a digest at 08:00 Malaysian time, off), and reads insights equal to the stored counters.
 * Another advertiser gets 404 on every route.
 */
/**
 * The file's clock starts just after the next midnight in Malaysia: each sign-in walks it an hour (one code a minute),
 * and every figure of a day must stay on that day whatever time the suite runs (it failed from 16:00 MYT on).
 */
const accounts = useAccountsApp('leads', {}, { clockStart: Date.parse(malaysiaDayStart(nextDay(malaysiaToday()))) + 60_000 });
const { outbox, copy, clock, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, unclaimedWithMobile, jobBody, emailOf } = advertiserHelpers(accounts);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PERSON = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36' };
const skip = new Set<number>();
let members = 0;

async function member(name = 'Siti Nurhaliza'): Promise<{ visitor: SessionClient; email: string }> {
  const email = `sender-${++members}@example.my`;
  await registerByEmail(email, name);
  return { visitor: await signIn(email), email };
}

const today = () => malaysiaToday(clock.now());
const enquiryBody = (profileId: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Siti Nurhaliza', phone_number: '0123456789', contact_method: 'call', type: 'profile', id: profileId,
  description: 'Open on Sunday?', preferred_date: today(), ...overrides,
});

/** Mails the outbox wrote to `to`, decoded. */
const mailsTo = (to: string) => messagesTo(outbox, to).map(decodedMail);

let ownerA: SessionClient;
let ownerB: SessionClient;
let businessA: { id: number; slug: string };
let businessB: { id: number; slug: string };
let jobA: { id: number; slug: string };

beforeAll(async () => {
  ownerA = await advertiser('Owner Ah');
  ownerB = await advertiser('Owner Bee');
  businessA = await claimBusiness(ownerA, skip);
  businessB = await claimBusiness(ownerB, skip);
  const created = await ownerA.post('/api/advertiser/posts', { ...(await jobBody(businessA.id)), publish: true, confirm: true });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  jobA = created.body.data as { id: number; slug: string };
});

describe('the leads inbox', () => {
  it('holds only leads sent while the advertiser owned the listing: earlier enquirers stay with the site', async () => {
    const { visitor } = await member('Early Bird');
    const business = await unclaimedWithMobile(skip);
    expect((await visitor.post('/api/enquire', enquiryBody(business.id, { name: 'Early Bird', description: 'Before the claim' }))).status).toBe(201);
    const owner = await advertiser('Late Owner');
    await claimBusiness(owner, new Set([...skip].filter((id) => id !== business.id)));
    skip.add(business.id);
    clock.advance(11 * MINUTE);
    expect((await visitor.post('/api/enquire', enquiryBody(business.id, { name: 'Early Bird', description: 'After the claim' }))).status).toBe(201);
    const leads = (await owner.get('/api/advertiser/leads')).body.data as Lead[];
    expect(leads.map((lead) => lead.description)).toEqual(['After the claim']);
  });

  it('lists leads newest first with filters, marks one read when opened, and counts the unread', async () => {
    const { visitor } = await member('Ahmad Faiz');
    expect((await visitor.post('/api/enquire', enquiryBody(businessA.id, { name: 'Ahmad Faiz' }))).status).toBe(201);
    const form = new FormData();
    for (const [name, value] of Object.entries({ id: String(jobA.id), name: 'Ahmad Faiz', phone_number: '0198765432', contact_method: 'email', email: 'a@example.my',
      language: 'English', education: 'degree', experience: '4', salary_type: 'month', salary: '3000' })) form.append(name, value);
    form.append('cv', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'Ahmad CV.pdf');
    const applied = await visitor.postForm('/api/job-application', form);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);

    const all = await ownerA.get('/api/advertiser/leads');
    expect(all.status).toBe(200);
    const leads = all.body.data as Lead[];
    expect(leads.map((lead) => lead.type)).toEqual(['jobs', 'services']);
    expect(all.body.unread).toBe(2);
    expect(leads[0]).toMatchObject({ status: 'new', name: 'Ahmad Faiz', education: 'degree', attachment: { original_filename: 'Ahmad CV.pdf' } });
    expect(((await ownerA.get('/api/advertiser/leads?type=services')).body.data as Lead[]).map((lead) => lead.type)).toEqual(['services']);
    expect(((await ownerA.get(`/api/advertiser/leads?post_id=${jobA.id}`)).body.data as Lead[]).map((lead) => lead.type)).toEqual(['jobs']);
    expect(((await ownerA.get(`/api/advertiser/leads?from=${today()}&to=${today()}`)).body.data as Lead[])).toHaveLength(2);
    expect(((await ownerA.get('/api/advertiser/leads?to=2000-01-01')).body.data as Lead[])).toHaveLength(0);
    const bad = await ownerA.get('/api/advertiser/leads?status=lost&from=2026-02-31');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['from', 'status']);

    const opened = await ownerA.get(`/api/advertiser/leads/${leads[0]!.id}`);
    expect(opened.body.data).toMatchObject({ status: 'read', replies: [] });
    expect((await ownerA.get('/api/advertiser/leads/unread')).body.data).toEqual({ unread: 1 });
    expect(((await ownerA.get('/api/advertiser/leads?status=new')).body.data as Lead[]).map((lead) => lead.type)).toEqual(['services']);

    // The CV downloads for the owner only.
    const file = await ownerA.getText(`/api/advertiser/leads/${leads[0]!.id}/attachment`);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(PDF)).toBe(true);
    expect((await ownerB.get(`/api/advertiser/leads/${leads[0]!.id}/attachment`)).status).toBe(404);

    const archived = await ownerA.patch(`/api/advertiser/leads/${leads[1]!.id}`, { status: 'archived' });
    expect(archived.body.data).toMatchObject({ status: 'archived' });
    expect((await ownerA.patch(`/api/advertiser/leads/${leads[1]!.id}`, { status: 'gone' })).status).toBe(422);
  });

  it('threads replies as the conversation\'s messages: either side writes at any time, the other hears of what stays unread', async () => {
    const { visitor, email } = await member('Nur <b>Aisyah</b>');
    const sent = await visitor.post('/api/enquire', enquiryBody(businessA.id, { name: 'Nur <b>Aisyah</b>', description: 'Do you deliver?' }));
    const enquiry = (sent.body.data as { id: number });
    // The sender writes before any reply (issue 44: no more waiting for the advertiser).
    expect((await visitor.get(`/api/enquire/${enquiry.id}`)).body.data).toMatchObject({ can_answer: true, conversation_id: expect.any(Number) });
    expect((await visitor.post(`/api/enquire/${enquiry.id}/replies`, { message: 'Hello?' })).status).toBe(201);

    expect((await ownerA.post(`/api/advertiser/leads/${enquiry.id}/replies`, { message: '' })).status).toBe(422);
    const reply = await ownerA.post(`/api/advertiser/leads/${enquiry.id}/replies`, { message: 'Yes, <script>alert(1)</script> within Klang Valley.' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect((await ownerA.get(`/api/advertiser/leads/${enquiry.id}`)).body.data).toMatchObject({ status: 'replied' });
    // Unread for 15 minutes, the reply reaches the sender's account by mail, escaped.
    const mailsBefore = mailsTo(email).length;
    clock.advance(16 * MINUTE);
    await copy.app.jobs.runKind('conversation_notices');
    await copy.app.outbox.settled();
    const mail = mailsTo(email).slice(mailsBefore).find((text) => text.includes('within Klang Valley'))!;
    expect(mail).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail).not.toContain('<script>alert(1)</script> within Klang Valley.</p>');

    const mine = await visitor.get(`/api/enquire/${enquiry.id}`);
    expect(mine.body.data).toMatchObject({ can_answer: true, replies: [{ side: 'sender', message: 'Hello?' }, { side: 'owner', message: 'Yes, <script>alert(1)</script> within Klang Valley.' }] });
    const answered = await visitor.post(`/api/enquire/${enquiry.id}/replies`, { message: 'Great, Saturday then.' });
    expect(answered.status).toBe(201);
    expect((answered.body.data as LeadReply[]).map((item) => item.side)).toEqual(['sender', 'owner', 'sender']);
    // New again in the owner's inbox (opening it marks it read).
    expect(((await ownerA.get('/api/advertiser/leads?status=new')).body.data as Lead[]).map((item) => item.id)).toContain(enquiry.id);

    const lead = (await ownerA.get(`/api/advertiser/leads/${enquiry.id}`)).body.data as Lead;
    expect(lead.replies.map((item) => [item.side, item.message])).toEqual([['sender', 'Hello?'], ['owner', 'Yes, <script>alert(1)</script> within Klang Valley.'], ['sender', 'Great, Saturday then.']]);
    // Another person cannot answer in this thread, nor the other advertiser reply.
    const stranger = (await member('Stranger')).visitor;
    expect((await stranger.post(`/api/enquire/${enquiry.id}/replies`, { message: 'Hi' })).status).toBe(404);
    expect((await ownerB.post(`/api/advertiser/leads/${enquiry.id}/replies`, { message: 'Hi' })).status).toBe(404);
  });

  it('has no daily cap of 10 per side: the conversation limits apply instead (20 a minute)', async () => {
    const { visitor } = await member('Chatty');
    const enquiry = (await visitor.post('/api/enquire', enquiryBody(businessA.id, { name: 'Chatty' }))).body.data as { id: number };
    for (let n = 0; n < 12; n += 1) expect((await ownerA.post(`/api/advertiser/leads/${enquiry.id}/replies`, { message: `Reply ${n}` })).status).toBe(201);
    expect((await visitor.post(`/api/enquire/${enquiry.id}/replies`, { message: 'Thanks' })).status).toBe(201);
    clock.advance(MINUTE);
  });

  it('answers 404 to another advertiser on every lead and insights route', async () => {
    const { visitor } = await member('Private Person');
    const enquiry = (await visitor.post('/api/enquire', enquiryBody(businessA.id, { name: 'Private Person' }))).body.data as { id: number };
    for (const path of [`/api/advertiser/leads/${enquiry.id}`, `/api/advertiser/leads/${enquiry.id}/attachment`,
      `/api/advertiser/insights?from=${today()}&to=${today()}&post_id=${jobA.id}`, `/api/advertiser/insights?from=${today()}&to=${today()}&profile_id=${businessA.id}`,
      `/api/advertiser/insights.csv?from=${today()}&to=${today()}&post_id=${jobA.id}`]) {
      expect((await ownerB.get(path)).status, path).toBe(404);
    }
    expect((await ownerB.patch(`/api/advertiser/leads/${enquiry.id}`, { status: 'read' })).status).toBe(404);
    expect((await ownerB.post(`/api/advertiser/leads/${enquiry.id}/replies`, { message: 'x' })).status).toBe(404);
    expect(((await ownerB.get('/api/advertiser/leads')).body.data as Lead[]).some((lead) => lead.id === enquiry.id)).toBe(false);
    // Filters naming the other's business or ad: 404, as insights answers (security probe item 9).
    for (const path of [`/api/advertiser/leads?profile_id=${businessA.id}`, `/api/advertiser/leads?post_id=${jobA.id}`, `/api/advertiser/leads.csv?profile_id=${businessA.id}`]) {
      expect((await ownerB.getText(path)).status, path).toBe(404);
    }
    expect((await ownerA.get(`/api/advertiser/leads?profile_id=${businessA.id}`)).status).toBe(200);
    expect((await ownerB.getText('/api/advertiser/leads.csv')).text).not.toContain('Private Person');
    // Signed out: 401; a member who is not an advertiser: 403.
    expect((await browser().get(`/api/advertiser/leads/${enquiry.id}`)).status).toBe(401);
    expect((await visitor.get(`/api/advertiser/leads/${enquiry.id}`)).status).toBe(403);
  });
});

describe('GET leads.csv', () => {
  it('is UTF-8 with a BOM, keeps Malay and Chinese names, and neutralises formulas and + phone numbers', async () => {
    const { visitor } = await member('陈美玲');
    const sent = await visitor.post('/api/enquire', enquiryBody(businessB.id, {
      name: '=HYPERLINK("http://evil.example","陈美玲")', phone_number: '+60 12-345 6789', description: '-2+3\nSecond line',
    }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const { visitor: malay } = await member('Nur Aisyah binti Ahmad');
    expect((await malay.post('/api/enquire', enquiryBody(businessB.id, { name: 'Nur Aisyah binti Ahmad', phone_number: '0123456789' }))).status).toBe(201);
    const csv = await ownerB.getText('/api/advertiser/leads.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="leads.csv"');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text.slice(1).split('\r\n');
    expect(lines[0]).toBe('id,sent_at,type,listing,status,name,phone_number,email,contact_method,details');
    const hostile = lines.find((line) => line.includes('HYPERLINK'))!;
    expect(hostile).toContain(`"'=HYPERLINK(""http://evil.example"",""陈美玲"")"`);
    expect(hostile).toContain(`,'+60 12-345 6789,`);
    expect(csv.text).toContain('Nur Aisyah binti Ahmad');
    // A detail cell starts with its label, so its text never starts a formula; a cell that did would be neutralised.
    expect(csv.text).not.toMatch(/(^|,)"?[=+\-@](?!')/m);
    // Filters apply to the export as to the list.
    expect((await ownerB.getText('/api/advertiser/leads.csv?type=jobs')).text.slice(1).trim().split('\r\n')).toHaveLength(1);
  });
});

describe('GET insights', () => {
  it('answers daily series and totals equal to the stored counters, with the previous period, and the same in CSV', async () => {
    const day = today();
    // Known figures on the job ad: 3 calls and 2 WhatsApp clicks from different visitors, 4 views, 1 follow, 6 searches for a term.
    for (let n = 0; n < 3; n += 1) expect((await browser().post('/api/analytics', [{ id: jobA.id, type: 'jobs', action: 'call' }])).status).toBe(204);
    for (let n = 0; n < 2; n += 1) expect((await browser().post('/api/analytics', [{ id: jobA.id, type: 'jobs', action: 'whatsapp' }])).status).toBe(204);
    for (let n = 0; n < 4; n += 1) expect((await browser().call('POST', '/api/views', { type: 'jobs', id: jobA.id }, PERSON)).status).toBe(202);
    // A bot's view and search count for nothing.
    expect((await browser().call('POST', '/api/views', { type: 'jobs', id: jobA.id }, { 'User-Agent': 'Googlebot/2.1' })).status).toBe(204);
    const fan = (await member('Fan')).visitor;
    expect((await fan.post('/api/follow', { type: 'jobs', id: jobA.id })).status).toBe(200);
    for (let n = 0; n < 6; n += 1) {
      const found = await browser().call('POST', '/api/post/search', { type: 'jobs', search: 'Barista Kopitiam' }, PERSON);
      expect((found.body as { results: { id: number }[] }).results.map((card) => card.id)).toContain(jobA.id);
    }
    await browser().call('POST', '/api/post/search', { type: 'jobs', search: 'Barista' }, PERSON);
    await copy.app.views.flush();
    await copy.app.impressions.flush();

    const answer = await ownerA.get(`/api/advertiser/insights?from=${day}&to=${day}&post_id=${jobA.id}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const insights = answer.body.data as Insights;
    const stored = await copy.query.selectFrom('listing_daily_stats').select(['action', 'count']).where('post_id', '=', jobA.id).where('day', '=', day).execute();
    const storedCount = (action: string) => Number(stored.find((row) => row.action === action)?.count ?? 0);
    expect(insights.totals).toMatchObject({ views: 4, impressions: storedCount('impression'), followers: 1 });
    expect(storedCount('view')).toBe(4);
    expect(insights.totals.clicks).toMatchObject({ call: 3, whatsapp: 2 });
    expect(insights.totals.clicks.call).toBe(storedCount('call'));
    expect(insights.totals.impressions).toBeGreaterThanOrEqual(7);
    // The job application of the inbox test is this ad's one lead.
    expect(insights.totals.enquiries).toEqual({ services: 0, jobs: 1, hireme: 0, buysell: 0 });
    expect(insights.series.days).toEqual([day]);
    expect(insights.series.views).toEqual([4]);
    expect(insights.previous_totals.views).toBe(0);
    // A term shows once searched at least 5 times: "barista kopitiam" (6), not "barista" (1).
    expect(insights.search_terms).toEqual([{ term: 'barista kopitiam', count: 6 }]);

    // The whole business includes its ad; the profile's own enquiries count there too.
    const business = (await ownerA.get(`/api/advertiser/insights?from=${day}&to=${day}&profile_id=${businessA.id}`)).body.data as Insights;
    expect(business.totals.views).toBeGreaterThanOrEqual(4);
    expect(business.totals.enquiries.services).toBeGreaterThanOrEqual(3);

    const csv = await ownerA.getText(`/api/advertiser/insights.csv?from=${day}&to=${day}&post_id=${jobA.id}`);
    const [header, row] = csv.text.slice(1).trim().split('\r\n').map((line) => line.split(','));
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('day'), cell('views'), cell('clicks_call'), cell('clicks_whatsapp'), cell('enquiries_jobs'), cell('followers'), cell('impressions')])
      .toEqual([day, '4', '3', '2', '1', '1', String(insights.totals.impressions)]);

    const bad = await ownerA.get('/api/advertiser/insights?from=2026-05-01&to=2026-04-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('from');
  });
});

describe('lead mail: instant, a daily digest at 08:00 Malaysian time, or off', () => {
  it('mails nothing at once on daily, one digest after 08:00 MYT with what came since, and nothing on off', async () => {
    const owner = await advertiser('Digest Owner');
    const business = await claimBusiness(owner, skip);
    expect((await owner.patch('/api/advertiser/settings', { lead_mail: 'weekly' })).status).toBe(422);
    expect((await owner.patch('/api/advertiser/settings', { lead_mail: 'daily' })).body.data).toEqual({ lead_mail: 'daily' });
    expect((await owner.get('/api/advertiser/settings')).body.data).toEqual({ lead_mail: 'daily' });
    const { visitor } = await member('Morning Sender');
    // Walk the clock to 07:00 in Malaysia (23:00 UTC).
    const now = clock.now();
    const sevenAm = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate(), 23, 0);
    clock.advance(sevenAm - now + (sevenAm <= now ? 24 * HOUR : 0));
    const before = mailsTo(emailOf(owner)).length;
    expect((await visitor.post('/api/enquire', enquiryBody(business.id, { name: 'Morning Sender' }))).status).toBe(201);
    expect(mailsTo(emailOf(owner))).toHaveLength(before);

    clock.advance(59 * MINUTE);
    await copy.app.jobs.runKind('lead_digests');
    await copy.app.outbox.settled();
    expect(mailsTo(emailOf(owner))).toHaveLength(before);

    clock.advance(MINUTE);
    await copy.app.jobs.runKind('lead_digests');
    await copy.app.outbox.settled();
    const digests = mailsTo(emailOf(owner)).slice(before);
    expect(digests).toHaveLength(1);
    expect(digests[0]).toContain('1 new, 0 answers');
    expect(digests[0]).toContain('Morning Sender');
    // Run again the same day: nothing more.
    await copy.app.jobs.runKind('lead_digests');
    await copy.app.outbox.settled();
    expect(mailsTo(emailOf(owner)).slice(before)).toHaveLength(1);

    expect((await owner.patch('/api/advertiser/settings', { lead_mail: 'off' })).status).toBe(200);
    await signIn(emailOf(owner), undefined, owner);
    clock.advance(11 * MINUTE);
    const sign = mailsTo(emailOf(owner)).length;
    expect((await visitor.post('/api/enquire', enquiryBody(business.id, { name: 'Morning Sender', description: 'Again' }))).status).toBe(201);
    clock.advance(24 * HOUR);
    await copy.app.jobs.runKind('lead_digests');
    await copy.app.outbox.settled();
    expect(mailsTo(emailOf(owner))).toHaveLength(sign);
    // The lead is in the inbox all the same.
    expect(((await owner.get('/api/advertiser/leads')).body.data as Lead[]).length).toBe(2);
  });
});

describe('reporting a review', () => {
  it('lets the listing\'s owner report a review to the operators\' queue; anyone else gets 404', async () => {
    const { visitor } = await member('Harsh Critic');
    const written = await visitor.post('/api/review', { type: 'profile', id: businessA.id, content: 'They never came.', rating: 1 });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const reviews = (await ownerA.get('/api/advertiser/reviews')).body.data as { id: number; content: string }[];
    const review = reviews.find((item) => item.content === 'They never came.')!;
    expect((await ownerA.post(`/api/advertiser/reviews/${review.id}/report`, { reason: 'NOPE', description: '' })).status).toBe(422);
    const reported = await ownerA.post(`/api/advertiser/reviews/${review.id}/report`, { reason: 'FAKE_ADS', description: 'No such booking in our records.' });
    expect(reported.status).toBe(201);
    expect((await ownerB.post(`/api/advertiser/reviews/${review.id}/report`, { reason: 'FAKE_ADS', description: 'x' })).status).toBe(404);
    const rows = await copy.query.selectFrom('review_reports').selectAll().where('review_id', '=', review.id).execute();
    expect(rows.map((row) => [row.reason, row.description])).toEqual([['FAKE_ADS', 'No such booking in our records.']]);
  });
});

