import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { TestClock } from '../../src/server/clock.ts';
import { copyOfDatabase, testApp, useTestDatabase } from '../helpers/test-database.ts';
import { startSmtpServer } from '../helpers/smtp.ts';
import { messagesTo } from '../helpers/session-client.ts';
import { writeOnce } from '../../src/server/outbox/outbox.ts';

const scratch = mkdtempSync(join(tmpdir(), 'yp-outbox-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const directory = join(scratch, 'outbox');
const copy = useTestDatabase({ OUTBOX_DIR: directory });
const files = (extension: string) => { try { return readdirSync(directory).filter((name) => name.endsWith(extension)).sort(); } catch { return []; } };

const MAIL = {
  to: 'siti@example.com',
  subject: 'Your Yellow Pages code',
  text: 'Your code is 482913. It expires in 10 minutes.',
  html: '<p>Your code is <strong>482913</strong>. It expires in 10 minutes.</p>',
};

describe('the durable outbox (decision 0015)', () => {
  it('writes mail as an .eml file with a plain-text and an HTML part, from the product, once its job runs, and logs one line', async () => {
    const { outbox } = copy.app;
    const before = files('.eml');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    let lines: string[];
    try {
      await outbox.queueMail(MAIL);
      expect(files('.eml')).toEqual(before);
      await outbox.settled();
      lines = log.mock.calls.map(([line]) => String(line));
    } finally {
      log.mockRestore();
    }
    const [file] = files('.eml').filter((name) => !before.includes(name));
    const message = readFileSync(join(directory, file!), 'utf8');
    expect(message).toContain('From: Yellow Pages Malaysia <no-reply@yellowpages.my>');
    expect(message).toContain('To: siti@example.com');
    expect(message).toContain('Subject: Your Yellow Pages code');
    expect(message).toMatch(/Message-ID: <[\dT-]+Z-\d{10}@localhost>/);
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain('482913');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file!);
  });

  it('writes an SMS as a .txt file with the number and the text', async () => {
    await copy.app.outbox.queueSms({ to: '60123456789', text: 'Your Yellow Pages code is 482913.' });
    await copy.app.outbox.settled();
    const [file] = files('.txt');
    expect(readFileSync(join(directory, file!), 'utf8')).toBe('To: +60123456789\n\nYour Yellow Pages code is 482913.\n');
  });

  it('sends mail over SMTP when SMTP_URL is set: a real local SMTP server receives it', async () => {
    const smtp = await startSmtpServer();
    // Another process on the same database, configured for SMTP.
    const mailer = await testApp(copy.url, { SMTP_URL: smtp.url, OUTBOX_DIR: join(scratch, 'unused') });
    try {
      await mailer.outbox.queueMail(MAIL);
      await mailer.outbox.settled();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('Subject: Your Yellow Pages code');
      expect(smtp.received[0]).toContain('482913');
      expect(smtp.received[0]).toMatch(/Content-Type: text\/html/);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('gives a message sent twice over SMTP (a crash between the send and recording it) the same Message-ID, made from its row', async () => {
    const smtp = await startSmtpServer();
    const mailer = await testApp(copy.url, { SMTP_URL: smtp.url, OUTBOX_DIR: join(scratch, 'unused') });
    try {
      await mailer.outbox.queueMail({ ...MAIL, to: 'resent@example.my' });
      await mailer.outbox.settled();
      const row = await copy.query.selectFrom('outbox_messages').select('id').where('recipient', '=', 'resent@example.my').executeTakeFirstOrThrow();
      // What a crash after the send leaves: the row not marked sent. The next delivery sends it again (at least once over SMTP).
      await copy.query.updateTable('outbox_messages').set({ sent_at: null }).where('id', '=', row.id).execute();
      await mailer.outbox.deliver(row.id);
      expect(smtp.received).toHaveLength(2);
      const ids = smtp.received.map((raw) => /^Message-ID: (<[^>]+>)$/im.exec(raw)?.[1]);
      expect(ids[0]).toMatch(new RegExp(`-${String(row.id).padStart(10, '0')}@localhost>$`));
      expect(ids[1]).toBe(ids[0]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('stores the message with the change it reports: a transaction that fails leaves neither', async () => {
    const { outbox } = copy.app;
    const email = `rolled-back-${Date.now()}@example.my`;
    await expect(copy.repos.transaction(async (tx) => {
      await tx.users.createUser({ name: 'Gone', email, phone_number: null, phone_number_country: null, password_hash: null });
      await outbox.queueMail({ ...MAIL, to: email }, { tx });
      throw new Error('the change failed');
    })).rejects.toThrow('the change failed');
    await outbox.settled();
    expect(await copy.repos.users.findCredentials({ email })).toBeUndefined();
    expect(await copy.query.selectFrom('outbox_messages').select('id').where('recipient', '=', email).execute()).toEqual([]);
  });

  it('loses no mail when the process dies between the commit and the send: the next process sends it, once', async () => {
    const database = await copyOfDatabase(inject('templateUrl'), 'crash');
    const crashOutbox = join(scratch, 'crash');
    const clock = new TestClock();
    // The first process commits a code mail and dies before any runner took its job.
    const first = await testApp(database.url, { OUTBOX_DIR: crashOutbox }, { clock });
    await first.outbox.queueMail({ ...MAIL, to: 'crash@example.my' });
    await first.repos.close();
    expect(() => readdirSync(crashOutbox)).toThrow();
    // A new process on the same database finds the job due and sends it.
    const second = await testApp(database.url, { OUTBOX_DIR: crashOutbox }, { clock });
    try {
      expect(await second.jobs.runDue()).toBeGreaterThanOrEqual(1);
      expect(await second.jobs.runDue()).toBe(0);
      expect(readdirSync(crashOutbox).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    } finally {
      await second.close();
      await database.remove();
    }
  });

  it('writes a message\'s file whole or not at all: a process killed while writing it leaves nothing a reader counts, and the retry writes it once (issue 62)', async () => {
    const killed = join(scratch, 'killed-while-writing');
    mkdirSync(killed);
    const file = join(killed, '2026-12-02T03-04-05-000Z-0000000042.eml');
    const message = `To: kill@example.my\nSubject: Your code\n\nYour code is 612345. ${'Whole message. '.repeat(4000)}\n`;
    // A process that has written the message's contents and is killed before it completes the file (the failpoint).
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', `
      import { writeOnce } from ${JSON.stringify(join(process.cwd(), 'src/server/outbox/outbox.ts'))};
      await writeOnce(${JSON.stringify(file)}, ${JSON.stringify(message)}, () => process.kill(process.pid, 'SIGKILL'));
    `], { encoding: 'utf8' });
    expect(child.signal).toBe('SIGKILL');
    expect(readdirSync(killed).some((name) => name.endsWith('.partial'))).toBe(true);
    expect(messagesTo(killed, 'kill@example.my')).toEqual([]);
    // The job's retry writes it again: the whole message, once; a third write finds it there.
    expect(await writeOnce(file, message)).toBe('written');
    expect(await writeOnce(file, message)).toBe('there');
    expect(readdirSync(killed).filter((name) => name.endsWith('.eml'))).toEqual([file.split('/').at(-1)]);
    expect(readFileSync(file, 'utf8')).toBe(message);
    expect(messagesTo(killed, 'kill@example.my')).toHaveLength(1);
  });

  it('sends one message for one row when the process dies between the send and recording it', async () => {
    const { outbox } = copy.app;
    const before = files('.eml');
    await outbox.queueMail({ ...MAIL, to: 'twice@example.my' });
    await outbox.settled();
    const row = await copy.query.selectFrom('outbox_messages').select(['id', 'sent_at']).where('recipient', '=', 'twice@example.my').executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    const [file] = files('.eml').filter((name) => !before.includes(name));
    const first = readFileSync(join(directory, file!), 'utf8');
    // The state such a crash leaves, which no product path makes: the message went out, the row says it did not.
    await copy.query.updateTable('outbox_messages').set({ sent_at: null }).where('id', '=', row.id).execute();
    const count = files('.eml').length;
    await outbox.deliver(row.id);
    expect(files('.eml')).toHaveLength(count);
    expect(readFileSync(join(directory, file!), 'utf8')).toBe(first);
    expect((await copy.repos.outbox.find(row.id))!.sent_at).not.toBeNull();
  });

  it('renders a mail for nobody as sending would, and stores nothing', async () => {
    const before = files('.eml');
    await copy.app.outbox.queueMail({ ...MAIL, to: 'nobody@example.my' }, { deliver: false });
    await copy.app.outbox.settled();
    expect(await copy.query.selectFrom('outbox_messages').select('id').where('recipient', '=', 'nobody@example.my').execute()).toEqual([]);
    expect(files('.eml')).toEqual(before);
  });
});
