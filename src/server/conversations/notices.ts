/**
 * Unread notices (issue 44): a conversation's first message reaches the other side at once (conversations.ts); after
 * that, the recurring job `conversation_notices` mails one notice per conversation and side whose messages stayed
 * unread for 15 minutes, with the newest one's text masked, and a one-click link that mutes the conversation (RFC
 * 8058: a mail provider posts it with no cookie; a GET only asks). Muting, or an owner's lead-mail choice other than
 * instant, stops them.
 */
import { maskContacts, type ConversationSide } from '../../shared/conversations.ts';
import { isLocale, localizePath, type Locale } from '../../shared/locale.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { ConversationDeps } from './deps.ts';
import type { Repositories } from '../db/repositories.ts';
import { notFound } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { signedId, signedToken } from '../signed-links.ts';
import type { SoldOutOffer } from '../db/conversation-rows.ts';
import * as m from '../../paraglide/messages.js';
import { say } from '../../shared/said.ts';

/** How long a message stays unread before its reader is mailed. */
const NOTICE_AFTER_MS = 15 * 60_000;
/** Conversations older than this since their last message are not looked at (their notices went long ago). */
const LOOK_BACK_MS = 7 * 24 * 60 * 60_000;
const BATCH = 500;
const PURPOSE = 'conversation-mute';

/** A side of a conversation as one number a signed link can carry: its id twice, plus one for the owner. */
const sideKey = (id: number, role: ConversationSide) => id * 2 + (role === 'owner' ? 1 : 0);

/** The one-click link that mutes one side of a conversation. */
function muteUrl(app: ConversationDeps, id: number, role: ConversationSide, locale: Locale): string {
  return absoluteUrl(app.config.siteUrl, `/api/conversations/mute?token=${signedToken(app.secrets.unsubscribe, PURPOSE, sideKey(id, role))}${locale === 'en' ? '' : `&lang=${locale}`}`);
}

/** POST conversations/mute?token=…: the side the token names gets no more mail about the conversation. */
export async function muteByToken(app: ConversationDeps, token: string | undefined): Promise<{ message: string }> {
  const key = signedId(app.secrets.unsubscribe, PURPOSE, token);
  const conversation = key === null ? undefined : await app.repos.conversations.findConversation(Math.floor(key / 2));
  if (key === null || !conversation) throw notFound('conversation_link_invalid');
  await app.repos.conversations.setConversationState(conversation.id, key % 2 === 1 ? 'owner' : 'person', { muted: true });
  return { message: say('api_conversation_muted') };
}

/** Where each side reads a conversation: the owner among their leads (the advertiser site is English), the person in My area in their language. */
const conversationPath = (role: ConversationSide, id: number, locale: Locale) =>
  (role === 'owner' ? `/advertiser/leads/conversations/${id}` : localizePath(`/me/messages/${id}`, locale));

/**
 * Tells each buyer whose open offer closed because another took the item's last unit (probe finding 15), by mail in
 * their language, in the transaction that closed it.
 */
export async function tellSoldOut(app: ConversationDeps, tx: Repositories, declined: readonly SoldOutOffer[]): Promise<void> {
  for (const offer of declined) {
    const person = offer.person_user_id === null ? undefined : await tx.users.findUser(offer.person_user_id);
    if (!person?.email) continue;
    const locale: Locale = isLocale(person.locale) ? person.locale : 'en';
    const words = { locale };
    await app.outbox.queueMail(composeMail(person.email, m.offer_sold_out_subject({ title: offer.listing_title }, words), [
      m.offer_sold_out_body({ title: offer.listing_title }, words),
      m.offer_sold_out_read({ url: absoluteUrl(app.config.siteUrl, conversationPath('person', offer.conversation_id, locale)) }, words),
    ], [], locale), { tx });
  }
}

/** Mails every side due a notice; answers how many went. Each notice and its mark are one transaction: it goes once. */
export async function sendUnreadNotices(app: ConversationDeps): Promise<number> {
  const now = app.clock.now();
  const due = await app.repos.conversations.findDueNotices(new Date(now - LOOK_BACK_MS).toISOString(), new Date(now - NOTICE_AFTER_MS).toISOString(), BATCH);
  for (const notice of due) {
    const locale: Locale = isLocale(notice.locale) ? notice.locale : 'en';
    const words = { locale };
    const newest = await app.repos.messages.findMessage(notice.up_to);
    const text = newest ? maskContacts(newest.text).text : '';
    const mute = muteUrl(app, notice.conversation_id, notice.side, locale);
    const mail = composeMail(notice.email, m.conversation_mail_subject({ title: notice.listing_title }, words), [
      m.conversation_mail_intro({ count: notice.unread, title: notice.listing_title }, words),
      text,
      m.conversation_mail_read({ url: absoluteUrl(app.config.siteUrl, conversationPath(notice.side, notice.conversation_id, locale)) }, words),
      m.conversation_mail_mute({ url: mute }, words),
    ].filter(Boolean), [], locale);
    await app.repos.transaction(async (tx) => {
      await app.outbox.queueMail({ ...mail, headers: { ...mail.headers, 'List-Unsubscribe': `<${mute}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }, { tx });
      await tx.conversations.markMailed(notice.conversation_id, notice.side, notice.up_to);
    });
  }
  // Streams replay from a margin, and a browser away longer reloads its conversations: events go after a week.
  await app.repos.conversationEvents.removeEventsBefore(new Date(now - LOOK_BACK_MS).toISOString());
  return due.length;
}

/** How long a conversation is kept after its last message. */
const RETENTION_MONTHS = 24;

/**
 * Retention (recurring job `conversation_retention`): a conversation goes 24 months after its last message, with its
 * messages, images, events and shown-details log; its enquiries stay in the owner's leads. An open report on one
 * keeps it. Answers how many went.
 */
export async function removeOldConversations(app: ConversationDeps): Promise<number> {
  const before = new Date(app.clock.now());
  before.setUTCMonth(before.getUTCMonth() - RETENTION_MONTHS);
  let removed = 0;
  for (;;) {
    const batch = await app.repos.conversations.removeConversationsBefore(before.toISOString(), BATCH);
    // Their images' files go once the rows have.
    await app.mediaStore.remove(batch.files);
    removed += batch.removed;
    if (batch.removed < BATCH) return removed;
  }
}
