import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/server/outbox/outbox.ts';
import { startSmtpServer } from '../helpers/smtp.ts';

const scratch = mkdtempSync(join(tmpdir(), 'yp-outbox-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MAIL = {
  to: 'siti@example.com',
  subject: 'Your Yellow Pages code',
  text: 'Your code is 482913. It expires in 10 minutes.',
  html: '<p>Your code is <strong>482913</strong>. It expires in 10 minutes.</p>',
};

describe('outbox', () => {
  it('writes mail as an .eml file with a plain-text and an HTML part, from the product, and logs one line', async () => {
    const directory = join(scratch, 'files');
    const lines: string[] = [];
    const outbox = new Outbox({ directory, from: 'no-reply@example.my', log: (line) => lines.push(line) });
    await outbox.sendMail(MAIL);
    const [file] = readdirSync(directory).filter((name) => name.endsWith('.eml'));
    const message = readFileSync(join(directory, file!), 'utf8');
    expect(message).toContain('From: Yellow Pages Malaysia <no-reply@example.my>');
    expect(message).toContain('To: siti@example.com');
    expect(message).toContain('Subject: Your Yellow Pages code');
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain('482913');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file!);
    outbox.close();
  });

  it('writes an SMS as a .txt file with the number and the text', async () => {
    const directory = join(scratch, 'sms');
    const outbox = new Outbox({ directory, from: 'no-reply@example.my', log: () => undefined });
    await outbox.sendSms({ to: '60123456789', text: 'Your Yellow Pages code is 482913.' });
    const [file] = readdirSync(directory);
    expect(readFileSync(join(directory, file!), 'utf8')).toBe('To: +60123456789\n\nYour Yellow Pages code is 482913.\n');
    outbox.close();
  });

  it('sends mail over SMTP when SMTP_URL is set: a real local SMTP server receives it', async () => {
    const smtp = await startSmtpServer();
    const { received } = smtp;
    const outbox = new Outbox({ directory: join(scratch, 'unused'), smtpUrl: smtp.url, from: 'no-reply@example.my', log: () => undefined });
    try {
      await outbox.sendMail(MAIL);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain('Subject: Your Yellow Pages code');
      expect(received[0]).toContain('482913');
      expect(received[0]).toMatch(/Content-Type: text\/html/);
    } finally {
      outbox.close();
      await smtp.close();
    }
  });
});
