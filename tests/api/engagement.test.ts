import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/app.ts';
import { Throttle } from '../../src/server/engagement/throttle.ts';
import { ErrorBodySchema } from '../../src/shared/schemas/catalog.ts';
import { useTemplateCopy } from '../helpers/seeded-db.ts';

const copy = useTemplateCopy();
let api: ReturnType<typeof createApi>;

beforeAll(() => {
  api = createApi(copy.db, { formThrottle: new Throttle(5, 10 * 60 * 1000) });
});

async function send(path: string, body: unknown, client = '198.51.100.1') {
  const response = await api.request(path, {
    method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client }, body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const count = (table: string) => Number(copy.db.prepare(`SELECT count(*) AS n FROM ${table}`).get()!.n);

describe('POST /api/contact', () => {
  it('stores a valid message; email is optional', async () => {
    const before = count('contact_messages');
    const { status } = await send('/api/contact', { name: 'Aminah', phone_number: '012-345 6789', message: 'Do you list halal caterers?' }, '198.51.100.10');
    expect(status).toBe(201);
    expect(count('contact_messages')).toBe(before + 1);
  });

  it('answers 422 with a message under each missing or bad field, and stores nothing', async () => {
    const before = count('contact_messages');
    const { status, body } = await send('/api/contact', { name: ' ', email: 'not-an-email', phone_number: 'abc' }, '198.51.100.11');
    expect(status).toBe(422);
    const errors = ErrorBodySchema.parse(body).errors!;
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'phone_number']);
    expect(count('contact_messages')).toBe(before);
  });

  it('drops a message whose honeypot is filled', async () => {
    const before = count('contact_messages');
    const { status } = await send('/api/contact', { name: 'Bot', phone_number: '0123456789', message: 'spam', website: 'http://spam' }, '198.51.100.12');
    expect(status).toBe(201);
    expect(count('contact_messages')).toBe(before);
  });

  it('throttles a client after 5 messages in 10 minutes with 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      statuses.push((await send('/api/contact', { name: 'A', phone_number: '0123456789', message: `hi ${index}` }, '198.51.100.13')).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('POST /api/reportissue', () => {
  it('stores a report about an existing post or profile', async () => {
    const post = copy.db.prepare('SELECT id, type FROM posts LIMIT 1').get()!;
    const before = count('reports');
    const { status, body } = await send('/api/reportissue', { type: post.type, id: post.id, reason: 'SCAM', description: 'Asked for a deposit first.' }, '198.51.100.20');
    expect(status).toBe(201);
    expect(body).toEqual({ message: 'Report Logged!' });
    expect((await send('/api/reportissue', { type: 'profile', id: 1, reason: 'FAKE_COMPANY_PROFILE', description: 'Not a real company.' }, '198.51.100.20')).status).toBe(201);
    expect(count('reports')).toBe(before + 2);
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
