/**
 * The mails an enquiry sends: the notice to the listing's owner, with the sender's details and how they
 * want to be contacted (and the CV or document attached), and the sender's copy. The copy names the
 * listing only, never its owner (confidential listings stay confidential). Everything typed is escaped
 * in the HTML part (composeMail).
 */
import { enquiryFacts, type EnquiryKind, type EnquiryRecord } from '../../shared/enquiries.ts';
import { localizePath, type Locale } from '../../shared/locale.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import type { EnquiryTargetRow } from '../db/rows.ts';
import { composeMail, type MailFact } from '../outbox/compose.ts';
import type { Mail, MailAttachment } from '../outbox/outbox.ts';
import * as m from '../../paraglide/messages.js';

type Words = (inputs: object, options: { locale: Locale }) => string;
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');
/** What one enquiry of a kind is called in a mail. */
const NOUN: Record<EnquiryKind, Words> = { services: m.enquiry_noun_services, jobs: m.enquiry_noun_jobs, hireme: m.enquiry_noun_hireme, buysell: m.enquiry_noun_buysell };
/** How the owner is asked to get back, by the sender's preferred contact method. */
const GET_BACK_BY: Record<string, Words> = { call: m.mail_get_back_call, whatsapp: m.mail_get_back_whatsapp, sms: m.mail_get_back_sms, email: m.mail_get_back_email };

/** The labelled facts of an enquiry in `locale`: labels and fixed values (Yes, Call, Degree) translated, what people typed as typed. */
function factsIn(kind: EnquiryKind, record: EnquiryRecord, locale: Locale): MailFact[] {
  return enquiryFacts(kind, record, locale);
}

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
  /**
   * The owner's language (issue 42; English when the listing has no owner). The site's enquiries inbox reads English.
   * The leads inbox link stays English: the advertiser site is.
   */
  locale?: Locale;
}): Mail {
  const { kind, target, record, site, listingUrl, inbox, attachment } = options;
  const locale = inbox ? 'en' : options.locale ?? 'en';
  const words = { locale };
  const noun = NOUN[kind]({}, words);
  const paragraphs: string[] = [
    m.mail_enquiry_owner_sent({ name: record.name, article: article(noun), noun, title: target.title, url: absoluteUrl(site, localizePath(listingUrl, locale)) }, words),
    m.mail_enquiry_owner_get_back({ method: (GET_BACK_BY[record.contact_method] ?? m.mail_get_back_call)({}, words) }, words),
  ];
  if (inbox) paragraphs.unshift(`This listing has no contact email: pass this on to ${target.profile_name} by phone.`);
  if (attachment) paragraphs.push((kind === 'jobs' ? m.mail_enquiry_cv_attached : m.mail_enquiry_document_attached)({ file: attachment.filename }, words));
  if (options.leadUrl) paragraphs.push(m.mail_enquiry_leads({ url: options.leadUrl }, words));
  const mail = composeMail(inbox ?? target.contact_email!, m.mail_enquiry_owner_subject({ noun, title: target.title }, words), paragraphs, factsIn(kind, record, locale), locale);
  return attachment ? { ...mail, attachments: [attachment] } : mail;
}

/** The sender's copy, in the sender's language (issue 42). */
export function enquiryCopyMail(options: { kind: EnquiryKind; to: string; title: string; record: EnquiryRecord; site: string; locale?: Locale }): Mail {
  const { kind, to, title, record, site } = options;
  const locale = options.locale ?? 'en';
  const words = { locale };
  const noun = NOUN[kind]({}, words);
  return composeMail(to, m.mail_enquiry_copy_subject({ noun, title }, words), [
    m.mail_enquiry_copy_sent({ noun, title }, words),
    m.mail_enquiry_copy_dashboard({ url: absoluteUrl(site, localizePath(record.url, locale)) }, words),
  ], factsIn(kind, record, locale), locale);
}
