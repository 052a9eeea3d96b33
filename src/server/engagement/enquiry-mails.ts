/**
 * The mails an enquiry sends: the notice to the listing's owner, with the sender's details and how they
 * want to be contacted (and the CV or document attached), and the sender's copy. The copy names the
 * listing only, never its owner (confidential listings stay confidential). Everything typed is escaped
 * in the HTML part (composeMail).
 */
import { ENQUIRY_WORDS, enquiryFacts, type EnquiryKind, type EnquiryRecord } from '../../shared/enquiries.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { EnquiryTargetRow } from '../db/rows.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Mail, MailAttachment } from '../outbox/outbox.ts';

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
/** How the owner is asked to get back, by the sender's preferred contact method. */
const GET_BACK_BY: Record<string, string> = { call: 'a phone call', whatsapp: 'WhatsApp', sms: 'SMS', email: 'email' };

export function enquiryOwnerMail(options: {
  kind: EnquiryKind;
  target: EnquiryTargetRow;
  record: EnquiryRecord;
  site: string;
  listingUrl: string;
  /** Set when the listing has no contact e-mail: the mail goes to the site's inbox, to be passed on. */
  inbox: string | null;
  attachment: MailAttachment | undefined;
  /** Set when the listing has an owner: where they read and answer it (the leads inbox). */
  leadUrl?: string;
}): Mail {
  const { kind, target, record, site, listingUrl, inbox, attachment } = options;
  const noun = ENQUIRY_WORDS[kind].noun.toLowerCase();
  const paragraphs = [
    `${record.name} sent ${article(noun)} ${noun} about "${target.title}" (${absoluteUrl(site, listingUrl)}).`,
    `Please get back to them by ${GET_BACK_BY[record.contact_method] ?? 'a phone call'}, as they asked.`,
  ];
  if (inbox) paragraphs.unshift(`This listing has no contact email: pass this on to ${target.profile_name} by phone.`);
  if (attachment) paragraphs.push(`${kind === 'jobs' ? 'Their CV' : 'Their document'} is attached (${attachment.filename}).`);
  if (options.leadUrl) paragraphs.push(`Read and reply in your leads: ${options.leadUrl}`);
  const mail = composeMail(inbox ?? target.contact_email!, `New ${noun}: ${target.title}`, paragraphs, enquiryFacts(kind, record));
  return attachment ? { ...mail, attachments: [attachment] } : mail;
}

export function enquiryCopyMail(options: { kind: EnquiryKind; to: string; title: string; record: EnquiryRecord; site: string }): Mail {
  const { kind, to, title, record, site } = options;
  const noun = ENQUIRY_WORDS[kind].noun.toLowerCase();
  return composeMail(to, `Your ${noun} was sent: ${title}`, [
    `Your ${noun} about "${title}" was sent to the advertiser. They will contact you as you asked.`,
    `You can read it again in your dashboard: ${absoluteUrl(site, record.url)}`,
  ], enquiryFacts(kind, record));
}
