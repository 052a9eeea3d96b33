/** What the conversation API takes (issue 44), as the browser and the server both read it. */
import { z } from 'zod';
import { LISTING_REF_TYPES } from '../constants.ts';
import { CONVERSATION_LIMITS, CONVERSATION_REPORT_REASONS, type ConversationReportReason } from '../conversations.ts';
import { BuysellOfferSchema } from './enquiries.ts';
import { multiLineText } from './text.ts';

const IdField = (label: string) => z.union([z.number(), z.string().regex(/^\d{1,15}$/).transform(Number)], { error: `${label} is required.` })
  .pipe(z.number({ error: `${label} is required.` }).int(`${label} is not valid.`).positive(`${label} is not valid.`).max(Number.MAX_SAFE_INTEGER, `${label} is not valid.`));
const OptionalId = (label: string) => z.preprocess((value) => (value === '' || value === null ? undefined : value), IdField(label).optional());
const Flag = (label: string) => z.preprocess((value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value === '' ? undefined : value),
  z.boolean({ error: `${label} must be true or false.` }).optional());

/** The sender's own id for a message, so a retried send is answered with the message it already made. */
const ClientIdSchema = z.string({ error: 'client_id is required.' }).trim().min(8, 'client_id must be 8 to 64 characters.').max(64, 'client_id must be 8 to 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'client_id may hold letters, digits, - and _ only.');

const TEXT_TOO_LONG = `Text is too long: at most ${CONVERSATION_LIMITS.textMax} characters.`;
/** A message's words may be left out when it carries images. */
const MaybeTextSchema = z.preprocess((value) => value ?? '', multiLineText('Text is required.').max(CONVERSATION_LIMITS.textMax, TEXT_TOO_LONG));

/** The images a message carries: ids from POST /api/conversations/image, at most 5, each once. */
const ImagesSchema = z.preprocess((value) => value ?? [], z.array(IdField('Image'), { error: 'Images must be a list of uploaded images.' })
  .max(CONVERSATION_LIMITS.imagesMax, `At most ${CONVERSATION_LIMITS.imagesMax} images a message.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each image goes once.'));

/** Words or images: a message needs one of them (checked even when another field is wrong, so each gets its message). */
const hasContent = (message: { text: unknown; images: unknown }) => (typeof message.text === 'string' && message.text.length > 0) || (Array.isArray(message.images) && message.images.length > 0);
const CONTENT_RULE = { message: 'Text is required.', path: ['text'], when: () => true };

/** POST /api/conversations: the first (or next) message about a listing. */
export const StartConversationSchema = z.object({
  type: z.enum(LISTING_REF_TYPES, { error: 'Type is required.' }),
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
  reason: z.enum(Object.keys(CONVERSATION_REPORT_REASONS) as [ConversationReportReason, ...ConversationReportReason[]], { error: 'Choose a reason.' }),
  description: z.preprocess((value) => value ?? '', multiLineText().max(2000, 'Description is too long.')),
  message_ids: z.preprocess((value) => value ?? [], z.array(IdField('Message'), { error: 'message_ids must be a list of message ids.' }).max(50, 'Name at most 50 messages.')),
});

/** GET /api/conversations: whose list, and its filters. */
export const ConversationListQuerySchema = z.object({
  role: z.preprocess((value) => (value === '' || value === undefined ? 'person' : value), z.enum(['person', 'owner'], { error: 'Choose person or owner.' })),
  listing: z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^(services|jobs|hireme|buysell|profile)-\d{1,15}$/, 'Name the listing as type-id, like services-12.').optional()),
  type: z.preprocess((value) => (value === '' ? undefined : value), z.enum(LISTING_REF_TYPES, { error: 'Choose a listing type.' }).optional()),
  unread: Flag('unread'),
  archived: Flag('archived'),
  page: z.preprocess((value) => (value === '' || value === undefined ? 1 : value), z.coerce.number({ error: 'The page must be a number.' }).int('The page must be a whole number.').min(1, 'The page starts at 1.').max(10_000, 'The page is too far.')),
});

export const BeforeQuerySchema = z.object({ before: OptionalId('before') });
export const AfterQuerySchema = z.object({ after: z.preprocess((value) => (value === '' || value === undefined ? undefined : value), z.coerce.number({ error: 'after must be an event id.' }).int('after must be an event id.').min(0, 'after must be an event id.').optional()) });
export const ReadSchema = z.object({ up_to: IdField('up_to') });
export const ConversationStateSchema = z.object({ archived: Flag('archived'), muted: Flag('muted') })
  .refine((state) => state.archived !== undefined || state.muted !== undefined, { message: 'Send archived or muted.', path: ['archived'] });

/** POST /api/conversations/{id}/offers: the buy & sell offer's own fields (the enquiry form's). */
export const OfferSchema = BuysellOfferSchema.pick({ qty: true, offered_price: true, deal_method: true, remark: true });
export const OFFER_ACTIONS = ['accept', 'decline', 'withdraw'] as const;
