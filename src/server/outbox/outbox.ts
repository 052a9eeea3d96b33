/**
 * The outbox: every e-mail and SMS the product sends (sign-up, sign-in and reset codes, enquiry notices, account
 * mail) goes through one service with a transport per channel. It is durable (decision 0015): a message is a row
 * written in the transaction of the change it reports, with a `send_message` job that the runner delivers within a
 * second of the commit, retrying with backoff. A message is never lost when the process dies between the commit and
 * the send, and one row is one message: the file transports write a name made from the row, and SMTP sends a
 * Message-ID made from it, so a retry after a send whose success was not recorded is the same message.
 *
 * - Mail, embedded default (no configuration): each message is written to OUTBOX_DIR as an `.eml`
 *   file and logged in one line, so a developer can sign up locally and tests read codes from it.
 *   With SMTP_URL set, mail goes over SMTP with nodemailer.
 * - SMS: the provider seam is `SmsTransport`; its only implementation for now writes `.txt` files to
 *   OUTBOX_DIR. A provider (e.g. an SMS gateway's HTTP API) implements the same one method.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import { SITE_NAME } from '../../shared/seo.ts';
import type { Repositories } from '../db/repositories.ts';
import type { OutboxMessageRow } from '../db/rows.ts';
import { jobKind } from '../jobs/kind.ts';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** Files sent along (an applicant's CV to the advertiser), read from the media store when the mail is sent. */
  attachments?: MailAttachment[];
  /** Where an answer goes (a lead's reply: the advertiser), when not to the site's address. */
  replyTo?: string;
  /** More headers (an alert's List-Unsubscribe), each written as given on one line, never folded. */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  /** Its path in the media store. */
  file: string;
  contentType: string;
}

export interface Sms {
  /** Calling code and number, digits only (spec §5: 60123456789). */
  to: string;
  text: string;
}

export interface SmsTransport {
  /** Sends one SMS; `key` names the outbox row, so a transport can make a repeat the same message. */
  send(sms: Sms, key: string): Promise<void>;
}

export interface OutboxOptions {
  /** Where the file transports write (the embedded default). */
  directory: string;
  /** Reads a stored file for an attachment (the media store's). */
  readMedia?: (file: string) => Promise<Buffer | undefined>;
  /** The host of Message-IDs (the site's). */
  host?: string;
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

/** After the current request's work: rendering a mail for nobody starts in a later turn, never inside the answer's. */
function later(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A file name made from the row (its time, then its id): names sort in sending order, and a repeat is the same file. */
function fileName(key: string, extension: string): string {
  return `${key}.${extension}`;
}

/**
 * Writes a message's file once, whole or not at all (issue 62): the contents go to a partial file of its own first,
 * which is then linked under the message's name (a link never replaces a file) and removed. A process killed between
 * the two leaves only a `.partial` file, which no reader counts; the retry writes the whole message. A second write of
 * the same message finds it there and is done. `between` runs between the two steps (a test's failpoint).
 */
export async function writeOnce(file: string, contents: string | Buffer, between?: () => void): Promise<'written' | 'there'> {
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, contents, { flag: 'wx' });
  try {
    between?.();
    await link(partial, file);
    return 'written';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'there';
    throw error;
  } finally {
    await rm(partial, { force: true });
  }
}
/** SMS written as text files: the embedded default and, for now, the only SMS transport. */
class FileSmsTransport implements SmsTransport {
  private readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async send(sms: Sms, key: string): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeOnce(join(this.directory, fileName(key, 'txt')), `To: +${sms.to}\n\n${sms.text}\n`);
  }
}

/** What sends a rendered mail: nodemailer's transporter (SMTP, or the stream transport of the file outbox). */
export type MailTransport = Pick<Transporter, 'sendMail' | 'close'>;

/** What the outbox asks of the job runner: to look for due jobs now, and (tests, shutdown) to run the due sends. */
export interface OutboxRunner {
  wake(): void;
  runDue(kinds?: readonly string[]): Promise<number>;
}

/** The job kind that delivers one outbox row: a send takes milliseconds, so the default short lease holds it. */
export const SendMessageJob = jobKind('send_message', z.object({ id: z.number().int().positive() }).strict(), { maxAttempts: 8 });
export const SEND_MESSAGE_JOB = SendMessageJob.name;
/**
 * A message of a bulk send (an alert run's thousands of mails): the same delivery, a kind of its own so the worker
 * process sends it and the serving processes, which send only what a person waits for, never do (issue 62).
 */
export const SendBulkMessageJob = jobKind('send_bulk_message', z.object({ id: z.number().int().positive() }).strict(), { maxAttempts: 8 });
const MESSAGE_JOBS = [SEND_MESSAGE_JOB, SendBulkMessageJob.name];

/** The key of a row: its time and its id, as file names and Message-IDs use it. */
function messageKey(row: Pick<OutboxMessageRow, 'id' | 'created_at'>): string {
  return `${row.created_at.replace(/[:.]/g, '-')}-${String(row.id).padStart(10, '0')}`;
}

export class Outbox {
  private readonly mailer: MailTransport;
  /** Renders messages and keeps them in memory: what a mail for nobody costs (queueMail with deliver: false). */
  private readonly renderer = createRenderer();
  private readonly sms: SmsTransport;
  private readonly options: OutboxOptions;
  private readonly repos: Repositories;
  private runner: OutboxRunner | undefined;
  /** Mail for nobody being rendered (queueMail with deliver: false). */
  private readonly rendering = new Set<Promise<void>>();

  constructor(repos: Repositories, options: OutboxOptions, sms: SmsTransport = new FileSmsTransport(options.directory), mailer?: MailTransport) {
    this.repos = repos;
    this.options = options;
    this.sms = sms;
    // Without SMTP, nodemailer's stream transport renders the complete message (both parts, headers)
    // and the outbox writes it as an .eml file any mail client opens.
    this.mailer = mailer ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : createRenderer());
  }

  /** The runner that delivers messages (set once the app has built it). */
  useRunner(runner: OutboxRunner): void {
    this.runner = runner;
  }

  /**
   * Queues a mail: a row and its sending job, in `tx` (the transaction of the change it reports) or in a transaction
   * of its own. It leaves when the runner takes the job, within a second of the commit; the answer never waits for it.
   * `deliver: false` does the same work of rendering the message and stores nothing: a code request for an unknown
   * address costs what one for a known address costs (security probe item 5).
   */
  async queueMail(mail: Mail, options: { deliver?: boolean; tx?: Repositories; bulk?: boolean } = {}): Promise<void> {
    if (options.deliver === false) {
      const rendered: Promise<void> = later().then(() => this.render(mail)).catch((error: unknown) => console.error('outbox: rendering failed', error))
        .finally(() => this.rendering.delete(rendered));
      this.rendering.add(rendered);
      return;
    }
    await this.store('mail', mail.to, mail, options.tx, options.bulk);
  }

  /** Queues an SMS, as queueMail. */
  async queueSms(sms: Sms, options: { tx?: Repositories } = {}): Promise<void> {
    await this.store('sms', sms.to, sms, options.tx);
  }

  /**
   * `bulk` (an alert run's thousands of mails) goes after every other message due, as a job of its own kind that only
   * the worker process runs: a sign-in code never waits behind it, and no serving process spends its time on it.
   */
  private async store(channel: 'mail' | 'sms', recipient: string, message: Mail | Sms, tx?: Repositories, bulk = false): Promise<void> {
    const write = async (repos: Repositories) => {
      const id = await repos.outbox.insert({ channel, recipient, message: JSON.stringify(message) });
      if (bulk) await SendBulkMessageJob.queue(repos.jobs, { id }, { idempotencyKey: `message:${id}`, priority: -1 });
      else await SendMessageJob.queue(repos.jobs, { id }, { idempotencyKey: `message:${id}` });
    };
    if (tx) await write(tx);
    else await this.repos.transaction(write);
    // The runner's claim waits behind an open transaction, so it sees the job once that commits.
    this.runner?.wake();
  }

  /** Delivers one row (the send_message job): nothing when it was sent; the same message when a send was not recorded. */
  async deliver(id: number): Promise<void> {
    const row = await this.repos.outbox.find(id);
    if (!row || row.sent_at !== null) return;
    const key = messageKey(row);
    if (row.channel === 'mail') await this.sendMail(JSON.parse(row.message) as Mail, key);
    else await this.sendSms(JSON.parse(row.message) as Sms, key);
    await this.repos.outbox.markSent(id);
  }

  /** A mail's attachments with their bytes, read from the media store now (one that is gone is left out, and said so). */
  private async attachmentsOf(mail: Mail): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
    const attachments = [];
    for (const attachment of mail.attachments ?? []) {
      const content = await this.options.readMedia?.(attachment.file);
      if (content) attachments.push({ filename: attachment.filename, content, contentType: attachment.contentType });
      else this.log(`mail to ${mail.to}: attachment ${attachment.filename} is gone`);
    }
    return attachments;
  }

  /** Renders a mail as sending it would, and keeps nothing. */
  private async render(mail: Mail): Promise<void> {
    await this.renderer.sendMail(this.message(mail));
  }

  /** nodemailer's message of a mail, from the product's name. */
  private message(mail: Mail, key?: string) {
    return {
      from: { name: SITE_NAME, address: this.options.from }, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      // Prepared headers are not folded: a folded List-Unsubscribe breaks DKIM signatures (nodemailer#1654).
      ...(mail.headers ? { headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, { prepared: true, value: value.replace(/[\r\n]+/g, ' ') }])) } : {}),
      ...(key ? { messageId: `<${key}@${this.options.host ?? 'outbox.local'}>` } : {}),
    };
  }

  /** Resolves once every message queued so far has been delivered or has failed an attempt (tests; a shutdown). */
  async settled(): Promise<void> {
    while (this.rendering.size > 0) await Promise.all(this.rendering);
    await this.runner?.runDue(MESSAGE_JOBS);
  }

  /** Sends a mail with a plain-text and an HTML part, from the product's name; `key` makes a repeat the same message. */
  private async sendMail(mail: Mail, key: string): Promise<void> {
    const info: unknown = await this.mailer.sendMail({ ...this.message(mail, key), attachments: await this.attachmentsOf(mail) });
    if (!this.options.smtpUrl) {
      await mkdir(this.options.directory, { recursive: true });
      const file = join(this.options.directory, fileName(key, 'eml'));
      const written = await writeOnce(file, (info as unknown as { message: Buffer }).message);
      this.log(`mail to ${mail.to}: "${mail.subject}" ${written === 'written' ? 'written to' : 'was already at'} ${file}`);
    } else {
      this.log(`mail to ${mail.to}: "${mail.subject}" sent over SMTP`);
    }
  }

  private async sendSms(sms: Sms, key: string): Promise<void> {
    await this.sms.send(sms, key);
    this.log(`SMS to +${sms.to} sent`);
  }

  /** Waits for mail for nobody being rendered (bounded), then closes the transports. Queued rows wait in the database. */
  async close(): Promise<void> {
    await Promise.race([Promise.all(this.rendering), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    this.mailer.close();
    this.renderer.close();
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(`outbox: ${line}`);
  }
}
