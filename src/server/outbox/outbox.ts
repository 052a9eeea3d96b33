/**
 * The outbox: every e-mail and SMS the product sends (sign-up, sign-in and reset codes; later
 * enquiry notices) goes through one service with a transport per channel.
 *
 * - Mail, embedded default (no configuration): each message is written to OUTBOX_DIR as an `.eml`
 *   file and logged in one line, so a developer can sign up locally and tests read codes from it.
 *   With SMTP_URL set, mail goes over SMTP with nodemailer.
 * - SMS: the provider seam is `SmsTransport`; its only implementation for now writes `.txt` files to
 *   OUTBOX_DIR. A provider (e.g. an SMS gateway's HTTP API) implements the same one method.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { SITE_NAME } from '../../shared/seo.ts';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** Files sent along (an applicant's CV to the advertiser), read from disk when the mail is sent. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  path: string;
  contentType: string;
}

export interface Sms {
  /** Calling code and number, digits only (spec §5: 60123456789). */
  to: string;
  text: string;
}

export interface SmsTransport {
  send(sms: Sms): Promise<void>;
}

export interface OutboxOptions {
  /** Where the file transports write (the embedded default). */
  directory: string;
  /** smtp:// or smtps:// URL; unset means mail is written to `directory`. */
  smtpUrl?: string | null;
  /** The From address of mail. */
  from: string;
  /** One line per message sent (the console by default). */
  log?: (line: string) => void;
}

/** nodemailer's stream transport: renders the complete message (both parts, headers) into a buffer. */
function createRenderer(): Transporter {
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}

/** After the current request's work: a send starts in a later turn of the event loop, never inside the answer's. */
function later(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function fileName(extension: string): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.${extension}`;
}

/** SMS written as text files: the embedded default and, for now, the only SMS transport. */
export class FileSmsTransport implements SmsTransport {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async send(sms: Sms): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(join(this.directory, fileName('txt')), `To: +${sms.to}\n\n${sms.text}\n`, { flag: 'wx' });
  }
}

/** What sends a rendered mail: nodemailer's transporter (SMTP, or the stream transport of the file outbox). */
export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

export class Outbox {
  private readonly mailer: MailTransport;
  /** Renders messages and keeps them in memory: what a mail for nobody costs (queueMail with deliver: false). */
  private readonly renderer = createRenderer();
  private readonly sms: SmsTransport;
  private readonly options: OutboxOptions;
  /** Sends queued and not finished yet (queueMail, queueSms). */
  private readonly pending = new Set<Promise<void>>();

  constructor(options: OutboxOptions, sms: SmsTransport = new FileSmsTransport(options.directory), mailer?: MailTransport) {
    this.options = options;
    this.sms = sms;
    // Without SMTP, nodemailer's stream transport renders the complete message (both parts, headers)
    // and the outbox writes it as an .eml file any mail client opens.
    this.mailer = mailer ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : createRenderer());
  }

  /**
   * Sends a mail in the background, once the caller's answer is on its way: the answer never waits for mail
   * work (security probe item 5). A failure is logged. `deliver: false` does the same work of rendering the
   * message and drops it: a code request for an unknown address costs what one for a known address costs.
   */
  queueMail(mail: Mail, options: { deliver?: boolean } = {}): void {
    this.track(later().then(() => (options.deliver === false ? this.render(mail) : this.sendMail(mail))), `mail to ${mail.to}`);
  }

  /** Sends an SMS in the background, as queueMail. */
  queueSms(sms: Sms): void {
    this.track(later().then(() => this.sendSms(sms)), `SMS to +${sms.to}`);
  }

  /** Renders a mail as sending it would, and keeps nothing. */
  private async render(mail: Mail): Promise<void> {
    await this.renderer.sendMail(this.message(mail));
  }

  /** nodemailer's message of a mail, from the product's name. */
  private message(mail: Mail) {
    return { from: { name: SITE_NAME, address: this.options.from }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments };
  }

  /** Resolves once everything queued so far has been sent (or has failed). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  private track(send: Promise<void>, what: string): void {
    const tracked: Promise<void> = send.catch((error: unknown) => console.error(`outbox: ${what} could not be sent`, error))
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Sends a mail with a plain-text and an HTML part, from the product's name. */
  async sendMail(mail: Mail): Promise<void> {
    const info: unknown = await this.mailer.sendMail(this.message(mail));
    if (!this.options.smtpUrl) {
      await mkdir(this.options.directory, { recursive: true });
      const file = join(this.options.directory, fileName('eml'));
      await writeFile(file, (info as unknown as { message: Buffer }).message, { flag: 'wx' });
      this.log(`mail to ${mail.to}: "${mail.subject}" written to ${file}`);
    } else {
      this.log(`mail to ${mail.to}: "${mail.subject}" sent over SMTP`);
    }
  }

  async sendSms(sms: Sms): Promise<void> {
    await this.sms.send(sms);
    this.log(`SMS to +${sms.to} sent`);
  }

  /** Waits for queued sends (bounded: a transport that hangs does not hold a shutdown), then closes the transport. */
  async close(): Promise<void> {
    await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    this.mailer.close();
    this.renderer.close();
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(`outbox: ${line}`);
  }
}
