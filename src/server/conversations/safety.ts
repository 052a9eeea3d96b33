/**
 * What keeps conversations safe (issue 44, decision 0032): their images, private to the two sides (uploaded first,
 * then named by a message), reports that join the operators' queue as group `conversation-{id}`, and the automatic
 * report the scam rules make of a sender flagged in 3 or more conversations in a day.
 */
import { Readable } from 'node:stream';
import { CONVERSATION_LIMITS, CONVERSATION_REPORT_REASONS, type ConversationSide } from '../../shared/conversations.ts';
import { ConversationReportSchema } from '../../shared/schemas/conversations.ts';
import type { ConversationDeps } from './deps.ts';
import type { Repositories } from '../db/repositories.ts';
import { userUploadOwner } from '../engagement/own-uploads.ts';
import { AppError, notFound, parseInput, invalid } from '../errors.ts';
import { storeImage, withFiles } from '../uploads/pipeline.ts';
import { roleIn } from './views.ts';
import type { ConversationRow } from '../db/conversation-rows.ts';
import { say } from '../../shared/said.ts';
import { countReportedDetails } from '../safety/reported-details.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The one check every write into a conversation makes (probe finding 2): a message, an offer, a new conversation, and
 * each kind of enquiry (a job application included). The writer is refused (403, the blocked notice) when the other
 * side has blocked them, before anything is stored or mailed.
 */
export async function refuseBlockedWriter(repos: Pick<Repositories, 'conversations'>, recipientId: number | null, writerId: number): Promise<void> {
  if (recipientId !== null && await repos.conversations.isBlocked(recipientId, writerId)) throw new AppError('conversation_blocked');
}

/** POST /api/conversations/image: one image, re-encoded and stored privately; a message names it by `id` within a day. */
export async function uploadConversationImage(app: ConversationDeps, userId: number, request: Request): Promise<{ id: number }> {
  const [stored] = await withFiles(app, request, 'image', 'image', 1, async (files) => {
    const results = [];
    for (const file of files) results.push(await storeImage(app, userUploadOwner(userId), file, 'image', true));
    return results;
  });
  return { id: stored!.id };
}

/**
 * Checks the images a sender names (each their own upload, not used by anything yet) and attaches them to the
 * message, in the message's transaction: a failed send leaves no half message.
 */
export async function attachImages(tx: Repositories, userId: number, messageId: number, images: readonly number[]): Promise<void> {
  if (images.length === 0) return;
  const uploads = await tx.messages.findImageUploads(images);
  const usable = new Set(uploads.filter((upload) => upload.owner_user_id === userId && !upload.attached).map((upload) => upload.id));
  if (images.some((id) => !usable.has(id))) throw invalid('images', 'conversation_not_your_image');
  await tx.messages.attachMessageImages(messageId, images);
}

/**
 * GET /api/conversations/{id}/media/{mediaId}/{thumbnail|full}: an image of the conversation's messages, for its two
 * sides only (`operator`: an operator reading a report); a 404 for anybody else, and once its message is erased or
 * removed. Never stored by a cache (the API's answers are no-store).
 */
export async function conversationImage(app: ConversationDeps, userId: number, id: number, mediaId: number, variant: 'thumbnail' | 'full', operator = false): Promise<Response> {
  const conversation = await app.repos.conversations.findConversation(id);
  if (!conversation || (!operator && !roleIn(conversation, userId))) throw notFound('conversation_not_found');
  const image = await app.repos.messages.findConversationImage(id, mediaId);
  if (!image || image.hidden) throw notFound('conversation_image_not_found');
  const read = await app.mediaStore.read(image[variant]);
  if (!read) throw notFound('conversation_image_not_found');
  return new Response(Readable.toWeb(read.stream) as ReadableStream, {
    headers: {
      'Content-Type': 'image/jpeg', 'Content-Length': String(read.size), 'Cache-Control': 'private, no-store',
      'Content-Security-Policy': "sandbox; default-src 'none'", 'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * POST /api/conversations/{id}/report {reason, description, message_ids[]}: a side reports the other; the report
 * joins the queue as group `conversation-{id}`, naming the messages (the other side's latest when none are named).
 */
export async function reportConversation(app: ConversationDeps, userId: number, id: number, input: unknown): Promise<{ data: { reported: true; group: string }; message: string }> {
  const report = parseInput(ConversationReportSchema, input);
  const conversation = await app.repos.conversations.findConversation(id);
  const role = conversation && roleIn(conversation, userId);
  if (!conversation || !role) throw notFound('conversation_not_found');
  const named = await app.repos.messages.findMessagesByIds(id, report.message_ids);
  if (named.length !== new Set(report.message_ids).size) {
    throw invalid('message_ids', 'conversation_report_messages');
  }
  const messageIds = named.length > 0 ? named.map((message) => message.id) : await latestOfOtherSide(app, id, role);
  const reportedUserId = otherSideOf(conversation, role);
  await app.repos.conversationReports.insertReport({
    conversationId: id, userId, reportedUserId, reason: report.reason,
    description: report.description || CONVERSATION_REPORT_REASONS[report.reason], messageIds,
  });
  // A scam: the payment details the other side wrote here are counted, and marked once enough people reported them.
  if (report.reason === 'SCAM') {
    const theirs = (await app.repos.messages.findMessages(id, undefined, 500)).filter((message) => message.side !== role && !message.erased && !message.moderated);
    await countReportedDetails(app, { conversationId: id, reporterUserId: userId, reportedUserId, texts: theirs.map((message) => message.text) });
  }
  return { data: { reported: true, group: `conversation-${id}` }, message: say('api_report_logged') };
}

const otherSideOf = (conversation: ConversationRow, role: ConversationSide) => (role === 'owner' ? conversation.person_user_id : conversation.owner_user_id);

/** The other side's newest message (what a report naming none is about), if they wrote any. */
async function latestOfOtherSide(app: ConversationDeps, id: number, role: ConversationSide): Promise<number[]> {
  const latest = await app.repos.messages.lastMessageId(id, role === 'owner' ? 'person' : 'owner');
  return latest > 0 ? [latest] : [];
}

/**
 * After a flagged message is stored (in its transaction): a sender whose messages the scam rules flagged in 3 or
 * more conversations in 24 hours is reported automatically, once a day, on this conversation, naming the flagged
 * messages of all of them.
 */
export async function reportFlaggedSender(app: ConversationDeps, tx: Repositories, userId: number, conversationId: number): Promise<void> {
  const since = new Date(app.clock.now() - DAY_MS).toISOString();
  if (await tx.conversationReports.countFlaggedConversationsSince(userId, since) < CONVERSATION_LIMITS.flaggedConversations) return;
  if (await tx.conversationReports.hasAutomaticReportSince(userId, since)) return;
  const flagged = await tx.conversationReports.findFlaggedMessagesSince(userId, since);
  const conversations = new Set(flagged.map((message) => message.conversation_id));
  await tx.conversationReports.insertReport({
    conversationId, userId: null, reportedUserId: userId, reason: 'SCAM',
    description: `Automatic: the scam rules flagged this sender's messages in ${conversations.size} conversations in 24 hours (${[...conversations].map((id) => `conversation-${id}`).join(', ')}).`,
    messageIds: flagged.filter((message) => message.conversation_id === conversationId).map((message) => message.id),
  });
}
