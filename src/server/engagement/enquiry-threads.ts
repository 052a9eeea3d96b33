/**
 * The thread of an enquiry (issue 26): since issue 44, the written messages of the enquiry's conversation. The listing's
 * owner replies from the leads inbox, the sender writes in My area. Mail goes only to an account's own e-mail, which a
 * code proved, never to an address typed in a form (security probe item 6); the owner's mail follows their lead-mail
 * setting (instant, daily digest, off).
 */
import { randomUUID } from 'node:crypto';
import type { LeadReply } from '../../shared/leads.ts';
import type { AppContext } from '../app-types.ts';
import type { EnquiryReplyRow, EnquiryRow } from '../db/rows.ts';
import { AppError, invalid } from '../errors.ts';
import { sendMessage } from '../conversations/conversations.ts';

export const replyOf = (row: EnquiryReplyRow): LeadReply => ({ id: row.id, side: row.side, message: row.message, created_at: row.created_at });

/** The thread of one enquiry, oldest first. */
export async function threadOf(app: Pick<AppContext, 'repos'>, enquiryId: number): Promise<LeadReply[]> {
  return (await app.repos.leads.findEnquiryReplies([enquiryId])).map(replyOf);
}

/**
 * A message in a lead's thread from the leads inbox (owner) or My area (sender): the next message of the enquiry's
 * conversation (issue 44), as POST /api/conversations/{id}/messages writes it: both sides write at any time, within
 * the conversation limits, and the other side hears of it by the unread notice (conversations/notices.ts).
 */
async function addToThread(app: AppContext, enquiry: EnquiryRow, userId: number, message: string): Promise<LeadReply[]> {
  if (enquiry.conversation_id === null) throw invalid('message', 'conversation_enquiry_gone');
  try {
    await sendMessage(app, userId, enquiry.conversation_id, { text: message, client_id: randomUUID() });
  } catch (error) {
    // The lead's form names its field `message`.
    if (error instanceof AppError && error.errors?.text) throw error.onField('message');
    throw error;
  }
  return threadOf(app, enquiry.id);
}

/** The owner's reply, from the leads inbox. */
export const addOwnerReply = (app: AppContext, enquiry: EnquiryRow, ownerUserId: number, message: string) => addToThread(app, enquiry, ownerUserId, message);

/** The sender's message, from My area: at any time (issue 44: no longer only after the owner replied). */
export const addSenderAnswer = (app: AppContext, enquiry: EnquiryRow, senderUserId: number, message: string) => addToThread(app, enquiry, senderUserId, message);
