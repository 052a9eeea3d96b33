/**
 * The browser's calls of the conversation API (issue 44), typed like src/client/calls.ts: requests from the shared
 * schemas, answers by the shared types. Apart from calls.ts, so pages without conversations load none of this.
 */
import type { z } from 'zod';
import type { ConversationRole, ConversationView, MessageView } from '../shared/conversations.ts';
import type { ConversationReportSchema, MessageSchema, OFFER_ACTIONS, OfferSchema } from '../shared/schemas/conversations.ts';
import { api } from './api.ts';

type Data<T> = { data: T };
export type Thread = ConversationView & { messages: MessageView[]; has_more: boolean };
/** An event of the stream or the polling twin. */
export type LiveEvent = { event: 'message'; id?: string; data: { conversation_id: number; message: MessageView } }
  | { event: 'offer'; id?: string; data: { conversation_id: number; message: MessageView } }
  | { event: 'read'; id?: string; data: { conversation_id: number; side: ConversationRole; up_to: number } }
  | { event: 'unread'; id?: string; data: { unread: number } };

export const conversations = (role: ConversationRole, filters: { unread?: boolean; archived?: boolean; listing?: string; type?: string; page?: number } = {}) =>
  api.get('conversations', {
    searchParams: {
      role, ...(filters.unread ? { unread: 'true' } : {}), ...(filters.archived !== undefined ? { archived: String(filters.archived) } : {}),
      ...(filters.listing ? { listing: filters.listing } : {}), ...(filters.type ? { type: filters.type } : {}), page: filters.page ?? 1,
    },
  })
    .json<{ data: ConversationView[]; page: number; has_more: boolean }>();
export const conversation = (id: number, before?: number) => api.get(`conversations/${id}`, { searchParams: before ? { before } : {} }).json<Data<Thread>>();
export const sendMessage = (id: number, body: z.input<typeof MessageSchema>) => api.post(`conversations/${id}/messages`, { json: body }).json<Data<MessageView>>();
export const markRead = (id: number, upTo: number) => api.post(`conversations/${id}/read`, { json: { up_to: upTo } }).json<Data<{ read_up_to: number }>>();
export const changeConversation = (id: number, state: { archived?: boolean; muted?: boolean }) => api.patch(`conversations/${id}`, { json: state }).json<Data<ConversationView>>();
export const blockConversation = (id: number, blocked: boolean) => (blocked ? api.post(`conversations/${id}/block`) : api.delete(`conversations/${id}/block`)).json<Data<{ blocked: boolean }>>();
export const revealMessage = (id: number, messageId: number) => api.post(`conversations/${id}/messages/${messageId}/reveal`).json<Data<MessageView>>();
export const makeOffer = (id: number, body: z.input<typeof OfferSchema>) => api.post(`conversations/${id}/offers`, { json: body }).json<Data<MessageView>>();
export const answerOffer = (offerId: number, action: (typeof OFFER_ACTIONS)[number]) => api.post(`conversations/offers/${offerId}/${action}`).json<Data<MessageView>>();
/** Uploads one image for a message (kept privately); the message names it by id. */
export const uploadImage = (file: File) => {
  const form = new FormData();
  form.append('image', file);
  return api.post('conversations/image', { body: form }).json<Data<{ id: number }>>();
};
export const reportConversation = (id: number, body: z.input<typeof ConversationReportSchema>) =>
  api.post(`conversations/${id}/report`, { json: body }).json<Data<{ reported: true; group: string }> & { message: string }>();
