import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import type { AppContext } from '../../src/server/app-context.ts';
import { inject } from 'vitest';
import { copyOfDatabase, testApp } from '../helpers/test-database.ts';
import { SessionClient } from '../helpers/session-client.ts';
import { startSmtpServer } from '../helpers/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Awaited<ReturnType<typeof copyOfDatabase>>;
let app: AppContext;

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await copyOfDatabase(inject('templateUrl'));
  app = await testApp(database.url, { SMTP_URL: smtp.url, MAIL_FROM: 'accounts@yellowpages.my' });
});
afterAll(async () => {
  await app.close();
  await database.remove();
  await smtp.close();
});

describe('codes over real SMTP (SMTP_URL set)', () => {
  it('delivers the sign-up code to a local SMTP server, and the code read from that mail creates the account', async () => {
    const visitor = new SessionClient(createApi(app), '192.0.2.90', () => app.outbox.settled());
    expect((await visitor.post('/api/register/verification', { email: 'smtp-user@example.my' })).status).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail).toMatch(/^To: smtp-user@example\.my/m);
    expect(mail).toMatch(/^From: Yellow Pages Malaysia <accounts@yellowpages\.my>/m);
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    const code = /code is (\d{6})/.exec(mail)![1]!;
    const created = await visitor.post('/api/register', {
      name: 'Smtp User', email: 'smtp-user@example.my', code, password: 'char kuey teow 88', password_confirmation: 'char kuey teow 88',
    });
    expect(created.status).toBe(201);
  });
});
