import { Hono } from 'hono';
import type { AppContext } from '../app-types.ts';
import {
  blockOtherSide, changeConversation, listConversations, markRead, readConversation, revealMessage, sendMessage, startConversation, unblockOtherSide,
  unreadConversations,
} from '../conversations/conversations.ts';
import { muteByToken } from '../conversations/notices.ts';
import { isLocale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';
import { pathId } from './advertiser-access.ts';
import { jsonBody, limitBody } from './body.ts';
import { requireUserId, signedIn, type ApiEnv } from './env.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A message's body: 2,000 characters of text (up to 4 bytes each) and its client id. */
const MESSAGE_BYTES = 16 * 1024;

/**
 * Conversations (issue 44): GET conversations (a side's list) and conversations/unread; POST conversations starts or
 * adds to the caller's conversation about a listing; GET, PATCH conversations/{id}; POST …/messages, …/read,
 * POST and DELETE …/block, POST …/messages/{mid}/reveal. Signed in only; a conversation the caller is not on is a 404.
 */
export function conversationRoutes(app: AppContext) {
  return new Hono<ApiEnv>()
    // The one-click mute of a notice mail (RFC 8058), before the sign-in check: the signed token is its only proof
    // (the CSRF middleware lets it through: SIGNED_POSTS). A GET only shows the button that posts it.
    .post('/conversations/mute', limitBody(1024), async (c) => c.json(await muteByToken(app, c.req.query('token'))))
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
    .get('/conversations', async (c) => c.json(await listConversations(app, requireUserId(c), c.req.query())))
    .get('/conversations/unread', async (c) => c.json({ data: await unreadConversations(app, requireUserId(c)) }))
    .post('/conversations', limitBody(MESSAGE_BYTES), async (c) => {
      const { created, data } = await startConversation(app, requireUserId(c), await jsonBody(c));
      return c.json({ data }, created ? 201 : 200);
    })
    .get('/conversations/:id{[0-9]+}', async (c) => c.json({ data: await readConversation(app, requireUserId(c), pathId(c), c.req.query()) }))
    .patch('/conversations/:id{[0-9]+}', limitBody(1024), async (c) => c.json({ data: await changeConversation(app, requireUserId(c), pathId(c), await jsonBody(c)) }))
    .post('/conversations/:id{[0-9]+}/messages', limitBody(MESSAGE_BYTES), async (c) => {
      const { created, data } = await sendMessage(app, requireUserId(c), pathId(c), await jsonBody(c));
      return c.json({ data }, created ? 201 : 200);
    })
    .post('/conversations/:id{[0-9]+}/read', limitBody(1024), async (c) => c.json({ data: await markRead(app, requireUserId(c), pathId(c), await jsonBody(c)) }))
    .post('/conversations/:id{[0-9]+}/block', async (c) => c.json({ data: await blockOtherSide(app, requireUserId(c), pathId(c)) }))
    .delete('/conversations/:id{[0-9]+}/block', async (c) => c.json({ data: await unblockOtherSide(app, requireUserId(c), pathId(c)) }))
    .post('/conversations/:id{[0-9]+}/messages/:mid{[0-9]+}/reveal', async (c) => {
      const messageId = Number(c.req.param('mid'));
      return c.json({ data: await revealMessage(app, requireUserId(c), pathId(c), messageId) });
    });
}
