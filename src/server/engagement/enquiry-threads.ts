/**
 * The thread of an enquiry (issue 26): the listing's owner replies from the leads inbox, the sender answers in My
 * area, each message mailed to the other side through the outbox. Mail goes only to an account's own e-mail, which
 * a code proved, never to an address typed in a form (security probe item 6); the owner's mail follows their
 * lead-mail setting (instant, daily digest, off). Each side adds at most LEAD_REPLIES_PER_DAY messages a day.
 */
import type { Locale } from '../../shared/locale.ts';
import { ENQUIRY_WORDS } from '../../shared/enquiries.ts';
import { LEAD_REPLIES_PER_DAY, leadUrl, type LeadReply } from '../../shared/leads.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { AppContext } from '../app-types.ts';
import type { Repositories } from '../db/repositories.ts';
import type { EnquiryReplyRow, EnquiryRow } from '../db/rows.ts';
import { AppError } from '../errors.ts';
import { composeMail } from '../outbox/compose.ts';

const DAY_MS = 24 * 60 * 60_000;

export const replyOf = (row: EnquiryReplyRow): LeadReply => ({ id: row.id, side: row.side, message: row.message, created_at: row.created_at });

/** The thread of one enquiry, oldest first. */
export async function threadOf(app: Pick<AppContext, 'repos'>, enquiryId: number): Promise<LeadReply[]> {
  return (await app.repos.leads.findEnquiryReplies([enquiryId])).map(replyOf);
}

/**
 * How the owner hears of a lead or an answer: their account's e-mail (and language, issue 42) when they chose instant
 * mail (the default), else nobody now.
 */
export async function instantLeadRecipient(app: AppContext, tx: Repositories, ownerUserId: number): Promise<{ email: string; locale: Locale } | null> {
  const settings = await tx.leads.findLeadSettings(ownerUserId);
  if (settings && settings.lead_mail !== 'instant') return null;
  const owner = await tx.users.findUser(ownerUserId);
  return owner?.email ? { email: owner.email, locale: owner.locale } : null;
}

/** Adds a message to the thread, within the day's cap of its side (429 past it); the mail is the caller's. */
async function addMessage(app: AppContext, tx: Repositories, enquiry: EnquiryRow, side: EnquiryReplyRow['side'], userId: number, message: string): Promise<void> {
  const since = new Date(app.clock.now() - DAY_MS).toISOString();
  if (await tx.leads.countEnquiryReplies(enquiry.id, side, since) >= LEAD_REPLIES_PER_DAY) {
    throw new AppError(429, `You can send ${LEAD_REPLIES_PER_DAY} messages a day in one conversation. Try again tomorrow.`, undefined, { 'Retry-After': String(DAY_MS / 1000) });
  }
  await tx.leads.insertEnquiryReply({ enquiryId: enquiry.id, side, userId, message });
}

/** The owner's reply: stored, the lead marked replied, and mailed to the sender's account with Reply-To the advertiser. */
export async function addOwnerReply(app: AppContext, enquiry: EnquiryRow, ownerUserId: number, message: string): Promise<LeadReply[]> {
  await app.repos.transaction(async (tx) => {
    await addMessage(app, tx, enquiry, 'owner', ownerUserId, message);
    await tx.leads.setLeadStatus(enquiry.id, 'replied');
    const sender = enquiry.user_id === null ? undefined : await tx.users.findUser(enquiry.user_id);
    if (!sender?.email) return;
    const owner = await tx.users.findUser(ownerUserId);
    const noun = ENQUIRY_WORDS[enquiry.kind].noun.toLowerCase();
    const mail = composeMail(sender.email, `Reply to your ${noun}: ${enquiry.listing_title}`, [
      `The advertiser replied to your ${noun} about "${enquiry.listing_title}":`,
      message,
      `Read it and answer in your dashboard: ${absoluteUrl(app.config.siteUrl, `/me/${enquiry.kind}/${enquiry.id}`)}`,
    ]);
    await app.outbox.queueMail(owner?.email ? { ...mail, replyTo: owner.email } : mail, { tx });
  });
  return threadOf(app, enquiry.id);
}

/**
 * The sender's answer, once the owner has replied (before that nobody reads the thread): stored, the lead made new
 * again in the owner's inbox, and mailed to the owner when they chose instant mail (a digest or nothing otherwise).
 */
export async function addSenderAnswer(app: AppContext, enquiry: EnquiryRow, senderUserId: number, message: string): Promise<LeadReply[]> {
  const ownerUserId = enquiry.owner_user_id;
  const thread = await app.repos.leads.findEnquiryReplies([enquiry.id]);
  if (ownerUserId === null || !thread.some((reply) => reply.side === 'owner')) {
    throw new AppError(422, 'You can answer once the advertiser has replied.', { message: ['You can answer once the advertiser has replied.'] });
  }
  await app.repos.transaction(async (tx) => {
    await addMessage(app, tx, enquiry, 'sender', senderUserId, message);
    await tx.leads.setLeadStatus(enquiry.id, 'new');
    const owner = await instantLeadRecipient(app, tx, ownerUserId);
    if (!owner) return;
    await app.outbox.queueMail(composeMail(owner.email, `New answer from ${enquiry.name}: ${enquiry.listing_title}`, [
      `${enquiry.name} answered about "${enquiry.listing_title}":`,
      message,
      `Read it and reply in your leads: ${absoluteUrl(app.config.siteUrl, leadUrl(enquiry.id))}`,
    ]), { tx });
  });
  return threadOf(app, enquiry.id);
}
