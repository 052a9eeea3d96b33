/**
 * Reported conversations in the operator console (issue 44, decision 0032): an operator reads the reported messages
 * and 5 on each side of each (a read of private messages, so it is audited), and may remove a message by moderation
 * (both sides then read "Removed by moderation") or suspend the reported account (suspensions.ts). Dismissing the
 * report is the queue's (moderation.ts, group `conversation-{id}`).
 */
import { z } from 'zod';
import { CONVERSATION_LIMITS, CONVERSATION_REPORT_REASONS, conversationImageUrl, type ConversationReportReason } from '../../shared/conversations.ts';
import type { AppContext } from '../app-types.ts';
import type { SessionRow } from '../db/rows.ts';
import { notFound, parseInput, invalid } from '../errors.ts';
import type { Actor } from '../policies.ts';
import { accountNames, requireFreshProof } from './access.ts';
import { audit } from './audit.ts';
import { say } from '../../shared/said.ts';

const HideSchema = z.object({ reason: z.string({ error: 'Give a reason: it is kept in the audit log.' }).trim().min(3, 'Give a reason: it is kept in the audit log.').max(1000) });

/** A report group of the queue for each reported conversation, as moderation.ts lists the others. */
export async function conversationReportGroups(app: AppContext) {
  const groups = new Map<number, { group: string; type: 'conversation'; id: number; title: string; url: null; owner_user_id: number | null; owner_name: string | null; count: number; first_at: string; reports: unknown[] }>();
  const rows = await app.repos.conversationReports.findOpenReports(1000);
  const name = await accountNames(app, rows.flatMap((row) => [row.user_id, row.reported_user_id]));
  for (const row of rows) {
    const group = groups.get(row.conversation_id) ?? {
      group: `conversation-${row.conversation_id}`, type: 'conversation' as const, id: row.conversation_id, title: `Conversation about "${row.listing_title}"`, url: null,
      owner_user_id: row.reported_user_id, owner_name: name(row.reported_user_id), count: 0, first_at: row.created_at, reports: [],
    };
    group.count++;
    group.reports.push({
      reason: row.reason, reason_text: CONVERSATION_REPORT_REASONS[row.reason as ConversationReportReason] ?? row.reason, description: row.description,
      reporter: row.user_id !== null ? { user_id: row.user_id, name: name(row.user_id) } : { automatic: true }, created_at: row.created_at, message_ids: row.message_ids,
    });
    groups.set(row.conversation_id, group);
  }
  return [...groups.values()];
}

/**
 * GET /api/operator/conversations/{id}: a reported conversation's reported messages and 5 on each side of each, as
 * written (nothing masked), oldest first, with who wrote each. Only while a report on it is open; audited.
 */
export async function reportedConversation(app: AppContext, actor: Actor, client: string, id: number) {
  const conversation = await app.repos.conversations.findConversation(id);
  const reported = conversation && await app.repos.conversationReports.findReportedMessageIds(id);
  if (!conversation || !reported) throw notFound('no_open_report_conversation');
  const ids = await app.repos.conversationReports.findMessageIdsAround(id, reported, CONVERSATION_LIMITS.reportContext);
  const messages = await app.repos.messages.findMessagesByIds(id, ids);
  const images = await app.repos.messages.findMessageImages(ids);
  await audit(app.repos, actor, client, { action: 'conversation.read', target: { type: 'conversation', id }, after: { messages: ids } });
  const name = await accountNames(app, [conversation.person_user_id, conversation.owner_user_id]);
  return {
    id, listing: { type: conversation.listing_type, id: conversation.listing_id, title: conversation.listing_title },
    person_user_id: conversation.person_user_id, owner_user_id: conversation.owner_user_id,
    person_name: name(conversation.person_user_id), owner_name: name(conversation.owner_user_id),
    messages: messages.map((message) => ({
      id: message.id, side: message.side, user_id: message.user_id, user_name: name(message.user_id), kind: message.kind, text: message.text, rules: message.rules, created_at: message.created_at,
      reported: reported.includes(message.id), erased: message.erased, moderated: message.moderated,
      images: (images.get(message.id) ?? []).map((mediaId) => ({ id: mediaId, thumbnail: operatorImageUrl(id, mediaId, 'thumbnail'), full: operatorImageUrl(id, mediaId, 'full') })),
    })),
  };
}

/** Where an operator fetches a message's image (the participants' path, under the console's own). */
const operatorImageUrl = (id: number, mediaId: number, variant: 'thumbnail' | 'full') => conversationImageUrl(id, mediaId, variant).replace('/api/conversations/', '/api/operator/conversations/');

/**
 * POST /api/operator/conversations/{id}/messages/{mid}/hide {reason}: removes a message by moderation (a destructive
 * action: fresh proof); its words and images show to neither side again. The stored row stays for the record.
 */
export async function hideConversationMessage(app: AppContext, actor: Actor, session: SessionRow, client: string, id: number, messageId: number, input: unknown) {
  const { reason } = parseInput(HideSchema, input);
  requireFreshProof(app, session);
  const [message] = await app.repos.messages.findMessagesByIds(id, [messageId]);
  if (!message) throw notFound('conversation_message_not_found');
  await app.repos.transaction(async (tx) => {
    if (!(await tx.conversationReports.moderateMessage(messageId))) throw invalid('message', 'message_removed_already');
    await audit(tx, actor, client, { action: 'conversation.message.hide', target: { type: 'conversation_message', id: messageId }, reason, after: { conversation: id, user_id: message.user_id } });
  });
  return { data: { id: messageId, moderated: true }, message: say('api_conversation_message_hidden') };
}
