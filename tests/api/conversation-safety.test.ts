import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../src/shared/conversations.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import type { SessionClient } from '../helpers/session-client.ts';

/**
 * Conversations' safety (issue 44) through the API on the configured backend: images private to the two sides (at
 * most 5 a message, each the sender's own upload), reports reaching the operators' queue as `conversation-{id}`, the
 * operator's audited read of the reported messages and 5 each side, removal by moderation, the automatic report of a
 * sender flagged in 3 conversations in a day, and retention keeping a reported conversation.
 */
const accounts = useAccountsApp('conversation-safety');
const { copy, clock, browser, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness, signInAgain } = advertiserHelpers(accounts, 'safety');
const DAY = 24 * 60 * 60_000;
const skip = new Set<number>();
let people = 0;
let clientIds = 0;
const clientId = () => `safety-${++clientIds}-${'x'.repeat(8)}`;
type Thread = ConversationView & { messages: MessageView[] };
type Started = ConversationView & { message: MessageView };

async function person(name: string): Promise<SessionClient> {
  const email = `safe-${++people}@example.my`;
  await registerByEmail(email, name);
  return signIn(email);
}

let png: Buffer;
let owner: SessionClient;
const businesses: { id: number; slug: string }[] = [];

async function upload(who: SessionClient): Promise<number> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const answer = await who.postForm<{ data: { id: number } }>('/api/conversations/image', form);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id;
}

let moderator: SessionClient | undefined;
async function operator(): Promise<SessionClient> {
  if (moderator) return moderator;
  await registerByEmail('chat-moderator@example.my', 'Chat Moderator');
  await copy.repos.users.addRole((await copy.repos.users.findCredentials({ email: 'chat-moderator@example.my' }))!.id, 'operator');
  return (moderator = await signIn('chat-moderator@example.my'));
}

beforeAll(async () => {
  png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3a6' } }).png().toBuffer();
  owner = await advertiser('Owner Safe');
  for (let n = 0; n < 3; n += 1) {
    const business = await claimBusiness(owner, skip);
    skip.add(business.id);
    businesses.push(business);
  }
});

describe('conversation images', () => {
  it('carries up to 5 of the sender\'s own images, served only to the two sides', async () => {
    const buyer = await person('Photo Buyer');
    const ids = [await upload(buyer), await upload(buyer)];
    // Images alone make a message.
    const started = await buyer.post('/api/conversations', { type: 'profile', id: businesses[0]!.id, text: '', images: ids, client_id: clientId() });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const message = (started.body.data as Started).message;
    expect(message.images.map((image) => image.id)).toEqual(ids);
    const conversationId = (started.body.data as Started).id;
    expect(message.images[0]!.thumbnail).toBe(`/api/conversations/${conversationId}/media/${ids[0]}/thumbnail`);

    const seen = ((await owner.get(`/api/conversations/${conversationId}`)).body.data as Thread).messages[0]!;
    expect(seen.images).toEqual(message.images);
    const file = await owner.getText(message.images[0]!.full);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect((await sharp(file.bytes).metadata()).format).toBe('jpeg');
    // Private: not on the public media path, not for a stranger, not signed out.
    const stored = await copy.query.selectFrom('media').select('full').where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(stored.full.startsWith('private/')).toBe(true);
    expect((await browser().getText(`/media/${stored.full}`)).status).toBe(404);
    const stranger = await person('Nosy');
    expect((await stranger.getText(message.images[0]!.full)).status).toBe(404);
    expect((await browser().getText(message.images[0]!.full)).status).toBe(401);

    // An image goes once; someone else's upload, an unknown one or a sixth image is a 422, and nothing is stored.
    const before = await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).execute();
    const reused = await buyer.post(`/api/conversations/${conversationId}/messages`, { text: 'Again', images: [ids[0]], client_id: clientId() });
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.body.errors as object)).toEqual(['images']);
    const theirs = await upload(stranger);
    expect((await buyer.post(`/api/conversations/${conversationId}/messages`, { text: 'Mine?', images: [theirs], client_id: clientId() })).status).toBe(422);
    expect((await buyer.post(`/api/conversations/${conversationId}/messages`, { text: 'Unknown', images: [999_999_999], client_id: clientId() })).status).toBe(422);
    const six = await buyer.post(`/api/conversations/${conversationId}/messages`, { text: 'Many', images: [1, 2, 3, 4, 5, 6], client_id: clientId() });
    expect(six.status).toBe(422);
    expect((six.body.errors as Record<string, string[]>).images).toEqual(['At most 5 images a message.']);
    expect((await buyer.post(`/api/conversations/${conversationId}/messages`, { text: '', images: [], client_id: clientId() })).status).toBe(422);
    expect(await copy.query.selectFrom('conversation_messages').select('id').where('conversation_id', '=', conversationId).execute()).toHaveLength(before.length);
    // Five fresh ones go.
    const five = [];
    for (let n = 0; n < 5; n += 1) five.push(await upload(buyer));
    expect((await buyer.post(`/api/conversations/${conversationId}/messages`, { text: 'All angles', images: five, client_id: clientId() })).status).toBe(201);
    // Signed out, no upload.
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    expect((await browser().postForm('/api/conversations/image', form)).status).toBe(401);
  });
});

describe('conversation images and account deletion', () => {
  it('deletes the images of a deleted account\'s messages, files and rows', async () => {
    const leaving = await person('Leaving With Photos');
    const photo = await upload(leaving);
    const started = (await leaving.post('/api/conversations', { type: 'profile', id: businesses[0]!.id, text: 'See photo', images: [photo], client_id: clientId() })).body.data as Started;
    const file = (await copy.query.selectFrom('media').select('full').where('id', '=', photo).executeTakeFirstOrThrow()).full;
    expect((await leaving.call('PUT', '/api/account/pending-delete', {})).status).toBe(200);
    clock.advance(15 * DAY);
    await copy.app.jobs.runKind('delete_accounts');
    // Fifteen days on, the owner signs in again.
    await signInAgain(owner);
    expect(await copy.query.selectFrom('media').select('id').where('id', '=', photo).execute()).toHaveLength(0);
    expect(await copy.app.mediaStore.exists(file)).toBe(false);
    expect(await copy.query.selectFrom('conversation_message_media').select('media_id').where('message_id', '=', started.message.id).execute()).toHaveLength(0);
  });
});

describe('conversation reports', () => {
  it('joins the queue as conversation-{id}; the operator reads the reported messages and 5 each side (audited), removes one, dismisses the rest', async () => {
    const buyer = await person('Rude Buyer');
    const started = (await buyer.post('/api/conversations', { type: 'profile', id: businesses[1]!.id, text: 'Message 1', client_id: clientId() })).body.data as Started;
    const id = started.id;
    const photo = await upload(buyer);
    const written: number[] = [started.message.id];
    for (let n = 2; n <= 14; n += 1) {
      const answer = await buyer.post(`/api/conversations/${id}/messages`, { text: `Message ${n}`, images: n === 8 ? [photo] : [], client_id: clientId() });
      written.push((answer.body.data as MessageView).id);
    }
    const reportedId = written[7]!;
    const stranger = await person('Outsider');
    expect((await stranger.post(`/api/conversations/${id}/report`, { reason: 'ABUSE', description: 'x', message_ids: [reportedId] })).status).toBe(404);
    const bad = await owner.post(`/api/conversations/${id}/report`, { reason: 'RUDE', message_ids: ['x'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors as object).sort()).toEqual(['message_ids', 'reason']);
    expect((await owner.post(`/api/conversations/${id}/report`, { reason: 'ABUSE', message_ids: [1] })).status).toBe(422);
    const reported = await owner.post(`/api/conversations/${id}/report`, { reason: 'ABUSE', description: 'Threatening me.', message_ids: [reportedId] });
    expect(reported.status, JSON.stringify(reported.body)).toBe(201);
    expect(reported.body).toMatchObject({ data: { group: `conversation-${id}` }, message: 'Report Logged!' });

    const staff = await operator();
    const groups = (await staff.get('/api/operator/reports')).body.data as { group: string; type: string; owner_user_id: number; reports: { description: string }[] }[];
    const group = groups.find((item) => item.group === `conversation-${id}`)!;
    expect(group).toMatchObject({ type: 'conversation', reports: [{ description: 'Threatening me.' }] });
    // The reported account is the other side: the console offers to suspend it.
    const { person_user_id: buyerId } = await copy.query.selectFrom('conversations').select('person_user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(group.owner_user_id).toBe(Number(buyerId));

    const view = await staff.get(`/api/operator/conversations/${id}`);
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    const messages = (view.body.data as { messages: { id: number; text: string; reported: boolean; images: { full: string }[] }[] }).messages;
    expect(messages.map((message) => message.id)).toEqual(written.slice(2, 13));
    expect(messages.filter((message) => message.reported).map((message) => message.id)).toEqual([reportedId]);
    const image = messages.find((message) => message.id === reportedId)!.images[0]!;
    expect((await staff.getText(image.full)).status).toBe(200);
    expect((await owner.getText(image.full)).status).toBe(404);
    const audited = await copy.query.selectFrom('audit_log').select(['action', 'target_id']).where('action', '=', 'conversation.read').execute();
    expect(audited.map((row) => row.target_id)).toContain(String(id));
    // Somebody else is no operator: the console's routes are a 404 for them.
    expect((await owner.get(`/api/operator/conversations/${id}`)).status).toBe(404);

    // Removing a message takes a fresh proof and a reason; then both sides read "Removed by moderation", its image is gone.
    await staff.post('/api/operator/reauth', { password: TEST_PASSWORD });
    expect((await staff.post(`/api/operator/conversations/${id}/messages/${reportedId}/hide`, {})).status).toBe(422);
    const hidden = await staff.post(`/api/operator/conversations/${id}/messages/${reportedId}/hide`, { reason: 'Threats' });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await staff.post(`/api/operator/conversations/${id}/messages/${reportedId}/hide`, { reason: 'Threats' })).status).toBe(422);
    for (const side of [owner, buyer]) {
      const seen = ((await side.get(`/api/conversations/${id}`)).body.data as Thread).messages.find((message) => message.id === reportedId)!;
      expect(seen).toMatchObject({ moderated: true, text: 'Removed by moderation', images: [] });
    }
    expect((await buyer.getText(`/api/conversations/${id}/media/${photo}/full`)).status).toBe(404);
    // Dismissing the group ends the report: the operator's read is a 404 again.
    expect((await staff.post(`/api/operator/reports/conversation-${id}/dismiss`, { reason_code: 'handled' })).status).toBe(200);
    expect((await staff.get(`/api/operator/conversations/${id}`)).status).toBe(404);
  });

  it('reports a sender automatically once their messages are flagged in 3 conversations in 24 hours', async () => {
    const scammer = await person('Fast Money');
    const ids: number[] = [];
    for (const business of businesses) {
      const started = (await scammer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Boleh bank in dulu, then I post the item.', client_id: clientId() })).body.data as Started;
      ids.push(started.id);
      const open = await copy.query.selectFrom('conversation_reports').select(['conversation_id', 'user_id', 'reason']).where('conversation_id', 'in', ids).execute();
      expect(open).toHaveLength(ids.length === 3 ? 1 : 0);
    }
    const automatic = await copy.query.selectFrom('conversation_reports').selectAll().where('conversation_id', '=', ids[2]!).executeTakeFirstOrThrow();
    expect(automatic).toMatchObject({ user_id: null, reason: 'SCAM' });
    expect(automatic.description).toContain('3 conversations');
    // Once a day: a fourth flagged message makes no second report.
    await scammer.post(`/api/conversations/${ids[0]}/messages`, { text: 'Bank in dulu ya', client_id: clientId() });
    expect(await copy.query.selectFrom('conversation_reports').select('id').where('reported_user_id', '=', automatic.reported_user_id).execute()).toHaveLength(1);
    const staff = await operator();
    const groups = (await staff.get('/api/operator/reports')).body.data as { group: string; reports: { reporter: { automatic?: boolean } }[] }[];
    expect(groups.find((group) => group.group === `conversation-${ids[2]}`)!.reports[0]!.reporter).toEqual({ automatic: true });
  });

  it('keeps a reported conversation past 24 months while its report is open; removes its images with it afterwards', async () => {
    const buyer = await person('Old Report');
    const photo = await upload(buyer);
    const reported = (await buyer.post('/api/conversations', { type: 'profile', id: businesses[2]!.id, text: 'Old', images: [photo], client_id: clientId() })).body.data as Started;
    expect((await owner.post(`/api/conversations/${reported.id}/report`, { reason: 'SPAM' })).status).toBe(201);
    const file = (await copy.query.selectFrom('media').select('full').where('id', '=', photo).executeTakeFirstOrThrow()).full;
    clock.advance(25 * 30 * DAY);
    await copy.app.jobs.runKind('conversation_retention');
    expect(await copy.query.selectFrom('conversations').select('id').where('id', '=', reported.id).execute()).toHaveLength(1);
    await copy.query.updateTable('conversation_reports').set({ handled_at: new Date(clock.now()).toISOString() }).where('conversation_id', '=', reported.id).execute();
    await copy.app.jobs.runKind('conversation_retention');
    expect(await copy.query.selectFrom('conversations').select('id').where('id', '=', reported.id).execute()).toHaveLength(0);
    expect(await copy.query.selectFrom('media').select('id').where('id', '=', photo).execute()).toHaveLength(0);
    expect(await copy.app.mediaStore.exists(file)).toBe(false);
  });
});
