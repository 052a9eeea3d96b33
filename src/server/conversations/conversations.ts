/**
 * Conversations between a person and a listing's owner (issue 44, decision 0032), grown from the enquiry threads:
 * one per person and listing (a post of any type or a business), where both sides write at any time. Enquiries join
 * them as messages of kind `enquiry`. Every message is scanned by the scam rules and stored and delivered whatever
 * they find; the limits are counted in the database; a retried send (the same `client_id`) answers the message it
 * already made. Anybody but the two sides gets a 404.
 */
import { CONVERSATION_LIMITS, type ConversationSide, type ConversationView, type MessageView } from '../../shared/conversations.ts';
import { scanForScams } from '../safety/scams.ts';
import {
  AfterQuerySchema, BeforeQuerySchema, ConversationListQuerySchema, ConversationStateSchema, MessageSchema, OfferSchema, ReadSchema, StartConversationSchema,
  type OFFER_ACTIONS,
} from '../../shared/schemas/conversations.ts';
import { absoluteUrl, postUrl, profileUrl } from '../../shared/urls.ts';
import { requireUser } from '../accounts/accounts.ts';
import type { ConversationDeps } from './deps.ts';
import { command, type Command } from '../command.ts';
import { ConflictError } from '../db/errors.ts';
import type { Repositories } from '../db/repositories.ts';
import type { ListingRef, UserRow } from '../db/rows.ts';
import { instantLeadRecipient } from '../engagement/lead-mail.ts';
import { AppError, notFound, parseInput, invalid, tooMany } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';
import { REPLAY_MARGIN, type StreamEvent } from './live.ts';
import { attachImages, refuseBlockedWriter, reportFlaggedSender } from './safety.ts';
import { tellSoldOut } from './notices.ts';
import { closedReason, conversationView, messageViews, roleIn, type Reader } from './views.ts';
import type { ConversationRow, EventRow, MessageRow } from '../db/conversation-rows.ts';
import { say } from '../../shared/said.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;


/** The sender's limits, counted in the database: messages a minute and a day, and new conversations a day. */
async function checkLimits(app: ConversationDeps, tx: Repositories, user: UserRow, opening: boolean): Promise<void> {
  const now = app.clock.now();
  const since = (ms: number) => new Date(now - ms).toISOString();
  if (await tx.messages.countMessagesSince(user.id, since(MINUTE_MS)) >= CONVERSATION_LIMITS.perMinute) {
    throw tooMany('conversation_per_minute', MINUTE_MS / 1000, { count: CONVERSATION_LIMITS.perMinute });
  }
  if (await tx.messages.countMessagesSince(user.id, since(DAY_MS)) >= CONVERSATION_LIMITS.perDay) {
    throw tooMany('conversation_per_day', HOUR_MS / 1000, { count: CONVERSATION_LIMITS.perDay });
  }
  if (!opening) return;
  const young = now - Date.parse(user.created_at) < CONVERSATION_LIMITS.youngDays * DAY_MS;
  const allowed = young ? CONVERSATION_LIMITS.newPerDayYoung : CONVERSATION_LIMITS.newPerDay;
  if (await tx.conversations.countConversationsSince(user.id, since(DAY_MS)) >= allowed) {
    throw tooMany(young ? 'conversation_new_per_day_young' : 'conversation_new_per_day', HOUR_MS / 1000, { count: allowed });
  }
}

/** The conversation and the side `userId` is on (its row locked to `repos`' transaction with `lock`); a 404 for anybody else. */
async function sideOf(repos: Repositories, userId: number, id: number, options: { lock?: boolean } = {}): Promise<{ conversation: ConversationRow; role: ConversationSide }> {
  const conversation = await repos.conversations.findConversation(id, options);
  const role = conversation && roleIn(conversation, userId);
  if (!conversation || !role) throw notFound('conversation_not_found');
  return { conversation, role };
}

async function readerOf(app: ConversationDeps, userId: number, role: ConversationSide): Promise<Reader> {
  return { userId, role, locale: (await requireUser(app, userId)).locale };
}

/** Which sides have written in a conversation. */
async function writers(repos: Repositories, id: number): Promise<{ person: boolean; owner: boolean }> {
  return { person: await repos.messages.hasWritten(id, 'person'), owner: await repos.messages.hasWritten(id, 'owner') };
}

/** One message as its writer sees it. */
async function ownMessage(app: ConversationDeps, message: MessageRow, reader: Reader): Promise<MessageView> {
  return (await messageViews(app, [message], reader, true, new Set()))[0]!;
}

type Stored = { conversationId: number; messageId: number } | { existing: MessageRow };

/**
 * Stores a message by its command: its transaction checks the limits and the retry (the same client id answers the
 * message it made, 200) and queues the mail. Two sends racing (the same client id, or a person's first two messages
 * about one listing) meet a uniqueness rule: the loser runs once more, and then finds what the winner stored.
 */
async function storeMessage<Input>(app: ConversationDeps, send: Command<Input, Stored>, input: Input): Promise<{ conversationId: number; message: MessageRow; created: boolean }> {
  let stored;
  try {
    stored = await send(app.repos, input);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    stored = await send(app.repos, input);
  }
  if ('existing' in stored) return { conversationId: stored.existing.conversation_id, message: stored.existing, created: false };
  return { conversationId: stored.conversationId, message: (await app.repos.messages.findMessage(stored.messageId))!, created: true };
}

/**
 * A conversation as a command that writes into it finds it: its row locked, and the writer's account row locked
 * first, so their limits are counted against every other send of theirs at the same time (probe finding 11). The
 * block and the closed state are judged on these rows, inside the transaction that writes.
 */
async function conversationToWrite(tx: Repositories, userId: number, id: number): Promise<{ conversation: ConversationRow; role: ConversationSide }> {
  await tx.users.lockUser(userId);
  const { conversation, role } = await sideOf(tx, userId, id, { lock: true });
  await refuseBlockedWriter(tx, role === 'owner' ? conversation.person_user_id : conversation.owner_user_id, userId);
  return { conversation, role };
}

/**
 * What follows a message in its transaction: the images it names are checked and attached, and a flagged one may
 * make its sender's automatic report.
 */
async function afterWriting(app: ConversationDeps, tx: Repositories, message: { userId: number; conversationId: number; messageId: number; images: readonly number[]; flagged: boolean }): Promise<void> {
  await attachImages(tx, message.userId, message.messageId, message.images);
  if (message.flagged) await reportFlaggedSender(app, tx, message.userId, message.conversationId);
}

/**
 * POST /api/conversations {type, id, text, images, client_id}: the person's message about a listing, starting their
 * conversation with its owner or adding to it (one per person and listing). 201 with the conversation; a retried
 * client id answers 200 with the same. A listing nobody owns gets the first message by mail, and no more.
 */
export async function startConversation(app: ConversationDeps, userId: number, input: unknown): Promise<{ created: boolean; data: ConversationView & { message: MessageView } }> {
  const { type, id, text, images, client_id: clientId } = parseInput(StartConversationSchema, input);
  const listing: ListingRef = { type, id };
  const user = await requireUser(app, userId);
  const target = await app.repos.enquiries.findEnquiryTarget(listing);
  if (!target) throw notFound('listing_not_found');
  if (target.owner_user_id === userId) throw invalid('id', 'conversation_own_listing');
  const stored = await storeMessage(app, starting, { app, user, listing, target, message: { text, images, clientId } });
  const conversation = (await app.repos.conversations.findConversation(stored.conversationId))!;
  const reader: Reader = { userId, role: 'person', locale: user.locale };
  return {
    created: stored.created,
    data: { ...conversationView(conversation, 'person', await writers(app.repos, conversation.id)), message: await ownMessage(app, stored.message, reader) },
  };
}

type Target = NonNullable<Awaited<ReturnType<Repositories['enquiries']['findEnquiryTarget']>>>;

const starting = command<{ app: ConversationDeps; user: UserRow; listing: ListingRef; target: Target; message: { text: string; images: readonly number[]; clientId: string } }, undefined, Stored>({
  // The sender's row first: their conversation and message limits are counted against their other sends.
  load: async (tx, { user }) => {
    await tx.users.lockUser(user.id);
  },
  run: async (tx, _none, { app, user, listing, target, message: { text, images, clientId } }) => {
    await refuseBlockedWriter(tx, target.owner_user_id, user.id);
    const userId = user.id;
    const open = await tx.conversations.findOpenConversation(userId, listing);
    const retried = open && await tx.messages.findMessageByClientId(open.id, userId, clientId);
    if (retried) return { existing: retried };
    const joins = open !== undefined && open.owner_user_id === target.owner_user_id;
    if (joins && open.owner_user_id === null && await tx.messages.hasWritten(open.id, 'person')) throw invalid('text', 'conversation_no_owner');
    await checkLimits(app, tx, user, !joins);
    if (open && !joins) await tx.conversations.supersedeConversation(open.id);
    const conversationId = joins ? open.id : await tx.conversations.insertConversation({ listing, title: target.title, personId: userId, ownerId: target.owner_user_id });
    const rules = scanForScams(text);
    const messageId = await tx.messages.insertMessage({ conversationId, side: 'person', userId, kind: 'text', text, enquiryId: null, clientId, rules });
    await afterWriting(app, tx, { userId, conversationId, messageId, images, flagged: rules.length > 0 });
    if (!joins) {
      await tellOfFirstMessage(app, tx, { ...target, listing }, user, text, conversationId);
      // Told at once (or by the digest the owner chose): the unread notice does not mail it again.
      await tx.conversations.markMailed(conversationId, 'owner', messageId);
    }
    return { conversationId, messageId };
  },
  after: (_stored, { app }) => app.live.poke(),
});

/**
 * The first message of a conversation reaches the other side by mail at once: the owner (their account, as their
 * lead-mail setting says), or, for a listing nobody owns, its contact e-mail or the site's enquiries inbox.
 */
async function tellOfFirstMessage(app: ConversationDeps, tx: Repositories, target: { listing: ListingRef; title: string; slug: string; contact_email: string | null; owner_user_id: number | null },
  sender: UserRow, text: string, conversationId: number): Promise<void> {
  const site = app.config.siteUrl;
  const listingUrl = absoluteUrl(site, target.listing.type === 'profile' ? profileUrl(target.slug) : postUrl(target.listing.type, target.slug));
  if (target.owner_user_id === null) {
    const to = target.contact_email ?? app.config.enquiryInbox;
    // Nobody's account, so no language of theirs: English.
    await app.outbox.queueMail(composeMail(to, say('mail_message_about_subject', { title: target.title }), [
      say('mail_wrote_about_link', { name: sender.name, title: target.title, url: listingUrl }),
      text,
      ...(target.contact_email === null ? [say('mail_pass_on', { id: conversationId })] : []),
      say('mail_claim_to_answer', { url: absoluteUrl(site, '/advertiser') }),
    ]), { tx });
    return;
  }
  const owner = await instantLeadRecipient(tx, target.owner_user_id);
  if (!owner) return;
  // In the owner's language, every word of it (review F3: it was labelled so and written in English).
  await app.outbox.queueMail(composeMail(owner.email, say('mail_new_message_subject', { name: sender.name, title: target.title }), [
    say('mail_wrote_about', { name: sender.name, title: target.title }),
    text,
    say('mail_read_in_leads', { url: absoluteUrl(site, `/advertiser/leads/conversations/${conversationId}`) }),
  ], [], owner.locale), { tx });
}

const sending = command<{ app: ConversationDeps; user: UserRow; id: number; message: { text: string; images: readonly number[]; clientId: string } }, { conversation: ConversationRow; role: ConversationSide }, Stored>({
  load: (tx, { user, id }) => conversationToWrite(tx, user.id, id),
  run: async (tx, { conversation, role }, { app, user, id, message: { text, images, clientId } }) => {
    const retried = await tx.messages.findMessageByClientId(id, user.id, clientId);
    if (retried) return { existing: retried };
    const reason = closedReason(conversation, role, await tx.messages.hasWritten(id, 'person'));
    if (reason) throw invalid('text', reason);
    await checkLimits(app, tx, user, false);
    const rules = scanForScams(text);
    const messageId = await tx.messages.insertMessage({ conversationId: id, side: role, userId: user.id, kind: 'text', text, enquiryId: null, clientId, rules });
    await afterWriting(app, tx, { userId: user.id, conversationId: id, messageId, images, flagged: rules.length > 0 });
    return { conversationId: id, messageId };
  },
  after: (_stored, { app }) => app.live.poke(),
});

/** POST /api/conversations/{id}/messages {text, images, client_id}: either side writes at any time (201; a retry 200). */
export async function sendMessage(app: ConversationDeps, userId: number, id: number, input: unknown): Promise<{ created: boolean; data: MessageView }> {
  const { text, images, client_id: clientId } = parseInput(MessageSchema, input);
  const user = await requireUser(app, userId);
  const stored = await storeMessage(app, sending, { app, user, id, message: { text, images, clientId } });
  // The writer's side is the message's.
  return { created: stored.created, data: await ownMessage(app, stored.message, { userId, role: stored.message.side, locale: user.locale }) };
}

/** GET /api/conversations/{id}?before=: the conversation and its newest 50 messages (before a message id), newest first. */
export async function readConversation(app: ConversationDeps, userId: number, id: number, query: unknown): Promise<ConversationView & { messages: MessageView[]; has_more: boolean }> {
  const { before } = parseInput(BeforeQuerySchema, query);
  const { conversation, role } = await sideOf(app.repos, userId, id);
  const rows = await app.repos.messages.findMessages(id, before, CONVERSATION_LIMITS.page + 1);
  const page = rows.slice(0, CONVERSATION_LIMITS.page);
  const wrote = await writers(app.repos, id);
  const revealed = role === 'owner' ? await app.repos.messages.findRevealed(userId, page.map((row) => row.id)) : new Set<number>();
  return {
    ...conversationView(conversation, role, wrote),
    messages: await messageViews(app, page, await readerOf(app, userId, role), wrote.owner, revealed),
    has_more: rows.length > CONVERSATION_LIMITS.page,
  };
}

/** GET /api/conversations?role=&listing=&type=&unread=&archived=&page=: a side's conversations, the latest first. */
export async function listConversations(app: ConversationDeps, userId: number, query: unknown): Promise<{ data: ConversationView[]; page: number; has_more: boolean }> {
  const input = parseInput(ConversationListQuerySchema, query);
  const [type, listingId] = input.listing ? input.listing.split('-') : [];
  const filters = {
    listing: type && listingId ? { type: type as ListingRef['type'], id: Number(listingId) } : undefined,
    type: input.type, unread: input.unread, archived: input.archived,
  };
  const size = CONVERSATION_LIMITS.listPage;
  const rows = await app.repos.conversations.listConversations(userId, input.role, filters, size + 1, (input.page - 1) * size);
  return {
    data: rows.slice(0, size).map((row) => conversationView(row, input.role, { person: row.person_wrote, owner: row.owner_wrote })),
    page: input.page, has_more: rows.length > size,
  };
}

/** GET /api/conversations/unread: conversations with something unread, on either side. */
export async function unreadConversations(app: ConversationDeps, userId: number): Promise<{ unread: number }> {
  return { unread: await app.repos.conversations.countUnreadConversations(userId) };
}

/** POST /api/conversations/{id}/read {up_to}: the side has read up to a message (never back). */
export async function markRead(app: ConversationDeps, userId: number, id: number, input: unknown): Promise<{ read_up_to: number }> {
  const { up_to: upTo } = parseInput(ReadSchema, input);
  const { role } = await sideOf(app.repos, userId, id);
  const last = await app.repos.messages.lastMessageId(id);
  await app.repos.conversations.markRead(id, role, Math.min(upTo, last));
  app.live.poke();
  const conversation = (await app.repos.conversations.findConversation(id))!;
  return { read_up_to: role === 'owner' ? conversation.owner_read_up_to : conversation.person_read_up_to };
}

/** PATCH /api/conversations/{id} {archived, muted}: one side's own state (muted: no mail about it). */
export async function changeConversation(app: ConversationDeps, userId: number, id: number, input: unknown): Promise<ConversationView> {
  const state = parseInput(ConversationStateSchema, input);
  const { role } = await sideOf(app.repos, userId, id);
  await app.repos.conversations.setConversationState(id, role, state);
  return conversationView((await app.repos.conversations.findConversation(id))!, role, await writers(app.repos, id));
}

/** The other side's account, for a block; a 422 when they have none any more. */
function otherSide(conversation: ConversationRow, role: ConversationSide): number {
  const other = role === 'owner' ? conversation.person_user_id : conversation.owner_user_id;
  if (other === null) throw invalid('id', 'conversation_nobody');
  return other;
}

/** POST /api/conversations/{id}/block: the other side can write to this person no more (403 to them). */
export async function blockOtherSide(app: ConversationDeps, userId: number, id: number): Promise<{ blocked: true }> {
  const { conversation, role } = await sideOf(app.repos, userId, id);
  await app.repos.conversations.block(userId, otherSide(conversation, role));
  return { blocked: true };
}

/** DELETE /api/conversations/{id}/block. */
export async function unblockOtherSide(app: ConversationDeps, userId: number, id: number): Promise<{ blocked: false }> {
  const { conversation, role } = await sideOf(app.repos, userId, id);
  await app.repos.conversations.unblock(userId, otherSide(conversation, role));
  return { blocked: false };
}

/**
 * POST /api/conversations/{id}/messages/{mid}/reveal: the reader shows a masked message's phone numbers and e-mail
 * addresses. Logged (evidence of who saw them, when) and limited to 30 an hour; the stored text never changes.
 */
export async function revealMessage(app: ConversationDeps, userId: number, id: number, messageId: number): Promise<MessageView> {
  const { role } = await sideOf(app.repos, userId, id);
  const message = await app.repos.messages.findMessage(messageId);
  if (!message || message.conversation_id !== id) throw notFound('conversation_message_not_found');
  const since = new Date(app.clock.now() - HOUR_MS).toISOString();
  if (await app.repos.messages.countRevealsSince(userId, since) >= CONVERSATION_LIMITS.revealsPerHour) {
    throw tooMany('conversation_reveals', HOUR_MS / 1000, { count: CONVERSATION_LIMITS.revealsPerHour });
  }
  await app.repos.messages.insertReveal(messageId, userId);
  return (await messageViews(app, [message], await readerOf(app, userId, role), false, new Set([messageId])))[0]!;
}

/**
 * What an event tells its reader: a message as they see it (masked, with their warning), or the other side's read
 * mark; then their unread count. Nothing for a conversation they are no longer on.
 */
export async function eventView(app: ConversationDeps, userId: number, event: EventRow): Promise<StreamEvent[]> {
  const conversation = await app.repos.conversations.findConversation(event.conversation_id);
  const role = conversation && roleIn(conversation, userId);
  if (!role) return [];
  const out: StreamEvent[] = [];
  if ((event.kind === 'message' || event.kind === 'offer') && event.message_id !== null) {
    const message = await app.repos.messages.findMessage(event.message_id);
    if (!message) return [];
    const revealed = role === 'owner' ? await app.repos.messages.findRevealed(userId, [message.id]) : new Set<number>();
    const [view] = await messageViews(app, [message], await readerOf(app, userId, role), await app.repos.messages.hasWritten(conversation.id, 'owner'), revealed);
    // An answered offer comes again as its message, with the offer's new status (the browser replaces it by id).
    out.push({ event: event.kind === 'offer' ? 'offer' : 'message', id: String(event.seq), data: { conversation_id: conversation.id, message: view } });
  } else {
    out.push({ event: 'read', id: String(event.seq), data: { conversation_id: conversation.id, side: event.side, up_to: event.up_to } });
  }
  out.push({ event: 'unread', data: await unreadConversations(app, userId) });
  return out;
}

/**
 * GET /api/conversations/updates?after=: the polling twin of the stream (after 3 failed connects, the browser asks
 * every 10 s): the reader's events after `after`, from the same margin a stream replays, oldest first.
 */
export async function eventsAfter(app: ConversationDeps, userId: number, query: unknown): Promise<{ data: StreamEvent[]; last_event_id: number }> {
  const { after } = parseInput(AfterQuerySchema, query);
  const events = await app.repos.conversationEvents.findEventsAfter(Math.max(0, (after ?? 0) - REPLAY_MARGIN), 500, userId);
  const data: StreamEvent[] = [];
  for (const event of events) data.push(...(await eventView(app, userId, event)).filter((item) => item.event !== 'unread'));
  data.push({ event: 'unread', data: await unreadConversations(app, userId) });
  return { data, last_event_id: Math.max(after ?? 0, ...events.map((event) => event.seq)) };
}


/**
 * An offer written into a conversation, in the caller's transaction: a message of kind `offer` (its remark, scanned)
 * and the offer the seller accepts or declines (the open one before is withdrawn). POST …/offers and the item page's
 * Make Offer (POST buysell/enquire) both write it; answers the message's id.
 */
type OfferInput = { qty: number; offered_price: number; deal_method: string; remark: string | null };

export async function writeOffer(app: ConversationDeps, tx: Repositories, { conversationId, userId, offer }: { conversationId: number; userId: number; offer: OfferInput }): Promise<number> {
  const rules = scanForScams(offer.remark ?? '');
  const made = await tx.messages.insertMessage({ conversationId, side: 'person', userId, kind: 'offer', text: offer.remark ?? '', enquiryId: null, clientId: null, rules });
  await afterWriting(app, tx, { userId, conversationId, messageId: made, images: [], flagged: rules.length > 0 });
  await tx.offers.insertOffer({ conversationId, messageId: made, qty: offer.qty, priceSen: Math.round(offer.offered_price * 100), dealMethod: offer.deal_method, remark: offer.remark });
  return made;
}

/**
 * POST /api/conversations/{id}/offers {qty, offered_price, deal_method, remark}: the person offers on a buy & sell
 * post (the enquiry form's fields), as a message of kind `offer`. One is open at a time: a new one withdraws the one
 * before. Within the sender's message limits; 201 with the message.
 */
export async function makeOffer(app: ConversationDeps, userId: number, id: number, input: unknown): Promise<MessageView> {
  const offer = parseInput(OfferSchema, input);
  const user = await requireUser(app, userId);
  const messageId = await offering(app.repos, { app, user, id, offer: { ...offer, remark: offer.remark?.trim() || null } });
  return ownMessage(app, (await app.repos.messages.findMessage(messageId))!, { userId, role: 'person', locale: user.locale });
}

const offering = command<{ app: ConversationDeps; user: UserRow; id: number; offer: OfferInput }, { conversation: ConversationRow; role: ConversationSide }, number>({
  load: (tx, { user, id }) => conversationToWrite(tx, user.id, id),
  allow: ({ conversation, role }) => {
    if (role !== 'person' || conversation.listing_type !== 'buysell') {
      throw invalid('offered_price', 'offer_buyer_only');
    }
    const reason = closedReason(conversation, role, true);
    if (reason) throw invalid('offered_price', reason);
  },
  run: async (tx, _conversation, { app, user, id, offer }) => {
    await checkLimits(app, tx, user, false);
    return writeOffer(app, tx, { conversationId: id, userId: user.id, offer });
  },
  after: (_message, { app }) => app.live.poke(),
});

/**
 * POST /api/conversations/offers/{offerId}/accept|decline|withdraw: the owner accepts or declines an open offer, the
 * person withdraws theirs. A closed offer answers 422; anybody else's, 404.
 */
export async function answerOffer(app: ConversationDeps, userId: number, offerId: number, action: (typeof OFFER_ACTIONS)[number]): Promise<MessageView> {
  const offer = await app.repos.offers.findOffer(offerId);
  if (!offer) throw notFound('offer_not_found');
  const { role } = await sideOf(app.repos, userId, offer.conversation_id).catch(() => { throw notFound('offer_not_found'); });
  const allowed = action === 'withdraw' ? role === 'person' : role === 'owner';
  if (!allowed) throw new AppError(action === 'withdraw' ? 'offer_withdraw_only_buyer' : 'offer_answer_only_seller');
  // Accepting the offer that takes the item's last unit closes the post's other open offers, each buyer told.
  const decided = action === 'accept'
    ? await app.repos.transaction(async (tx) => {
      const { accepted, declined } = await tx.offers.acceptOffer(offerId);
      await tellSoldOut(app, tx, declined);
      return accepted;
    })
    : await app.repos.offers.decideOffer(offerId, action === 'decline' ? 'declined' : 'withdrawn', role);
  if (!decided) throw invalid('offer', 'offer_closed');
  app.live.poke();
  const message = (await app.repos.messages.findMessage(offer.message_id))!;
  return ownMessage(app, message, await readerOf(app, userId, role));
}
