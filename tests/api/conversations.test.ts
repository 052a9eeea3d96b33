import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../src/shared/conversations.ts';
import type { Lead } from '../../src/shared/leads.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { decodedMail, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { rowCount } from '../helpers/test-database.ts';
import { livePost } from '../fixtures/catalogue.ts';

/**
 * Conversations (issue 44) through the API on the configured backend: one per person and listing, which enquiries
 * join; both sides write at any time; a retried client id answers the same message; masked contact details and the
 * logged 'Show'; scam warnings for the reader; blocks; the limits; a listing nobody owns; unread notices by mail,
 * muted by their one-click link. Anybody else gets 404 on every route.
 */
const accounts = useAccountsApp('conversations');
const { outbox, copy, clock, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, unclaimedWithMobile, emailOf, signInAgain } = advertiserHelpers(accounts);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const skip = new Set<number>();
let people = 0;
let clientIds = 0;
const clientId = () => `client-${++clientIds}-${'x'.repeat(8)}`;

async function person(name = 'Siti Nurhaliza'): Promise<{ visitor: SessionClient; email: string }> {
  const email = `talker-${++people}@example.my`;
  await registerByEmail(email, name);
  return { visitor: await signIn(email), email };
}

const mailsTo = (to: string) => messagesTo(outbox, to).map(decodedMail);
type Thread = ConversationView & { messages: MessageView[]; has_more: boolean };
type Started = ConversationView & { message: MessageView };

let owner: SessionClient;
let business: { id: number; slug: string };

beforeAll(async () => {
  owner = await advertiser('Owner Chan');
  business = await claimBusiness(owner, skip);
  skip.add(business.id);
});

/** A seller (an advertiser) who owns the businesses of `count` live buy & sell posts, from the `offset`-th on. */
async function sellerOfItems(name: string, count: number, offset: number): Promise<{ seller: SessionClient; ids: number[] }> {
  const seller = await advertiser(name);
  const sellerId = (await seller.get('/api/user')).body.id as number;
  const ids: number[] = [];
  for await (const batch of copy.app.repos.sitemap.postUrlBatches('buysell', count, offset)) {
    for (const { slug } of batch) ids.push((await copy.app.repos.catalog.findPostIdBySlug(slug))!);
    break;
  }
  for (const id of ids) {
    const post = await copy.query.selectFrom('posts').select('profile_id').where('id', '=', id).executeTakeFirstOrThrow();
    await copy.query.updateTable('profiles').set({ owner_user_id: sellerId }).where('id', '=', post.profile_id).execute();
  }
  return { seller, ids };
}

describe('conversations', () => {
  it('keeps one conversation per person and listing, which an enquiry joins; a retried client id answers the same message', async () => {
    const { visitor } = await person('Aminah');
    const first = { type: 'profile', id: business.id, text: 'Hello, do you open on Sunday?', client_id: clientId() };
    const started = await visitor.post('/api/conversations', first);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const conversation = started.body.data as Started;
    expect(conversation).toMatchObject({ role: 'person', with: expect.any(String), can_write: true, message: { side: 'person', mine: true, text: first.text } });
    // The same client id again (a retry after a lost answer): 200, the same message, nothing new stored.
    const retried = await visitor.post('/api/conversations', first);
    expect(retried.status).toBe(200);
    expect((retried.body.data as Started).message.id).toBe(conversation.message.id);
    // A new message about the same listing joins the same conversation.
    const again = await visitor.post('/api/conversations', { ...first, text: 'And on Monday?', client_id: clientId() });
    expect(again.status).toBe(201);
    expect((again.body.data as Started).id).toBe(conversation.id);
    // So does an enquiry: its lead names the conversation, and the thread holds the messages.
    const enquiry = await visitor.post('/api/enquire', {
      name: 'Aminah', phone_number: '0123456789', contact_method: 'call', type: 'profile', id: business.id, description: 'Booking for Saturday', preferred_date: malaysiaToday(clock.now()),
    });
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
    const lead = (await owner.get(`/api/advertiser/leads/${(enquiry.body.data as { id: number }).id}`)).body.data as Lead;
    expect(lead.conversation_id).toBe(conversation.id);
    expect(lead.replies.map((reply) => reply.message)).toEqual(['Hello, do you open on Sunday?', 'And on Monday?']);

    const thread = (await owner.get(`/api/conversations/${conversation.id}`)).body.data as Thread;
    expect(thread.role).toBe('owner');
    expect(thread.with).toBe('Aminah');
    expect(thread.messages.map((message) => [message.kind, message.side])).toEqual([['enquiry', 'person'], ['text', 'person'], ['text', 'person']]);
    expect(thread.messages[0]!.text).toContain('Booking for Saturday');
    expect(thread.messages[0]!.enquiry).toMatchObject({ kind: 'services', url: `/advertiser/leads/${lead.id}` });

    // The owner answers at any time; so does the person (no waiting for a reply, no daily cap of 10).
    const answer = await owner.post(`/api/conversations/${conversation.id}/messages`, { text: 'Yes, 10am to 6pm.', client_id: clientId() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect((answer.body.data as MessageView)).toMatchObject({ side: 'owner', mine: true });
    for (let n = 0; n < 12; n += 1) expect((await visitor.post(`/api/conversations/${conversation.id}/messages`, { text: `Note ${n}`, client_id: clientId() })).status).toBe(201);
    const page = (await visitor.get(`/api/conversations/${conversation.id}`)).body.data as Thread;
    expect(page.messages[0]!.text).toBe('Note 11');
    expect(page.has_more).toBe(false);
  });

  it('lists a side\'s conversations with unread counts and filters, marks them read, archives and mutes', async () => {
    const { visitor } = await person('Lim');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Price for two units?', client_id: clientId() })).body.data as Started;
    const unreadBefore = ((await owner.get('/api/conversations/unread')).body.data as { unread: number }).unread;
    expect(unreadBefore).toBeGreaterThanOrEqual(1);
    const listed = (await owner.get('/api/conversations?role=owner&unread=true')).body.data as ConversationView[];
    expect(listed.find((item) => item.id === started.id)).toMatchObject({ unread: 1, last_message: { side: 'person', text: 'Price for two units?' } });
    expect(((await owner.get(`/api/conversations?role=owner&listing=profile-${business.id}`)).body.data as ConversationView[]).map((item) => item.id)).toContain(started.id);
    expect((await owner.get('/api/conversations?role=boss&unread=maybe')).status).toBe(422);

    const read = await owner.post(`/api/conversations/${started.id}/read`, { up_to: started.message.id });
    expect(read.body.data).toEqual({ read_up_to: started.message.id });
    expect(((await owner.get('/api/conversations/unread')).body.data as { unread: number }).unread).toBe(unreadBefore - 1);
    expect(((await owner.get('/api/conversations?role=owner&unread=true')).body.data as ConversationView[]).map((item) => item.id)).not.toContain(started.id);

    const archived = await owner.patch(`/api/conversations/${started.id}`, { archived: true, muted: true });
    expect(archived.body.data).toMatchObject({ archived: true, muted: true });
    expect(((await owner.get('/api/conversations?role=owner&archived=false')).body.data as ConversationView[]).map((item) => item.id)).not.toContain(started.id);
    // A new message brings it back out of the archive.
    await visitor.post(`/api/conversations/${started.id}/messages`, { text: 'Any news?', client_id: clientId() });
    expect(((await owner.get('/api/conversations?role=owner&archived=false')).body.data as ConversationView[]).map((item) => item.id)).toContain(started.id);
    expect((await owner.patch(`/api/conversations/${started.id}`, {})).status).toBe(422);
  });

  it('masks the opener\'s phone numbers and e-mail addresses until the owner writes; a Show is logged and limited', async () => {
    const { visitor } = await person('Rajesh');
    const text = 'Call me at 012-345 6789 or mail raj.kumar@example.my';
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text, client_id: clientId() })).body.data as Started;
    // The writer reads their own words.
    expect(started.message).toMatchObject({ text, masked: false });
    const seen = ((await owner.get(`/api/conversations/${started.id}`)).body.data as Thread).messages[0]!;
    expect(seen.masked).toBe(true);
    expect(seen.text).toBe('Call me at 012-••• ••89 or mail r•••@•••.my');
    const shown = await owner.post(`/api/conversations/${started.id}/messages/${seen.id}/reveal`, {});
    expect(shown.body.data).toMatchObject({ text, masked: false });
    const log = await copy.query.selectFrom('conversation_reveals').selectAll().where('message_id', '=', seen.id).execute();
    expect(log).toHaveLength(1);
    // Shown once, it stays shown to that reader; the stored text never changed.
    expect(((await owner.get(`/api/conversations/${started.id}`)).body.data as Thread).messages[0]!.text).toBe(text);
    expect((await copy.query.selectFrom('conversation_messages').select('text').where('id', '=', seen.id).executeTakeFirstOrThrow()).text).toBe(text);
    // 30 an hour.
    for (let n = 1; n < 30; n += 1) expect((await owner.post(`/api/conversations/${started.id}/messages/${seen.id}/reveal`, {})).status).toBe(200);
    const limited = await owner.post(`/api/conversations/${started.id}/messages/${seen.id}/reveal`, {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Once the owner has written, the opener's details show.
    const { visitor: other } = await person('Mei Ling');
    const second = (await other.post('/api/conversations', { type: 'profile', id: business.id, text: 'WhatsApp +60 12-987 6543', client_id: clientId() })).body.data as Started;
    await owner.post(`/api/conversations/${second.id}/messages`, { text: 'Hello!', client_id: clientId() });
    expect(((await owner.get(`/api/conversations/${second.id}`)).body.data as Thread).messages.find((message) => message.side === 'person')).toMatchObject({ masked: false, text: 'WhatsApp +60 12-987 6543' });
  });

  it('stores and delivers a message a scam rule flags, with the warning for its reader only, in the reader\'s language', async () => {
    const { visitor } = await person('Quick Seller');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Boleh bank in dulu, then I post the item.', client_id: clientId() })).body.data as Started;
    expect(started.message.warning).toBeNull();
    const flagged = ((await owner.get(`/api/conversations/${started.id}`)).body.data as Thread).messages[0]!;
    expect(flagged.text).toBe('Boleh bank in dulu, then I post the item.');
    expect(flagged.warning).toMatchObject({ rules: ['off-platform-payment'] });
    expect(flagged.warning!.text).toContain('pay before you get the item');
  });

  it('warns of a scam no rule names (the classifier, issue 64) in the reader\'s language, the message stored and delivered as written', async () => {
    const { visitor } = await person('Careful Reader');
    expect((await visitor.patch('/api/account', { locale: 'ms' })).status).toBe(200);
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Hi, is the aircond service still available?', client_id: clientId() })).body.data as Started;
    const scam = 'Guaranteed 40% profit every month if you invest RM3,000 with my trading group';
    const sent = await owner.post(`/api/conversations/${started.id}/messages`, { text: scam, client_id: clientId() });
    expect(sent.status).toBe(201);
    const thread = ((await visitor.get(`/api/conversations/${started.id}`)).body.data as Thread).messages;
    const read = thread.find((message) => message.text === scam)!;
    expect(read.warning).toMatchObject({ rules: ['investment'] });
    expect(read.warning!.text).toContain('Berhati-hati: tiada sesiapa boleh menjamin pulangan');
    expect(thread.find((message) => message.text.startsWith('Hi, is the aircond'))!.warning).toBeNull();
    // The writer sees no warning on their own words.
    expect(((await owner.get(`/api/conversations/${started.id}`)).body.data as Thread).messages.find((message) => message.text === scam)!.warning).toBeNull();
  });

  it('lets either side block the other: the blocked side\'s next message is refused with 403', async () => {
    const { visitor } = await person('Pushy');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Reply now!', client_id: clientId() })).body.data as Started;
    expect((await owner.post(`/api/conversations/${started.id}/block`, {})).body.data).toEqual({ blocked: true });
    const refused = await visitor.post(`/api/conversations/${started.id}/messages`, { text: 'Hello??', client_id: clientId() });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This person is not taking messages from you.');
    expect((await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Hello??', client_id: clientId() })).status).toBe(403);
    expect((await owner.call('DELETE', `/api/conversations/${started.id}/block`)).body.data).toEqual({ blocked: false });
    expect((await visitor.post(`/api/conversations/${started.id}/messages`, { text: 'Sorry.', client_id: clientId() })).status).toBe(201);
  });

  it('refuses a blocked person on every route that writes into a conversation: 403, nothing stored, no mail (probe finding 2)', async () => {
    const ownerId = (await copy.query.selectFrom('users').select('id').where('email', '=', emailOf(owner)).executeTakeFirstOrThrow()).id;
    // The owner owns a listing of every kind: the demo posts' businesses (and a hireme post's author) become theirs.
    const posts = { services: await livePost(copy.app, 'services'), jobs: await livePost(copy.app, 'jobs', { matches: ({ row }) => row.job_resume_required === false }),
      buysell: await livePost(copy.app, 'buysell'), hireme: await livePost(copy.app, 'hireme') };
    await copy.query.updateTable('profiles').set({ owner_user_id: ownerId }).where('id', 'in', [posts.services.row.profile_id, posts.jobs.row.profile_id, posts.buysell.row.profile_id]).execute();
    await copy.query.updateTable('posts').set({ owner_user_id: ownerId }).where('id', '=', posts.hireme.id).execute();
    const { visitor } = await person('Blocked Buyer');
    const buysell = (await visitor.post('/api/conversations', { type: 'buysell', id: posts.buysell.id, text: 'Still there?', client_id: clientId() })).body.data as Started;
    expect((await owner.post(`/api/conversations/${buysell.id}/block`, {})).body.data).toEqual({ blocked: true });

    const counts = async () => Promise.all([rowCount(copy.query, 'conversations'), rowCount(copy.query, 'conversation_messages'), rowCount(copy.query, 'enquiries'),
      rowCount(copy.query, 'conversation_offers')]);
    const before = await counts();
    await copy.app.outbox.settled();
    const mailsBefore = mailsTo(emailOf(owner)).length;
    const contact = { name: 'Blocked Buyer', phone_number: '0123456789' };
    const today = malaysiaToday(clock.now());
    const writes: [string, string, Record<string, unknown>][] = [
      ['a new conversation', '/api/conversations', { type: 'profile', id: posts.services.row.profile_id, text: 'Hello?', client_id: clientId() }],
      ['a message', `/api/conversations/${buysell.id}/messages`, { text: 'Hello??', client_id: clientId() }],
      ['an offer', `/api/conversations/${buysell.id}/offers`, { qty: 1, offered_price: 10, deal_method: 'cod' }],
      ['an enquiry about a service', '/api/enquire', { ...contact, type: 'services', id: posts.services.id, description: 'Open?', preferred_date: today }],
      ['an enquiry about a business', '/api/enquire', { ...contact, type: 'profile', id: posts.services.row.profile_id, description: 'Open?', preferred_date: today }],
      ['a job application', '/api/job-application', { ...contact, id: posts.jobs.id, language: ['Malay'], education: 'diploma', experience: 2, salary_type: 'year', salary: 40000 }],
      ['a job offer', '/api/hireme/enquire', { ...contact, id: posts.hireme.id, company_name: 'Kedai Tan', offer: 'RM 2,500 a month' }],
      ['a buy & sell offer', '/api/buysell/enquire', { ...contact, id: posts.buysell.id, qty: 1, offered_price: 10, deal_method: 'cod' }],
    ];
    for (const [what, path, body] of writes) {
      const refused = await visitor.post(path, body);
      expect(refused.status, `${what}: ${JSON.stringify(refused.body)}`).toBe(403);
      expect(refused.body.message).toBe('This person is not taking messages from you.');
    }
    expect(await counts()).toEqual(before);
    await copy.app.outbox.settled();
    expect(mailsTo(emailOf(owner))).toHaveLength(mailsBefore);
  });

  it('answers 404 to anybody not in the conversation on every route, 401 signed out, and 422 per bad field', async () => {
    const { visitor } = await person('Private');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Just us.', client_id: clientId() })).body.data as Started;
    const { visitor: stranger } = await person('Stranger');
    const path = `/api/conversations/${started.id}`;
    expect((await stranger.get(path)).status).toBe(404);
    expect((await stranger.patch(path, { archived: true })).status).toBe(404);
    expect((await stranger.post(`${path}/messages`, { text: 'Hi', client_id: clientId() })).status).toBe(404);
    expect((await stranger.post(`${path}/read`, { up_to: 1 })).status).toBe(404);
    expect((await stranger.post(`${path}/block`, {})).status).toBe(404);
    expect((await stranger.call('DELETE', `${path}/block`)).status).toBe(404);
    expect((await stranger.post(`${path}/messages/${started.message.id}/reveal`, {})).status).toBe(404);
    expect(((await stranger.get('/api/conversations')).body.data as ConversationView[]).map((item) => item.id)).not.toContain(started.id);
    expect((await browser().get(path)).status).toBe(401);
    expect((await browser().get('/api/conversations/unread')).status).toBe(401);

    const bad = await visitor.post('/api/conversations', { type: 'shop', id: 'x', text: '', client_id: 'no' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['client_id', 'id', 'text', 'type']);
    expect((await visitor.post(`${path}/messages`, { text: 'x'.repeat(2001), client_id: clientId() })).status).toBe(422);
    expect((await visitor.post('/api/conversations', { type: 'profile', id: 999_999_999, text: 'Hi', client_id: clientId() })).status).toBe(404);
    expect((await owner.post('/api/conversations', { type: 'profile', id: business.id, text: 'Talking to myself', client_id: clientId() })).status).toBe(422);
  });

  it('limits each sender: 20 messages a minute, and 10 new conversations a day for an account younger than a week', async () => {
    const { visitor } = await person('Spammy');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'One', client_id: clientId() })).body.data as Started;
    for (let n = 1; n < 20; n += 1) expect((await visitor.post(`/api/conversations/${started.id}/messages`, { text: `Message ${n}`, client_id: clientId() })).status).toBe(201);
    const limited = await visitor.post(`/api/conversations/${started.id}/messages`, { text: 'Too many', client_id: clientId() });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    clock.advance(MINUTE);
    expect((await visitor.post(`/api/conversations/${started.id}/messages`, { text: 'Later', client_id: clientId() })).status).toBe(201);

    // New conversations: nine more listings today (ten in all), then 429.
    const ids: number[] = [];
    for await (const batch of copy.app.repos.sitemap.postUrlBatches('buysell', 12, 0)) {
      for (const { slug } of batch) ids.push((await copy.app.repos.catalog.findPostIdBySlug(slug))!);
      break;
    }
    let opened = 1;
    for (const id of ids) {
      clock.advance(4 * MINUTE);
      const answer = await visitor.post('/api/conversations', { type: 'buysell', id, text: 'Still available?', client_id: clientId() });
      if (opened < 10) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        opened += 1;
      } else {
        expect(answer.status).toBe(429);
        expect(answer.body.message).toBe('You can start 10 conversations a day while your account is new. Try again tomorrow.');
        break;
      }
    }
    expect(opened).toBe(10);
  });

  it('e-mails a listing nobody owns the first message, then says it has not joined; mails owners of what stays unread 15 minutes, once, until muted', async () => {
    const unowned = await unclaimedWithMobile(skip);
    skip.add(unowned.id);
    const { visitor } = await person('Early Bird');
    const first = await visitor.post('/api/conversations', { type: 'profile', id: unowned.id, text: 'Are you open?', client_id: clientId() });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ can_write: false, closed: 'no_owner', closed_reason: 'This business has not joined yet. Your message was e-mailed to them.' });
    const mailed = messagesTo(outbox, copy.app.config.enquiryInbox).map(decodedMail).concat(
      ...(await copy.app.repos.catalog.findProfileLocations(unowned.id)).map((location) => (location.email ? mailsTo(location.email) : [])));
    expect(mailed.some((mail) => mail.includes('Are you open?'))).toBe(true);
    const second = await visitor.post('/api/conversations', { type: 'profile', id: unowned.id, text: 'Hello?', client_id: clientId() });
    expect(second.status).toBe(422);
    expect(second.body.message).toBe('This business has not joined yet. Your message was e-mailed to them.');

    // An owner hears of a conversation's first message at once, of later ones after 15 minutes unread, once.
    const { visitor: buyer } = await person('Patient Buyer');
    // The owner's mails about this buyer's questions (other conversations have their own notices).
    const ownerMails = () => mailsTo(emailOf(owner)).filter((mail) => mail.includes('question')).length;
    const before = ownerMails();
    const started = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'First question', client_id: clientId() })).body.data as Started;
    expect(ownerMails()).toBe(before + 1);
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'Second question, call 012-777 8899', client_id: clientId() });
    await copy.app.jobs.runKind('conversation_notices');
    await copy.app.outbox.settled();
    expect(ownerMails()).toBe(before + 1);
    clock.advance(16 * MINUTE);
    await copy.app.jobs.runKind('conversation_notices');
    await copy.app.outbox.settled();
    expect(ownerMails()).toBe(before + 2);
    const notice = mailsTo(emailOf(owner)).at(-1)!;
    expect(notice).toContain('Second question, call 012-••• ••99');
    expect(notice).not.toContain('777 8899');
    expect(notice).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The unsubscribe headers join the builder's, not replace them: the mail still names its language.
    expect(notice).toMatch(/^Content-Language: en$/m);
    await copy.app.jobs.runKind('conversation_notices');
    await copy.app.outbox.settled();
    expect(ownerMails()).toBe(before + 2);

    // The notice's one-click link mutes the conversation: no more notices about it.
    const link = /(https?:\/\/\S+\/api\/conversations\/mute\?token=[\w.-]+)/.exec(notice)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const muted = await browser().call('POST', `/api/conversations/mute?token=${token}`, {}, { Origin: 'https://mail.example.com' });
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    expect((await browser().call('POST', '/api/conversations/mute?token=1.forged', {})).status).toBe(404);
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'Third question', client_id: clientId() });
    clock.advance(DAY);
    await copy.app.jobs.runKind('conversation_notices');
    await copy.app.outbox.settled();
    expect(ownerMails()).toBe(before + 2);
  });

  it('lets the buyer offer on a buy & sell post, one open at a time; the seller accepts or declines; a closed offer answers 422', async () => {
    const { seller, ids } = await sellerOfItems('Seller Sam', 1, 40);
    const { visitor: buyer } = await person('Bargain Hunter');
    const started = (await buyer.post('/api/conversations', { type: 'buysell', id: ids[0]!, text: 'Is the price negotiable?', client_id: clientId() })).body.data as Started;

    const bad = await buyer.post(`/api/conversations/${started.id}/offers`, { qty: 0, offered_price: -1, deal_method: 'teleport' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['deal_method', 'offered_price', 'qty']);
    const first = await buyer.post(`/api/conversations/${started.id}/offers`, { qty: 1, offered_price: 450, deal_method: 'self-pickup', remark: 'Can collect today' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const firstOffer = (first.body.data as MessageView).offer!;
    expect(firstOffer).toMatchObject({ qty: 1, offered_price: 450, deal_method: 'self-pickup', status: 'open' });
    // A new offer withdraws the open one.
    const second = (await buyer.post(`/api/conversations/${started.id}/offers`, { qty: 1, offered_price: 480, deal_method: 'cod' })).body.data as MessageView;
    const thread = (await seller.get(`/api/conversations/${started.id}`)).body.data as Thread;
    expect(thread.messages.filter((message) => message.kind === 'offer').map((message) => [message.offer!.offered_price, message.offer!.status])).toEqual([[480, 'open'], [450, 'withdrawn']]);
    expect((await seller.post(`/api/conversations/offers/${firstOffer.id}/accept`, {})).status).toBe(422);
    // Only the seller answers; only the buyer withdraws; nobody else sees it.
    expect((await buyer.post(`/api/conversations/offers/${second.offer!.id}/accept`, {})).status).toBe(403);
    expect((await owner.post(`/api/conversations/offers/${second.offer!.id}/decline`, {})).status).toBe(404);
    const accepted = await seller.post(`/api/conversations/offers/${second.offer!.id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect((accepted.body.data as MessageView).offer!.status).toBe('accepted');
    const again = await seller.post(`/api/conversations/offers/${second.offer!.id}/decline`, {});
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This offer is closed.');
    // No offers on a business's conversation, nor from the seller.
    const other = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Hello', client_id: clientId() })).body.data as Started;
    expect((await buyer.post(`/api/conversations/${other.id}/offers`, { qty: 1, offered_price: 10, deal_method: 'cod' })).status).toBe(422);
    expect((await seller.post(`/api/conversations/${started.id}/offers`, { qty: 1, offered_price: 10, deal_method: 'cod' })).status).toBe(422);
  });

  it('makes the item page\'s Make Offer a real offer in its conversation, which the seller accepts (the walk as a buyer)', async () => {
    const { seller, ids } = await sellerOfItems('Seller Siti', 1, 80);
    const { visitor: buyer } = await person('Item Page Buyer');
    const sent = await buyer.post('/api/buysell/enquire', { id: ids[0]!, name: 'Item Page Buyer', phone_number: '0123456789', qty: 1, offered_price: 420, deal_method: 'cod', remark: 'Can collect Saturday' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const listed = (await seller.get('/api/conversations?role=owner')).body.data as ConversationView[];
    const conversation = listed.find((item) => item.with === 'Item Page Buyer')!;
    const thread = (await seller.get(`/api/conversations/${conversation.id}`)).body.data as Thread;
    const offer = thread.messages.find((message) => message.kind === 'offer')!.offer!;
    expect(offer).toMatchObject({ qty: 1, offered_price: 420, deal_method: 'cod', status: 'open' });
    const accepted = await seller.post(`/api/conversations/offers/${offer.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((accepted.body.data as MessageView).offer!.status).toBe('accepted');
  });

  it('closes the other buyers’ open offers when an accepted one takes the last unit, each told in their language (probe finding 15)', async () => {
    const { seller, ids } = await sellerOfItems('Seller Siew', 2, 60);
    const [single, pair] = ids as [number, number];
    await copy.query.updateTable('buysell_details').set({ qty: 1 }).where('post_id', '=', single).execute();
    await copy.query.updateTable('buysell_details').set({ qty: 2 }).where('post_id', '=', pair).execute();
    const buyers = [await person('Buyer One'), await person('Buyer Two'), await person('Buyer Three')];
    await copy.query.updateTable('users').set({ locale: 'zh' }).where('email', '=', buyers[1]!.email).execute();
    await copy.query.updateTable('users').set({ locale: 'ms' }).where('email', '=', buyers[2]!.email).execute();
    const offerOn = async (buyer: SessionClient, post: number) => {
      const started = (await buyer.post('/api/conversations', { type: 'buysell', id: post, text: 'Still available?', client_id: clientId() })).body.data as Started;
      return ((await buyer.post(`/api/conversations/${started.id}/offers`, { qty: 1, offered_price: 100, deal_method: 'cod' })).body.data as MessageView).offer!.id;
    };
    // Two units: accepting one offer leaves the other open.
    const pairOffers = [await offerOn(buyers[0]!.visitor, pair), await offerOn(buyers[1]!.visitor, pair)];
    expect((await seller.post(`/api/conversations/offers/${pairOffers[0]}/accept`, {})).status).toBe(200);
    expect((await copy.app.repos.offers.findOffer(pairOffers[1]!))!.status).toBe('open');
    // One unit: accepting one offer declines the others, and their buyers hear of it in their own language.
    const offers = await Promise.all(buyers.map(({ visitor }) => offerOn(visitor, single)));
    expect((await seller.post(`/api/conversations/offers/${offers[0]}/accept`, {})).status).toBe(200);
    expect((await Promise.all(offers.map(async (id) => (await copy.app.repos.offers.findOffer(id))!.status)))).toEqual(['accepted', 'declined', 'declined']);
    const second = await seller.post(`/api/conversations/offers/${offers[1]}/accept`, {});
    expect(second.status).toBe(422);
    await copy.app.outbox.settled();
    expect(mailsTo(buyers[1]!.email).some((mail) => mail.includes('卖家已接受另一个出价'))).toBe(true);
    expect(mailsTo(buyers[2]!.email).some((mail) => mail.includes('Penjual telah menerima tawaran lain'))).toBe(true);
    expect(mailsTo(buyers[0]!.email).some((mail) => mail.includes('accepted another offer'))).toBe(false);
  });

  it('erases a deleted account\'s words: its messages read "Former member: message deleted", its enquiry loses name, phone and e-mail', async () => {
    const { visitor, email } = await person('Leaving Soon');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'My number is 019-222 3344', client_id: clientId() })).body.data as Started;
    const enquiry = await visitor.post('/api/enquire', {
      name: 'Leaving Soon', phone_number: '0192223344', email, contact_method: 'call', type: 'profile', id: business.id, description: 'Quote for my flat please', preferred_date: malaysiaToday(clock.now()),
    });
    expect(enquiry.status, JSON.stringify(enquiry.body)).toBe(201);
    const enquiryId = (enquiry.body.data as { id: number }).id;
    await owner.post(`/api/conversations/${started.id}/messages`, { text: 'We will call you.', client_id: clientId() });
    expect((await visitor.call('PUT', '/api/account/pending-delete', {})).status).toBe(200);
    clock.advance(15 * DAY);
    await copy.app.jobs.runKind('delete_accounts');
    // Fifteen days on, the owner signs in again.
    await signInAgain(owner);

    const read = await owner.get(`/api/conversations/${started.id}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const thread = read.body.data as Thread;
    expect(thread.with).toBe('Former member');
    const theirs = thread.messages.filter((message) => message.side === 'person');
    expect(theirs.length).toBe(2);
    for (const message of theirs) expect(message).toMatchObject({ erased: true, text: 'Former member: message deleted' });
    expect(thread.messages.find((message) => message.side === 'owner')!.text).toBe('We will call you.');
    const stored = await copy.query.selectFrom('conversation_messages').select('text').where('conversation_id', '=', started.id).where('side', '=', 'person').execute();
    expect(stored.map((row) => row.text)).toEqual(['', '']);
    const lead = await copy.query.selectFrom('enquiries').select(['name', 'phone_number', 'email', 'details', 'user_id']).where('id', '=', enquiryId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ name: 'Former member', phone_number: '', email: null, user_id: null });
    expect(JSON.stringify(lead.details)).not.toContain('Quote for my flat');
    // Nobody is left to write to.
    expect((await owner.post(`/api/conversations/${started.id}/messages`, { text: 'Hello?', client_id: clientId() })).status).toBe(422);
  });

  it('keeps a conversation 24 months after its last message, then removes it; its enquiry stays in the leads', async () => {
    await signInAgain(owner);
    const { visitor } = await person('Long Ago');
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'From long ago', client_id: clientId() })).body.data as Started;
    const enquiry = await visitor.post('/api/enquire', {
      name: 'Long Ago', phone_number: '0123456789', contact_method: 'call', type: 'profile', id: business.id, description: 'Old booking', preferred_date: malaysiaToday(clock.now()),
    });
    const enquiryId = (enquiry.body.data as { id: number }).id;
    clock.advance(23 * 30 * DAY);
    await copy.app.jobs.runKind('conversation_retention');
    expect(await copy.query.selectFrom('conversations').select('id').where('id', '=', started.id).execute()).toHaveLength(1);
    clock.advance(2 * 30 * DAY);
    await copy.app.jobs.runKind('conversation_retention');
    expect(await copy.query.selectFrom('conversations').select('id').where('id', '=', started.id).execute()).toHaveLength(0);
    expect(await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', started.id).execute()).toHaveLength(0);
    const kept = await copy.query.selectFrom('enquiries').select(['id', 'conversation_id']).where('id', '=', enquiryId).executeTakeFirstOrThrow();
    expect([Number(kept.id), kept.conversation_id]).toEqual([enquiryId, null]);
  });
});

