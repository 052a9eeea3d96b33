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

export class Outbox {
  private readonly mailer: Transporter;
  private readonly sms: SmsTransport;
  private readonly options: OutboxOptions;

  constructor(options: OutboxOptions, sms: SmsTransport = new FileSmsTransport(options.directory)) {
    this.options = options;
    this.sms = sms;
    // Without SMTP, nodemailer's stream transport renders the complete message (both parts, headers)
    // and the outbox writes it as an .eml file any mail client opens.
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  /** Sends a mail with a plain-text and an HTML part, from the product's name. */
  async sendMail(mail: Mail): Promise<void> {
    const info = await this.mailer.sendMail({ from: { name: SITE_NAME, address: this.options.from }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments: mail.attachments });
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

  close(): void {
    this.mailer.close();
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(`outbox: ${line}`);
  }
}
