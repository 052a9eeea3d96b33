/**
 * Enquiries of the four kinds (spec §2 Enquiry modal, §3, §5, §7; issue 14): an enquiry or booking about
 * a service or a business, a job application, a job offer to a person for hire, an offer on a buy & sell
 * post. A signed-in person sends one; it is stored as Pending, the listing's owner is told by mail (the
 * listing's contact e-mail, or the site's enquiries inbox when it has none) and the sender gets a copy.
 * Senders read theirs in My area; nobody else's (a 404, never a 403).
 */
import { ENQUIRY_REPEAT_MINUTES, ENQUIRY_WORDS, MY_AREA_PAGE_SIZE, STORED_CV, enquiryUrl, type EnquiryKind, type EnquiryListing, type EnquiryRecord } from '../../shared/enquiries.ts';
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { ENQUIRY_SCHEMAS, type AnyEnquiryForm } from '../../shared/schemas/enquiries.ts';
import { HONEYPOT_FIELD } from '../../shared/schemas/engagement.ts';
import { leadUrl, type LeadReply } from '../../shared/leads.ts';
import { LeadReplySchema } from '../../shared/schemas/leads.ts';
import { enquiryText } from '../../shared/conversations.ts';
import { scanForScams } from '../safety/scams.ts';
import { absoluteUrl, postUrl, profileUrl } from '../../shared/urls.ts';
import type { ListingType } from '../../shared/constants.ts';
import { actorOf, requireUser } from '../accounts/accounts.ts';
import { canReadEnquiry } from '../policies.ts';
import type { AppContext } from '../app-types.ts';
import type { Repositories } from '../db/repositories.ts';
import type { EnquiryRow, EnquiryTargetRow, ListingRef, UserRow } from '../db/rows.ts';
import { AppError, parseInput, type ErrorCode, invalid, tooMany } from '../errors.ts';
import { storeDocument, type UploadedFile } from '../uploads/pipeline.ts';
import { copyPrivateFile, privateDownload, type Download } from '../uploads/media-files.ts';
import { enquiryCopyMail, enquiryOwnerMail } from './enquiry-mails.ts';
import { addSenderAnswer, threadOf } from './enquiry-threads.ts';
import { refuseBlockedWriter } from '../conversations/safety.ts';
import { writeOffer } from '../conversations/conversations.ts';
import { instantLeadRecipient } from './lead-mail.ts';
import { ownUploadedImages, userUploadOwner } from './own-uploads.ts';
import { say, type MessageKey } from '../../shared/said.ts';

/** Fields every kind has; the rest of a form are its kind's details. */
const COMMON_FIELDS = new Set(['id', 'type', 'name', 'email', 'phone_number', 'contact_method', 'images', HONEYPOT_FIELD]);

function listingOf(row: EnquiryRow): EnquiryListing {
  const url = row.listing_type === null || row.listing_slug === null ? null
    : row.listing_type === 'profile' ? profileUrl(row.listing_slug) : postUrl(row.listing_type, row.listing_slug);
  return {
    type: row.listing_type,
    id: row.listing_id,
    title: row.listing_title,
    variant: row.listing_type === 'profile' ? 'profile' : 'post',
    url,
    profile: row.confidential || row.profile_name === null || row.profile_slug === null ? null
      : { name: row.profile_name, slug: row.profile_slug, url: profileUrl(row.profile_slug) },
    locations: row.city_state ? [{ city_state: row.city_state }] : [],
  };
}

/** The URL its sender downloads an enquiry's CV or document from. */
const attachmentUrl = (kind: EnquiryKind, id: number) => `/api/${ENQUIRY_WORDS[kind].api}/${id}/attachment`;

function recordOf(row: EnquiryRow, images: EnquiryRecord['images'], fileUrl: (row: EnquiryRow) => string): EnquiryRecord {
  const details = JSON.parse(row.details) as Record<string, unknown>;
  return {
    ...details,
    id: row.id,
    type: row.kind,
    status: row.status,
    created_at: row.created_at,
    created_date: malaysiaToday(Date.parse(row.created_at)),
    name: row.name,
    phone_number: row.phone_number,
    email: row.email,
    contact_method: row.contact_method,
    ...(row.kind === 'services' ? { images: images ?? [] } : {}),
    attachment: row.document_name ? { original_filename: row.document_name, url: fileUrl(row) } : null,
    [row.kind === 'jobs' ? 'post' : 'enquirable']: listingOf(row),
    url: enquiryUrl(row.kind, row.id),
  };
}

/**
 * Enquiry records of spec §3 with their images; the CV or document downloads from `fileUrl` (the sender's own
 * path by default; the leads inbox names the owner's).
 */
export async function recordsOf(app: Pick<AppContext, 'repos' | 'media'>, rows: EnquiryRow[],
  fileUrl: (row: EnquiryRow) => string = (row) => attachmentUrl(row.kind, row.id)): Promise<EnquiryRecord[]> {
  const media = await app.repos.enquiries.findEnquiryMedia(rows.filter((row) => row.kind === 'services').map((row) => row.id));
  return rows.map((row) => recordOf(row, media.filter((item) => item.enquiry_id === row.id).map((item) => app.media.imageUrls(item)!), fileUrl));
}

/** The CV or document an enquiry carries: a new file, or (job applications) a copy of the CV on the account; a 422 when a job needs one and none is given. */
async function attachedDocument(app: AppContext, user: UserRow, kind: EnquiryKind, target: EnquiryTargetRow, input: Record<string, unknown>, file: UploadedFile | undefined): Promise<number | null> {
  const owner = userUploadOwner(user.id);
  if (kind === 'jobs') {
    if (file) return (await storeDocument(app, owner, file, 'cv', 'cv')).id;
    if (input.cv === STORED_CV) {
      const cv = user.detail.cv;
      if (!cv || !(await app.mediaStore.exists(cv.file))) throw invalid('cv', 'upload_cv');
      // The application keeps its own copy: replacing or deleting the account's CV does not change what was sent.
      const path = await copyPrivateFile(app, cv.file);
      return app.repos.uploads.insertDocument(owner, { file: path, original_filename: cv.original_filename, mime_type: cv.mime_type });
    }
    if (target.resume_required) throw invalid('cv', 'cv_field_required');
    return null;
  }
  // A job offer's document is for the person hired only: private, like a CV.
  if (kind === 'hireme' && file) return (await storeDocument(app, owner, file, 'doc', 'document', true)).id;
  return null;
}

/** What the sender reads once an enquiry is sent (spec §8's toasts), by kind. */
const SENT = { services: 'api_enquiry_sent', jobs: 'api_application_sent', hireme: 'api_offer_sent', buysell: 'api_offer_sent' } as const satisfies Record<EnquiryKind, MessageKey>;

/**
 * POST enquire, job-application, hireme/enquire, buysell/enquire: validates (422 per field, the schemas the
 * modal uses), limits per account and client (429), refuses a second one about the same listing within
 * ENQUIRY_REPEAT_MINUTES (429), stores it as Pending with its images or file, and mails the owner and the sender.
 * A filled honeypot is answered the same and dropped.
 */
export async function sendEnquiry(app: AppContext, userId: number, kind: EnquiryKind, input: Record<string, unknown>, client: string, file?: UploadedFile): Promise<{ message: string; data: EnquiryRecord | null }> {
  const form = parseInput(ENQUIRY_SCHEMAS[kind], input) as AnyEnquiryForm;
  const listing: ListingRef = { type: 'type' in form ? form.type : kind as ListingType, id: form.id };
  const user = await requireUser(app, userId);
  const target = await app.repos.enquiries.findEnquiryTarget(listing);
  if (!target) throw new AppError('listing_not_found');
  await refuseBlockedWriter(app.repos, target.owner_user_id, userId);
  // Counted once the enquiry is valid and its listing exists: a mistake never spends the limit (security probe item 14).
  await app.limits.hit('enquiry', `user:${userId}`);
  await app.limits.hit('enquiryClient', client);
  const message = say(SENT[kind]);
  if (form[HONEYPOT_FIELD]) return { message, data: null };
  const images = 'images' in form ? await ownUploadedImages(app, userId, form.images) : [];
  const documentId = await attachedDocument(app, user, kind, target, input, file);
  const details = Object.fromEntries(Object.entries(form).filter(([field, value]) => !COMMON_FIELDS.has(field) && value !== undefined));
  const notified = target.contact_email ?? app.config.enquiryInbox;
  const mediaIds = images.map((image) => image.id);
  const now = app.clock.now();
  // One transaction: the repeat check, the enquiry with its images, its uploads marked used (review D5), and the mails
  // that tell the owner and the sender (decision 0015).
  const sent = await app.repos.transaction(async (tx) => {
    // The sender's row first: their repeat check holds against their other sends at the same time.
    await tx.users.lockUser(userId);
    if (await tx.enquiries.hasEnquiredSince(userId, listing, new Date(now - ENQUIRY_REPEAT_MINUTES * 60_000).toISOString())) return null;
    const stored = await tx.enquiries.insertEnquiry({
      kind, userId, listing, listingTitle: target.title,
      name: form.name, phone_number: form.phone_number, email: form.email ?? null, contact_method: form.contact_method,
      details, mediaIds, documentId, notified, ownerUserId: target.owner_user_id, createdAt: new Date(now).toISOString(), rules: scanForScams(enquiryText(details)),
    });
    await tx.uploads.attachImages(mediaIds);
    if (documentId !== null) await tx.uploads.attachDocument(documentId);
    const row = (await tx.enquiries.findEnquiry(kind, stored))!;
    // The item page's Make Offer is a real offer in its conversation, which the seller accepts or declines (the walk as
    // a buyer: it was an enquiry the seller could not answer). A listing nobody owns has no seller to answer it.
    if (kind === 'buysell' && target.owner_user_id !== null && row.conversation_id !== null) {
      const offer = form as AnyEnquiryForm & { qty: number; offered_price: number; deal_method: string; remark?: string };
      await writeOffer(app, tx, { conversationId: row.conversation_id, userId, offer: { qty: offer.qty, offered_price: offer.offered_price, deal_method: offer.deal_method, remark: offer.remark?.trim() || null } });
    }
    // The enquiry's own mail (or the digest) tells the owner: the conversation's unread notice does not repeat it.
    await tx.conversations.markMailed(row.conversation_id!, 'owner', await tx.messages.lastMessageId(row.conversation_id!));
    const [record] = await recordsOf({ repos: tx, media: app.media }, [row]);
    await tellOwnerAndSender(app, tx, kind, target, record!, row, user);
    return record!;
  });
  app.live.poke();
  if (sent === null) {
    throw tooMany('enquiry_repeat', ENQUIRY_REPEAT_MINUTES * 60, { minutes: ENQUIRY_REPEAT_MINUTES });
  }
  return { message, data: sent };
}

/**
 * The owner's notice (with the CV or document attached) and the sender's copy, queued in the enquiry's transaction
 * (the runner sends them, retrying a mail that fails). The copy goes only to the account's own e-mail, which a code proved,
 * never to the address typed in the form: that would let anybody send their text from the site's address to
 * any stranger (security probe item 6). A listing with an owner tells them as they chose (issue 26): at once (to the
 * listing's contact e-mail, else their account's), in the daily digest, or not by mail; one without goes as before
 * (its contact e-mail, else the site's enquiries inbox).
 */
async function tellOwnerAndSender(app: AppContext, tx: Repositories, kind: EnquiryKind, target: EnquiryTargetRow, record: EnquiryRecord, row: EnquiryRow,
  sender: Pick<UserRow, 'email' | 'locale'>): Promise<void> {
  const site = app.config.siteUrl;
  const listingUrl = target.type === 'profile' ? profileUrl(target.slug) : postUrl(target.type, target.slug);
  const attachment = row.document_file && row.document_name
    ? { filename: row.document_name, file: row.document_file, contentType: row.document_mime_type ?? 'application/octet-stream' } : undefined;
  if (target.owner_user_id === null) {
    await app.outbox.queueMail(enquiryOwnerMail({ kind, target, record, site, listingUrl, inbox: target.contact_email === null ? app.config.enquiryInbox : null, attachment }), { tx });
  } else {
    // In the owner's language (issue 42).
    const owner = await instantLeadRecipient(tx, target.owner_user_id);
    if (owner) {
      await app.outbox.queueMail(enquiryOwnerMail({ kind, target: { ...target, contact_email: target.contact_email ?? owner.email }, record, site, listingUrl, inbox: null,
        attachment, leadUrl: absoluteUrl(site, leadUrl(row.id)), locale: owner.locale }), { tx });
    }
  }
  if (sender.email) await app.outbox.queueMail(enquiryCopyMail({ kind, to: sender.email, title: target.title, record, site, locale: sender.locale }), { tx });
}

/** GET enquire, job-application, buysell/enquire, hireme/enquire: the user's own, newest first, a page at a time. */
export async function listEnquiries(app: AppContext, userId: number, kind: EnquiryKind, page: number) {
  const rows = await app.repos.enquiries.findEnquiries(userId, kind, MY_AREA_PAGE_SIZE + 1, (page - 1) * MY_AREA_PAGE_SIZE);
  return { data: await recordsOf(app, rows.slice(0, MY_AREA_PAGE_SIZE)), page, has_more: rows.length > MY_AREA_PAGE_SIZE };
}

/** One of the user's own enquiries; anybody else's is not found (404, never a 403 that says it exists). */
async function ownEnquiry(app: AppContext, userId: number, kind: EnquiryKind, id: number, missing: ErrorCode = 'enquiry_not_found'): Promise<EnquiryRow> {
  const row = await app.repos.enquiries.findEnquiry(kind, id);
  if (!row || !canReadEnquiry(await actorOf(app, userId), row)) throw new AppError(missing);
  return row;
}

/** GET …/{id}: one of the user's own, with its thread (`replies`, oldest first; issue 26). */
export async function readEnquiry(app: AppContext, userId: number, kind: EnquiryKind, id: number): Promise<{ data: EnquiryRecord & { replies: LeadReply[]; can_answer: boolean; conversation_id: number | null } }> {
  const row = await ownEnquiry(app, userId, kind, id);
  const [record] = await recordsOf(app, [row]);
  const replies = await threadOf(app, row.id);
  // Both sides write at any time (issue 44); a listing nobody owned heard from the sender once, by mail.
  return { data: { ...record!, replies, can_answer: row.owner_user_id !== null && row.conversation_id !== null, conversation_id: row.conversation_id } };
}

/** POST …/{id}/replies: the sender answers the advertiser's reply (issue 26); answers the thread. */
export async function answerEnquiry(app: AppContext, userId: number, kind: EnquiryKind, id: number, input: unknown): Promise<{ data: LeadReply[]; message: string }> {
  const { message } = parseInput(LeadReplySchema, input);
  const row = await ownEnquiry(app, userId, kind, id);
  return { data: await addSenderAnswer(app, row, userId, message), message: say('api_answer_sent') };
}

/** GET …/{id}/attachment: the CV or document sent with one of the user's own enquiries. */
export async function downloadEnquiryAttachment(app: AppContext, userId: number, kind: EnquiryKind, id: number): Promise<Download> {
  const row = await ownEnquiry(app, userId, kind, id, 'attachment_not_found');
  if (!row.document_file || !row.document_name) throw new AppError('attachment_not_found');
  return privateDownload(app, { file: row.document_file, original_filename: row.document_name, mime_type: row.document_mime_type ?? 'application/octet-stream' }, 'attachment_not_found');
}
