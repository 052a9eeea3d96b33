import { Hono, type Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppContext } from '../app-types.ts';
import {
  answerOffer, blockOtherSide, changeConversation, eventsAfter, makeOffer, listConversations, markRead, readConversation, revealMessage, sendMessage, startConversation, unblockOtherSide,
  unreadConversations,
} from '../conversations/conversations.ts';
import { muteByToken } from '../conversations/notices.ts';
import { conversationImage, reportConversation, uploadConversationImage } from '../conversations/safety.ts';
import { limitRoute } from '../rate-limits.ts';
import type { OFFER_ACTIONS } from '../../shared/schemas/conversations.ts';
import { HEARTBEAT_MS, STREAMS_PER_ACCOUNT, type LiveStream } from '../conversations/live.ts';
import { tooMany } from '../errors.ts';
import { isLocale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';
import { pathId } from './advertiser-access.ts';
import { jsonBody, limitBody } from './body.ts';
import { answer, requestClient, requireUserId, signedIn, type ApiEnv } from './env.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * GET /api/conversations/stream: the reader's events as Server-Sent Events (`message`, `read`, `unread`), from
 * Last-Event-ID on when the browser reconnects, a heartbeat comment every 15 s; never cached or compressed. At most
 * STREAMS_PER_ACCOUNT per account in a process (429 past it: the browser's other tabs share one through a lock).
 */
function liveStream(app: AppContext, c: Context<ApiEnv>) {
  const userId = requireUserId(c);
  const sessionId = c.get('session')!.id;
  if (!app.live.canOpen(userId)) {
    throw tooMany('conversation_streams', 10, { count: STREAMS_PER_ACCOUNT });
  }
  // A plain event number only: '1e308' or '0x10' would parse as a number and replay from the start (probe finding 18).
  const sentId = c.req.header('Last-Event-ID');
  const lastEventId = sentId !== undefined && /^\d{1,15}$/.test(sentId) ? Number(sentId) : undefined;
  c.header('Cache-Control', 'no-store');
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (sse) => {
    let end: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => { end = resolve; });
    // Each stream writes in its own queue: a browser that reads slowly never holds up the others' events; one that
    // falls this far behind is closed (it reconnects and replays).
    let queue = Promise.resolve();
    let queued = 0;
    const live: LiveStream = {
      userId,
      sessionId,
      sent: new Set(),
      async deliver(_event, view) {
        if (++queued > STREAM_QUEUE_MAX) return end();
        queue = queue.then(async () => {
          for (const out of view) await sse.writeSSE({ event: out.event, ...(out.id ? { id: out.id } : {}), data: JSON.stringify(out.data) });
        }).catch(() => end()).finally(() => { queued -= 1; });
      },
      close: () => end(),
    };
    sse.onAbort(() => end());
    if (!await app.live.open(live, lastEventId)) return;
    await sse.writeSSE({ event: 'ready', data: JSON.stringify({ heartbeat_ms: HEARTBEAT_MS }) });
    // Each heartbeat asks whether the stream's session still lasts (it may have ended in another process).
    const heartbeat = setInterval(() => void app.live.sessionLasts(live).then(async (lasts) => {
      if (lasts) await sse.write(': heartbeat\n\n');
      else end();
    }).catch(() => end()), HEARTBEAT_MS);
    try {
      await ended;
    } finally {
      clearInterval(heartbeat);
      app.live.remove(live);
    }
  });
}

/** Events a stream may have waiting to be written before it is closed. */
const STREAM_QUEUE_MAX = 1000;

/** A message's body: 2,000 characters of text (up to 4 bytes each) and its client id. */
const MESSAGE_BYTES = 16 * 1024;

/**
 * Conversations (issue 44): GET conversations (a side's list) and conversations/unread; POST conversations starts or
 * adds to the caller's conversation about a listing; GET, PATCH conversations/{id}; POST …/messages, …/read,
 * POST and DELETE …/block, POST …/messages/{mid}/reveal, POST …/report; POST conversations/image and GET
 * …/{id}/media/{mediaId}/{variant} (private images). Signed in only; a conversation the caller is not on is a 404.
 */
export function conversationRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    // The one-click mute of a notice mail (RFC 8058), before the sign-in check: the signed token is its only proof
    // (the CSRF middleware lets it through: SIGNED_POSTS). A GET only shows the button that posts it.
    .post('/conversations/mute', limitBody(1024), async (c) => answer(c, await muteByToken(app, c.req.query('token'))))
    .get('/conversations/mute', (c) => {
      const lang = c.req.query('lang');
      const words = { locale: isLocale(lang) ? lang : 'en' } as const;
      const action = `/api/conversations/mute?token=${encodeURIComponent(c.req.query('token') ?? '')}`;
      return c.html(`<!doctype html><html lang="${words.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex">`
        + `<title>${escapeHtml(m.conversation_mute_title({}, words))}</title></head><body><h1>${escapeHtml(m.conversation_mute_title({}, words))}</h1>`
        + `<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(m.conversation_mute_button({}, words))}</button></form></body></html>`,
      200, { 'Cache-Control': 'no-store' });
    })
    .use('/conversations', signedIn)
    .use('/conversations/*', signedIn)
    .get('/conversations', async (c) => answer(c, await listConversations(app, requireUserId(c), c.req.query())))
    .get('/conversations/unread', async (c) => answer(c, { data: await unreadConversations(app, requireUserId(c)) }))
    .get('/conversations/updates', async (c) => answer(c, await eventsAfter(app, requireUserId(c), c.req.query())))
    .get('/conversations/stream', (c) => liveStream(app, c))
    .post('/conversations/image', limitRoute(app.limits, 'upload', requestClient), async (c) => answer(c, { data: await uploadConversationImage(app, requireUserId(c), c.req.raw) }, 201))
    .get('/conversations/:id{[0-9]+}/media/:media{[0-9]+}/:variant{thumbnail|full}', async (c) =>
      conversationImage(app, requireUserId(c), pathId(c), Number(c.req.param('media')), c.req.param('variant') as 'thumbnail' | 'full'))
    .post('/conversations/:id{[0-9]+}/report', limitBody(8 * 1024), async (c) => answer(c, await reportConversation(app, requireUserId(c), pathId(c), await jsonBody(c)), 201))
    .post('/conversations', limitBody(MESSAGE_BYTES), async (c) => {
      const { created, data } = await startConversation(app, requireUserId(c), await jsonBody(c));
      return answer(c, { data }, created ? 201 : 200);
    })
    .get('/conversations/:id{[0-9]+}', async (c) => answer(c, { data: await readConversation(app, requireUserId(c), pathId(c), c.req.query()) }))
    .patch('/conversations/:id{[0-9]+}', limitBody(1024), async (c) => answer(c, { data: await changeConversation(app, requireUserId(c), pathId(c), await jsonBody(c)) }))
    .post('/conversations/:id{[0-9]+}/messages', limitBody(MESSAGE_BYTES), async (c) => {
      const { created, data } = await sendMessage(app, requireUserId(c), pathId(c), await jsonBody(c));
      return answer(c, { data }, created ? 201 : 200);
    })
    .post('/conversations/:id{[0-9]+}/offers', limitBody(MESSAGE_BYTES), async (c) => answer(c, { data: await makeOffer(app, requireUserId(c), pathId(c), await jsonBody(c)) }, 201))
    .post('/conversations/offers/:offer{[0-9]+}/:action{accept|decline|withdraw}', async (c) => {
      const action = c.req.param('action') as (typeof OFFER_ACTIONS)[number];
      return answer(c, { data: await answerOffer(app, requireUserId(c), Number(c.req.param('offer')), action) });
    })
    .post('/conversations/:id{[0-9]+}/read', limitBody(1024), async (c) => answer(c, { data: await markRead(app, requireUserId(c), pathId(c), await jsonBody(c)) }))
    .post('/conversations/:id{[0-9]+}/block', async (c) => answer(c, { data: await blockOtherSide(app, requireUserId(c), pathId(c)) }))
    .delete('/conversations/:id{[0-9]+}/block', async (c) => answer(c, { data: await unblockOtherSide(app, requireUserId(c), pathId(c)) }))
    .post('/conversations/:id{[0-9]+}/messages/:mid{[0-9]+}/reveal', async (c) => {
      const messageId = Number(c.req.param('mid'));
      return answer(c, { data: await revealMessage(app, requireUserId(c), pathId(c), messageId) });
    });
}
