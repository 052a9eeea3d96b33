/** What the conversation API takes (issue 44), as the browser and the server both read it. */
import { z } from 'zod';
import { LISTING_REF_TYPES } from '../constants.ts';
import { CONVERSATION_LIMITS, CONVERSATION_REPORT_REASONS, type ConversationReportReason } from '../conversations.ts';
import { BuysellOfferSchema } from './enquiries.ts';
import { multiLineText } from './text.ts';
import { fieldWord, say } from '../said.ts';

const IdField = (label: string) => z.union([z.number(), z.string().regex(/^\d{1,15}$/).transform(Number)], { error: say('form_required', { field: fieldWord(label) }) })
  .pipe(z.number({ error: say('form_required', { field: fieldWord(label) }) }).int(say('form_not_valid', { field: fieldWord(label) })).positive(say('form_not_valid', { field: fieldWord(label) })).max(Number.MAX_SAFE_INTEGER, say('form_not_valid', { field: fieldWord(label) })));
const OptionalId = (label: string) => z.preprocess((value) => (value === '' || value === null ? undefined : value), IdField(label).optional());
const Flag = (label: string) => z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value === '' ? undefined : value),
  z.boolean({ error: say('form_true_false', { field: fieldWord(label) }) }).optional());

/** The sender's own id for a message, so a retried send is answered with the message it already made. */
const ClientIdSchema = z.string({ error: say('form_client_id_required') }).trim().min(8, say('api_conversation_client_id_length')).max(64, say('api_conversation_client_id_length'))
  .regex(/^[A-Za-z0-9_-]+$/, say('api_conversation_client_id_chars'));

const TEXT_TOO_LONG = say('api_conversation_text_too_long', { max: CONVERSATION_LIMITS.textMax });
/** A message's words may be left out when it carries images. */
const MaybeTextSchema = z.preprocess((value) => value ?? '', multiLineText(say('form_required', { field: fieldWord('Text') })).max(CONVERSATION_LIMITS.textMax, TEXT_TOO_LONG));

/** The images a message carries: ids from POST /api/conversations/image, at most 5, each once. */
const ImagesSchema = z.preprocess((value) => value ?? [], z.array(IdField('Image'), { error: say('api_conversation_images_list') })
  .max(CONVERSATION_LIMITS.imagesMax, say('api_conversation_images_max', { max: CONVERSATION_LIMITS.imagesMax }))
  .refine((ids) => new Set(ids).size === ids.length, say('api_conversation_image_once')));

/** Words or images: a message needs one of them (checked even when another field is wrong, so each gets its message). */
const hasContent = (message: { text: unknown; images: unknown }) => (typeof message.text === 'string' && message.text.length > 0) || (Array.isArray(message.images) && message.images.length > 0);
const CONTENT_RULE = { message: say('form_required', { field: fieldWord('Text') }), path: ['text'], when: () => true };

/** POST /api/conversations: the first (or next) message about a listing. */
export const StartConversationSchema = z.object({
  type: z.enum(LISTING_REF_TYPES, { error: say('form_required', { field: fieldWord('Type') }) }),
  id: IdField('Id'),
  text: MaybeTextSchema,
  images: ImagesSchema,
  client_id: ClientIdSchema,
}).refine(hasContent, CONTENT_RULE);

/** POST /api/conversations/{id}/messages. */
export const MessageSchema = z.object({ text: MaybeTextSchema, images: ImagesSchema, client_id: ClientIdSchema })
  .refine(hasContent, CONTENT_RULE);

/** POST /api/conversations/{id}/report: why, in words, and which messages (none: the conversation as a whole). */
export const ConversationReportSchema = z.object({
  reason: z.enum(Object.keys(CONVERSATION_REPORT_REASONS) as [ConversationReportReason, ...ConversationReportReason[]], { error: say('api_choose_reason') }),
  description: z.preprocess((value) => value ?? '', multiLineText().max(2000, say('api_conversation_description_long'))),
  message_ids: z.preprocess((value) => value ?? [], z.array(IdField('Message'), { error: say('api_conversation_report_messages_list') }).max(50, say('api_conversation_report_messages_max'))),
});

/** GET /api/conversations: whose list, and its filters. */
export const ConversationListQuerySchema = z.object({
  role: z.preprocess((value) => (value === '' || value === undefined ? 'person' : value), z.enum(['person', 'owner'], { error: say('api_conversation_role') })),
  listing: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^(services|jobs|hireme|buysell|profile)-\d{1,15}$/, say('api_conversation_listing_format')).optional()),
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LISTING_REF_TYPES, { error: say('api_conversation_choose_type') }).optional()),
  unread: Flag('unread'),
  archived: Flag('archived'),
  page: z.preprocess((value) => (value === '' || value === undefined ? 1 : value), z.coerce.number({ error: say('form_page_must_number') }).int(say('form_page_must_whole_number')).min(1, say('form_page_starts_at_1')).max(10_000, say('form_page_too_far'))),
});

export const BeforeQuerySchema = z.object({ before: OptionalId('before') });
export const AfterQuerySchema = z.object({ after: z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number({ error: say('api_conversation_after') }).int(say('api_conversation_after')).min(0, say('api_conversation_after')).optional()) });
export const ReadSchema = z.object({ up_to: IdField('up_to') });
export const ConversationStateSchema = z.object({ archived: Flag('archived'), muted: Flag('muted') })
  .refine((state) => state.archived !== undefined || state.muted !== undefined, { message: say('api_conversation_state_needed'), path: ['archived'] });

/** POST /api/conversations/{id}/offers: the buy & sell offer's own fields (the enquiry form's). */
export const OfferSchema = BuysellOfferSchema.pick({ qty: true, offered_price: true, deal_method: true, remark: true });
export const OFFER_ACTIONS = ['accept', 'decline', 'withdraw'] as const;
