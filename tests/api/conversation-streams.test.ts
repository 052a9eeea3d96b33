import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../src/shared/conversations.ts';
import { createApi } from '../../src/server/api/app.ts';
import { ConversationLive, REPLAY_MARGIN } from '../../src/server/conversations/live.ts';
import type { AppContext } from '../../src/server/app-types.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { advertiserHelpers } from '../helpers/advertisers.ts';
import { SessionClient } from '../helpers/session-client.ts';
import { testApp } from '../helpers/test-database.ts';
import { scaled } from '../helpers/time-factor.ts';

/**
 * Live delivery (issue 44) on the configured backend: a stream hears a message as its reader sees it, and the unread
 * count; a reconnect with Last-Event-ID replays what it missed, an event committed after a later one included; the
 * polling twin answers the same. On PostgreSQL, a stream on a second process hears a message sent through the first,
 * and what goes over NOTIFY is an event number, never a message.
 */
const accounts = useAccountsApp('conversation-streams');
const { copy, registerByEmail, signIn } = accounts;
const { advertiser, claimBusiness } = advertiserHelpers(accounts);
const onPostgres = process.env.TEST_DATABASE === 'postgres';
let people = 0;
let clientIds = 0;
const clientId = () => `stream-${++clientIds}-xxxxxxxx`;

interface SseEvent { event: string; id?: string; data: Record<string, unknown> }

/** Reads Server-Sent Events off a response body, one at a time. */
function sseReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(timeoutMs = scaled(5000)): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue;
          const fields = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]));
          return { event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data ?? '{}') as Record<string, unknown> };
        }
        const chunk = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), Math.max(1, deadline - Date.now())))]);
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
      }
    },
    /** The next event named `name`, skipping others. */
    async until(name: string): Promise<SseEvent> {
      for (;;) {
        const event = await this.next();
        if (event.event === name) return event;
      }
    },
    close: () => reader.cancel(),
  };
}

let owner: SessionClient;
let business: { id: number; slug: string };

beforeAll(async () => {
  owner = await advertiser('Stream Owner');
  business = await claimBusiness(owner, new Set());
});

async function person(name: string): Promise<SessionClient> {
  const email = `streamer-${++people}@example.my`;
  await registerByEmail(email, name);
  return signIn(email);
}

describe('live delivery of conversations', () => {
  it('hands an open stream each message as its reader sees it, and the unread count; replays from Last-Event-ID on reconnect', async () => {
    const buyer = await person('Live Buyer');
    const response = await owner.stream('/api/conversations/stream');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-encoding')).toBeNull();
    const stream = sseReader(response);
    expect((await stream.next()).event).toBe('ready');

    const started = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Live hello, call 012-555 1234', client_id: clientId() })).body.data as ConversationView & { message: MessageView };
    const heard = await stream.until('message');
    expect(heard.data).toMatchObject({ conversation_id: started.id, message: { id: started.message.id, side: 'person', masked: true, text: 'Live hello, call 012-••• ••34' } });
    expect(Number(heard.id)).toBeGreaterThan(0);
    expect((await stream.until('unread')).data).toMatchObject({ unread: expect.any(Number) });
    await stream.close();
    await copy.app.live.settled();

    // Offline, two messages come; the reconnect with the last event's id gets both.
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'Are you there?', client_id: clientId() });
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'Hello again', client_id: clientId() });
    const again = sseReader(await owner.stream('/api/conversations/stream', { 'Last-Event-ID': heard.id! }));
    const replayed: string[] = [];
    while (replayed.length < 2) {
      const event = await again.until('message');
      const text = (event.data.message as MessageView).text;
      if (Number(event.id) > Number(heard.id)) replayed.push(text);
    }
    expect(replayed).toEqual(['Are you there?', 'Hello again']);

    // An event committed after a later one (PostgreSQL numbers in start order): the next look goes back over a margin.
    const [{ seq }] = (await sql<{ seq: number }>`SELECT MAX(seq) AS seq FROM conversation_events`.execute(copy.query)).rows as [{ seq: number }];
    const ownerId = (await copy.query.selectFrom('users').select('id').where('name', '=', 'Stream Owner').executeTakeFirstOrThrow()).id;
    const message = (await owner.post(`/api/conversations/${started.id}/messages`, { text: 'Late one', client_id: clientId() })).body.data as MessageView;
    await copy.app.live.settled();
    await again.until('message');
    const high = Number(seq) + 1000;
    await sql`INSERT INTO conversation_events (seq, user_id, conversation_id, kind, side, message_id, up_to, created_at)
      VALUES (${high}, ${ownerId}, ${started.id}, 'read', 'person', NULL, ${message.id}, ${new Date(copy.app.clock.now()).toISOString()})`.execute(copy.query);
    copy.app.live.poke();
    await copy.app.live.settled();
    expect((await again.until('read')).id).toBe(String(high));
    await sql`INSERT INTO conversation_events (seq, user_id, conversation_id, kind, side, message_id, up_to, created_at)
      VALUES (${high - 100}, ${ownerId}, ${started.id}, 'message', 'owner', ${message.id}, NULL, ${new Date(copy.app.clock.now()).toISOString()})`.execute(copy.query);
    copy.app.live.poke();
    await copy.app.live.settled();
    const late = await again.until('message');
    expect(late.id).toBe(String(high - 100));
    expect((late.data.message as MessageView).text).toBe('Late one');
    await again.close();
    // PostgreSQL's identity does not move past numbers written by hand: the next events come after these, as in life.
    if (onPostgres) await sql`SELECT setval(pg_get_serial_sequence('conversation_events', 'seq'), ${high})`.execute(copy.query);

    // The polling twin answers the same events.
    const polled = await owner.get(`/api/conversations/updates?after=${heard.id}`);
    expect(polled.status).toBe(200);
    const body = polled.body as unknown as { data: { event: string; id?: string; data: { message?: MessageView } }[]; last_event_id: number };
    expect(body.data.filter((event) => event.event === 'message').map((event) => event.data.message!.text)).toEqual(expect.arrayContaining(['Are you there?', 'Hello again', 'Late one']));
    expect(body.last_event_id).toBeGreaterThanOrEqual(high);
    expect(body.data.at(-1)!.event).toBe('unread');
    expect((await owner.get('/api/conversations/updates?after=x')).status).toBe(422);
  }, scaled(30_000));

  it('ends a stream with its session: a logout, a password change, an account deletion, a session ended elsewhere (probe finding 7)', async () => {
    const email = `streamer-${++people}@example.my`;
    await registerByEmail(email, 'Session Ender');
    const opened = async (visitor: SessionClient) => {
      const reader = sseReader(await visitor.stream('/api/conversations/stream'));
      expect((await reader.next()).event).toBe('ready');
      return reader;
    };
    const ended = async (reader: ReturnType<typeof sseReader>) => expect(reader.next(3000)).rejects.toThrow('the stream ended');

    // A logout ends the stream of that session at once.
    let visitor = await signIn(email);
    const started = (await visitor.post('/api/conversations', { type: 'profile', id: business.id, text: 'Before I go', client_id: clientId() })).body.data as ConversationView;
    let reader = await opened(visitor);
    expect((await visitor.call('GET', '/api/auth/logout', undefined, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    await ended(reader);

    // A password change ends the other sessions' streams; the changing session's own stream goes on.
    visitor = await signIn(email);
    const other = await signIn(email);
    reader = await opened(other);
    const own = await opened(visitor);
    const changed = await visitor.patch('/api/account/password', { current_password: TEST_PASSWORD, password: 'teh tarik kurang manis 2027', password_confirmation: 'teh tarik kurang manis 2027' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await ended(reader);
    await owner.post(`/api/conversations/${started.id}/messages`, { text: 'Still here?', client_id: clientId() });
    expect(((await own.until('message')).data.message as MessageView).text).toBe('Still here?');
    await own.close();

    // A session ended by another process (its row gone): the next event is not handed over, and the stream ends.
    reader = await opened(visitor);
    await copy.query.deleteFrom('sessions').where('user_id', '=', (await copy.query.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id).execute();
    await owner.post(`/api/conversations/${started.id}/messages`, { text: 'Not for a closed session', client_id: clientId() });
    await copy.app.live.settled();
    await ended(reader);

    // An account deletion ends the other sessions' streams.
    visitor = await signIn(email, 'teh tarik kurang manis 2027');
    const another = await signIn(email, 'teh tarik kurang manis 2027');
    reader = await opened(another);
    expect((await visitor.call('PUT', '/api/account/pending-delete')).status).toBe(200);
    await ended(reader);
  }, scaled(30_000));

  it('replays from Last-Event-ID only when it is a plain event number (probe finding 18)', async () => {
    const buyer = await person('Replay Buyer');
    await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Old news', client_id: clientId() });
    await copy.app.live.settled();
    for (const sent of ['1e308', '0x1', '1.5', '-1', '+1', '1234567890123456']) {
      const reader = sseReader(await owner.stream('/api/conversations/stream', { 'Last-Event-ID': sent }));
      expect((await reader.next()).event).toBe('ready');
      // Nothing replayed: the next event is the one sent after the stream opened.
      await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: `New after ${sent}`, client_id: clientId() });
      expect(((await reader.until('message')).data.message as MessageView).text, sent).toBe(`New after ${sent}`);
      await reader.close();
      await copy.app.live.settled();
    }
  }, scaled(30_000));

  it('hands a reconnecting stream each event once while a look runs at the same time', async () => {
    const buyer = await person('Once Buyer');
    const started = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Once, please', client_id: clientId() })).body.data as ConversationView;
    for (const text of ['Two', 'Three', 'Four']) await buyer.post(`/api/conversations/${started.id}/messages`, { text, client_id: clientId() });
    const ownerId = Number((await copy.query.selectFrom('users').select('id').where('name', '=', 'Stream Owner').executeTakeFirstOrThrow()).id);
    const session = await copy.query.selectFrom('sessions').select('id').where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    // A process's live streams of its own (the app's would hand events to the streams the other tests opened).
    const live = new ConversationLive(copy.app.repos, null, () => copy.app.clock.now(), async () => []);
    const handed: number[] = [];
    const stream = { userId: ownerId, sessionId: session.id, sent: new Set<number>(), deliver: async (event: { seq: number }) => { handed.push(event.seq); }, close: () => undefined };
    // The replay (from long ago) and a look (poked as the stream opens) read the same events at once.
    const opening = live.open(stream, 1);
    live.poke();
    await opening;
    await live.settled();
    live.closeAll();
    expect(handed.length).toBeGreaterThan(3);
    expect(handed).toEqual([...new Set(handed)]);
  });

  it('hands a new stream no history while a look runs as it opens: what came before it is not news', async () => {
    const buyer = await person('History Buyer');
    const started = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Old news', client_id: clientId() })).body.data as ConversationView;
    const ownerId = Number((await copy.query.selectFrom('users').select('id').where('name', '=', 'Stream Owner').executeTakeFirstOrThrow()).id);
    const buyerId = Number((await copy.query.selectFrom('users').select('id').where('name', '=', 'History Buyer').executeTakeFirstOrThrow()).id);
    const session = await copy.query.selectFrom('sessions').select('id').where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    // The owner's old events lie further back than a new stream's history reads (its margin): other readers' events
    // came since, as numbers a rolled-back write spent would put them (PostgreSQL's gaps made a clean-clone run fail).
    const now = new Date(copy.app.clock.now()).toISOString();
    await copy.query.insertInto('conversation_events').values(Array.from({ length: REPLAY_MARGIN + 50 }, () => ({
      user_id: buyerId, conversation_id: started.id, kind: 'read', side: 'person', message_id: null, up_to: null, created_at: now,
    }))).execute();
    // A look that read every event from the start before the stream opened, and goes on only once it has opened.
    const events = copy.app.repos.conversationEvents;
    let opened!: () => void;
    const open = new Promise<void>((resolve) => { opened = resolve; });
    const gated = Object.assign(Object.create(events) as typeof events, {
      findEventsAfter: async (after: number, limit: number, userId?: number) => {
        const rows = await events.findEventsAfter(after, limit, userId);
        if (userId === undefined) await open;
        return rows;
      },
    });
    const live = new ConversationLive({ ...copy.app.repos, conversationEvents: gated }, null, () => copy.app.clock.now(), async () => []);
    const handed: number[] = [];
    const stream = { userId: ownerId, sessionId: session.id, sent: new Set<number>(), deliver: async (event: { seq: number }) => { handed.push(event.seq); }, close: () => undefined };
    const opening = live.open(stream, undefined);
    live.poke();
    await opening;
    opened();
    await live.settled();
    // And a message after it opened is news.
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'Fresh news', client_id: clientId() });
    live.poke();
    await live.settled();
    live.closeAll();
    const fresh = await copy.query.selectFrom('conversation_events').select('seq').where('user_id', '=', ownerId).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(handed).toEqual([Number(fresh.seq)]);
  });

  it('reads each event\'s view once for its reader, however many streams they hold (review F9)', async () => {
    const buyer = await person('Many Tabs Buyer');
    const ownerId = Number((await copy.query.selectFrom('users').select('id').where('name', '=', 'Stream Owner').executeTakeFirstOrThrow()).id);
    const session = await copy.query.selectFrom('sessions').select('id').where('user_id', '=', ownerId).executeTakeFirstOrThrow();
    const views: string[] = [];
    const live = new ConversationLive(copy.app.repos, null, () => copy.app.clock.now(), async (userId, event) => {
      views.push(`${userId}:${event.seq}`);
      return [{ event: 'read', id: String(event.seq), data: {} }];
    });
    const handed: string[] = [];
    const tab = (name: string) => ({
      userId: ownerId, sessionId: session.id, sent: new Set<number>(), close: () => undefined,
      deliver: async (event: { seq: number }, view: unknown[]) => { handed.push(`${name}:${event.seq}:${view.length}`); },
    });
    const tabs = [tab('first'), tab('second'), tab('third')];
    for (const stream of tabs) await live.open(stream, undefined);
    const started = (await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Three tabs, one view', client_id: clientId() })).body.data as ConversationView;
    await buyer.post(`/api/conversations/${started.id}/messages`, { text: 'And another', client_id: clientId() });
    live.poke();
    await live.settled();
    live.closeAll();
    const seqs = [...new Set(views.map((view) => view.split(':')[1]))];
    expect(seqs.length).toBeGreaterThanOrEqual(2);
    // One view per event for the owner, handed to each of their three streams.
    expect(views).toEqual(seqs.map((seq) => `${ownerId}:${seq}`));
    expect(handed.sort()).toEqual(tabs.flatMap((_, index) => seqs.map((seq) => `${['first', 'second', 'third'][index]}:${seq}:1`)).sort());
  });

  it('refuses a sixth stream of one account (429), and lets nobody signed out open one (401)', async () => {
    const readers = await Promise.all(Array.from({ length: 5 }, async () => sseReader(await owner.stream('/api/conversations/stream'))));
    for (const reader of readers) expect((await reader.next()).event).toBe('ready');
    const sixth = await owner.stream('/api/conversations/stream');
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const reader of readers) await reader.close();
    await copy.app.live.settled();
    expect((await new SessionClient(createApi(copy.app), '203.0.113.9').stream('/api/conversations/stream')).status).toBe(401);
  }, scaled(30_000));
});

describe.skipIf(!onPostgres)('live delivery across two processes on PostgreSQL', () => {
  let second: AppContext;
  afterAll(async () => second?.close());

  it('hands a stream on process B a message sent through process A; NOTIFY carries an event number only', async () => {
    second = await testApp(copy.url);
    const listener = new pg.Client({ connectionString: copy.url });
    await listener.connect();
    const payloads: string[] = [];
    listener.on('notification', (message) => { if (message.channel === 'yp_conversation_events') payloads.push(message.payload ?? ''); });
    await listener.query('LISTEN yp_conversation_events');
    try {
      const onB = new SessionClient(createApi(second), '203.0.113.77');
      for (const [name, value] of owner.jar) onB.jar.set(name, value);
      const stream = sseReader(await onB.stream('/api/conversations/stream'));
      expect((await stream.next()).event).toBe('ready');
      const buyer = await person('Cross Process Buyer');
      await buyer.post('/api/conversations', { type: 'profile', id: business.id, text: 'Sent through A', client_id: clientId() });
      const heard = await stream.until('message');
      expect((heard.data.message as MessageView).text).toBe('Sent through A');
      await stream.close();
      expect(payloads.length).toBeGreaterThan(0);
      for (const payload of payloads) expect(payload).toMatch(/^\d+$/);
    } finally {
      await listener.end();
    }
  }, scaled(30_000));
});
