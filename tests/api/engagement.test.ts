import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { ErrorBodySchema } from '../../src/shared/schemas/catalog.ts';
import { csrfHeaders } from '../helpers/csrf.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { rowCount, useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();
let api: ReturnType<typeof createApi>;

beforeAll(() => {
  api = createApi(copy.app);
});

async function send(path: string, body: unknown, client = '198.51.100.1', headers: Record<string, string> = {}) {
  const response = await api.request(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json', ...(await csrfHeaders(api)), ...headers }, body: JSON.stringify(body),
  }, { clientAddress: client });
  return { status: response.status, body: await response.json() };
}

const count = (table: 'contact_messages' | 'reports') => rowCount(copy.query, table);

describe('POST /api/contact', () => {
  it('stores a valid message; email is optional', async () => {
    const before = await count('contact_messages');
    const { status } = await send('/api/contact', { name: 'Aminah', phone_number: '012-345 6789', message: 'Do you list halal caterers?' }, '198.51.100.10');
    expect(status).toBe(201);
    expect(await count('contact_messages')).toBe(before + 1);
  });

  it('answers 422 with a message under each missing or bad field, and stores nothing', async () => {
    const before = await count('contact_messages');
    const { status, body } = await send('/api/contact', { name: ' ', email: 'not-an-email', phone_number: 'abc' }, '198.51.100.11');
    expect(status).toBe(422);
    const errors = ErrorBodySchema.parse(body).errors!;
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'phone_number']);
    expect(await count('contact_messages')).toBe(before);
  });

  it('drops a message whose honeypot is filled', async () => {
    const before = await count('contact_messages');
    const { status } = await send('/api/contact', { name: 'Bot', phone_number: '0123456789', message: 'spam', website: 'http://spam' }, '198.51.100.12');
    expect(status).toBe(201);
    expect(await count('contact_messages')).toBe(before);
  });

  it('throttles a client after 5 messages in 10 minutes with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await send('/api/contact', { name: 'A', phone_number: '0123456789', message: `hi ${index}` }, '198.51.100.13')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('keeps limiting a client that rotates its User-Agent', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) {
      statuses.push((await send('/api/contact', { name: 'A', phone_number: '0123456789', message: `ua ${index}` }, '198.51.100.14',
        { 'User-Agent': `agent-${index}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it('limits an IPv6 client by its /64, whatever address inside it sends', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await send('/api/contact', { name: 'A', phone_number: '0123456789', message: `v6 ${index}` }, `2001:db8:1:2::${index + 1}`)).status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('trims and lower-cases an e-mail before checking it', async () => {
    const { status } = await send('/api/contact', { name: 'Siti', email: ' Siti@Example.COM ', phone_number: '0123456789', message: 'Hello' }, '198.51.100.15');
    expect(status).toBe(201);
    expect((await copy.query.selectFrom('contact_messages').select('email').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow()).email).toBe('siti@example.com');
  });

  it('refuses a body over the limit with 413 and the error shape', async () => {
    const { status, body } = await send('/api/contact', { name: 'A', phone_number: '0123456789', message: 'x'.repeat(70_000) }, '198.51.100.16');
    expect(status).toBe(413);
    expect(ErrorBodySchema.parse(body).errors).toHaveProperty('_');
  });
});

describe('POST /api/reportissue', () => {
  it('stores a report about an existing post or profile', async () => {
    const post = await livePost(copy.app, 'services');
    const before = await count('reports');
    const { status, body } = await send('/api/reportissue', { type: post.type, id: post.id, reason: 'SCAM', description: 'Asked for a deposit first.' }, '198.51.100.20');
    expect(status).toBe(201);
    expect(body).toEqual({ message: 'Report Logged!' });
    expect((await send('/api/reportissue', { type: 'profile', id: 1, reason: 'FAKE_COMPANY_PROFILE', description: 'Not a real company.' }, '198.51.100.20')).status).toBe(201);
    expect(await count('reports')).toBe(before + 2);
  });

  it('requires every field and a known reason', async () => {
    const { status, body } = await send('/api/reportissue', { type: 'services', reason: 'BORING' }, '198.51.100.21');
    expect(status).toBe(422);
    expect(Object.keys(ErrorBodySchema.parse(body).errors!).sort()).toEqual(['description', 'id', 'reason']);
  });

  it('answers 404 for a listing that does not exist', async () => {
    expect((await send('/api/reportissue', { type: 'jobs', id: 99999999, reason: 'OTHER', description: 'x' }, '198.51.100.22')).status).toBe(404);
  });
});
