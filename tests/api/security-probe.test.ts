import { describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/server/accounts/brute-force.ts';
import { Outbox } from '../../src/server/outbox/outbox.ts';
import { handleContactPage } from '../../src/server/pages/contact-page.ts';
import { RATE_LIMITS } from '../../src/server/rate-limits.ts';
import { malaysiaToday } from '../../src/shared/malaysia-time.ts';
import type { ListingType } from '../../src/shared/constants.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { pngOf, uploadedImage } from '../fixtures/uploads.ts';
import { TEST_PASSWORD, useAccountsApp } from '../helpers/accounts.ts';
import { messagesTo, type SessionClient } from '../helpers/session-client.ts';

/** The security probe of 5bf222a, items answered through the API (each test failed on that commit). */
const { outbox, copy, clock, api, browser, registerByEmail, signIn } = useAccountsApp('probe');
let people = 0;

async function member(name = 'Probe Person'): Promise<{ visitor: SessionClient; email: string }> {
  const email = `probe-${++people}@example.my`;
  await registerByEmail(email, name);
  return { visitor: await signIn(email), email };
}

const uploadReviewImage = async (visitor: SessionClient, colour: string) => uploadedImage(visitor, '/api/review/image', await pngOf(colour));

const aPost = async (type: ListingType, offset: number) => (await livePost(copy.app, type, { offset })).id;

describe('password guesses in parallel (item 3)', () => {
  it(`evaluates at most ${SIGN_IN_LIMITS.accountClient.points} of 60 parallel wrong passwords; the rest get 429`, async () => {
    await registerByEmail('parallel-target@example.my', 'Parallel Target');
    const attacker = browser('198.51.100.33');
    await attacker.get('/api/sanctum/csrf-cookie');
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => attacker.post('/api/auth/login', { email: 'parallel-target@example.my', password: `wrong guess ${index} xyz` })));
    const evaluated = answers.filter((answer) => answer.status === 422).length;
    expect(evaluated).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountClient.points);
    expect(evaluated + answers.filter((answer) => answer.status === 429).length).toBe(60);
  });
});

describe('"already taken" answers to a signed-in person (item 4)', () => {
  it('count against the per-account limit: past it, 429 instead of telling', async () => {
    await registerByEmail('taken-address@example.my', 'Taken');
    const { visitor } = await member();
    const statuses: number[] = [];
    for (let probe = 0; probe < SIGN_IN_LIMITS.accountClient.points + 3; probe += 1) {
      statuses.push((await visitor.post('/api/account/verification', { type: 'email', email: 'taken-address@example.my' })).status);
    }
    expect(statuses.slice(0, SIGN_IN_LIMITS.accountClient.points).every((status) => status === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await visitor.patch('/api/account', { email: 'taken-address@example.my', code: '123456' })).status).toBe(429);
  });
});

describe('forgot password (item 5)', () => {
  it('answers a known and an unknown address alike, even when the mail transport never returns', async () => {
    await registerByEmail('forgot-hang@example.my', 'Forgot');
    const original = copy.app.outbox;
    const hanging = { sendMail: () => new Promise(() => undefined), close: () => undefined };
    // No runner delivers its rows: a send that never returns could only hold a job, never an answer.
    copy.app.outbox = new Outbox(copy.repos, { directory: outbox, from: 'no-reply@yellowpages.my' }, undefined, hanging as never);
    try {
      const visitor = browser();
      await visitor.get('/api/sanctum/csrf-cookie');
      const raw = (email: string) => api().request('/api/password/verification', {
        method: 'POST', body: JSON.stringify({ email }),
        headers: { 'Content-Type': 'application/json', Cookie: visitor.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(visitor.jar.get('XSRF-TOKEN')!) },
      }, { clientAddress: visitor.client });
      const [known, unknown] = await Promise.all([raw('forgot-hang@example.my'), raw('nobody-here@example.my')]);
      expect([known.status, unknown.status]).toEqual([200, 200]);
    } finally {
      copy.app.outbox = original;
    }
  });
});

describe('changing the e-mail (item 13)', () => {
  it('needs the current password once the sign-in is older than 15 minutes, ends the other sessions and tells the old address', async () => {
    const { visitor, email } = await member();
    const other = await signIn(email);
    clock.advance(20 * 60_000);
    const next = `moved-${people}@example.my`;
    expect((await visitor.post('/api/account/verification', { type: 'email', email: next })).status).toBe(200);
    const code = /code is (\d{6})/.exec(messagesTo(outbox, next).at(-1)!)![1]!;
    const without = await visitor.patch('/api/account', { email: next, code });
    expect(without.status).toBe(422);
    expect(without.body.errors!.current_password).toEqual(['Enter your current password.']);
    expect((await visitor.patch('/api/account', { email: next, code, current_password: 'not my password at all' })).body.errors!.current_password).toEqual(['The current password is incorrect.']);
    const changed = await visitor.patch('/api/account', { email: next, code, current_password: TEST_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await visitor.get('/api/user')).status).toBe(200);
    expect(messagesTo(outbox, email).at(-1)).toMatch(/email address was changed/i);
  });
});

describe('limits count what could have succeeded (item 14)', () => {
  it('enquiries about listings that do not exist never spend the account’s enquiry limit', async () => {
    const { visitor } = await member();
    const body = { type: 'services', name: 'Probe Person', phone_number: '+60 12-345 6789', contact_method: 'call', description: 'Is the aircon service available this week?',
      preferred_date: malaysiaToday(Date.now() + 3 * 86_400_000) };
    for (let index = 0; index < RATE_LIMITS.enquiry.limit + 2; index += 1) {
      expect((await visitor.post('/api/enquire', { ...body, id: 900_000_000 + index })).status).toBe(404);
    }
    expect((await visitor.post('/api/enquire', { ...body, id: await aPost('services', 11) })).status).toBe(201);
  });

  it('signed-out uploads (401) never spend an address’s upload limit', async () => {
    const stranger = browser('198.51.100.44');
    const form = () => {
      const data = new FormData();
      data.append('photo', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'a.jpg');
      return data;
    };
    for (let index = 0; index < RATE_LIMITS.upload.limit + 1; index += 1) expect((await stranger.postForm('/api/account/photo', form())).status).toBe(401);
    const { visitor } = await member();
    const sameAddress = browser('198.51.100.44');
    for (const [name, value] of visitor.jar) sameAddress.jar.set(name, value);
    expect((await uploadReviewImage(sameAddress, '#123456')).full).toMatch(/^\/media\//);
  });
});

describe('review input (item 16)', () => {
  it('takes a rating of a whole number 1 to 5 only, as a number or its digit', async () => {
    const { visitor } = await member();
    const id = await aPost('services', 21);
    for (const rating of [true, [5], '0x5', '5e0', 5.5, '05', 0, 6]) {
      const answer = await visitor.post('/api/review', { type: 'services', id, content: 'Good work, fair price.', rating });
      expect([JSON.stringify(rating), answer.status]).toEqual([JSON.stringify(rating), 422]);
    }
    expect((await visitor.post('/api/review', { type: 'services', id, content: 'Good work, fair price.', rating: '4' })).status).toBe(201);
  });

  it('refuses the same image twice in a review and one upload on two reviews, but keeps an image when its review is edited', async () => {
    const { visitor } = await member();
    const [first, second] = [await aPost('services', 22), await aPost('services', 23)];
    const image = await uploadReviewImage(visitor, '#aa3311');
    const twice = await visitor.post('/api/review', { type: 'services', id: first, content: 'Twice the same photo.', rating: 5, images: [image, image] });
    expect(twice.status).toBe(422);
    expect((await visitor.post('/api/review', { type: 'services', id: first, content: 'One photo.', rating: 5, images: [image] })).status).toBe(201);
    expect((await visitor.post('/api/review', { type: 'services', id: second, content: 'The same photo elsewhere.', rating: 5, images: [image] })).status).toBe(422);
    expect((await visitor.post('/api/review', { type: 'services', id: first, content: 'One photo, edited text.', rating: 4, images: [image] })).status).toBe(201);
  });
});

describe('weak passwords (item 17)', () => {
  it('refuses a password that is easy to guess, saying how to choose a stronger one', async () => {
    const visitor = browser();
    await visitor.post('/api/register/verification', { type: 'email', email: 'weak@example.my' });
    const code = /code is (\d{6})/.exec(messagesTo(outbox, 'weak@example.my').at(-1)!)![1]!;
    for (const password of ['aaaaaaaa', 'abcd1234abcd', 'weak@example.my']) {
      const answer = await visitor.post('/api/register', { type: 'email', name: 'Weak', email: 'weak@example.my', code, password, password_confirmation: password });
      expect([password, answer.status]).toEqual([password, 422]);
      expect(answer.body.errors!.password![0]).toMatch(/words/);
    }
  });
});

describe('the no-JS contact form (item 18)', () => {
  it('refuses a planted XSRF cookie with a matching field: only tokens the site signed count', async () => {
    const planted = 'planted-token-of-an-attacker-0123456789';
    const form = new URLSearchParams({ _token: planted, name: 'Aminah', phone_number: '0123456789', message: 'Hello' });
    const page = await handleContactPage(copy.app, new Request('http://localhost:4321/pages/contact-us', {
      method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `XSRF-TOKEN=${planted}` },
    }), '198.51.100.80');
    expect(page.response?.status).toBe(419);
    const fresh = await handleContactPage(copy.app, new Request('http://localhost:4321/pages/contact-us'), '198.51.100.80');
    const sent = await handleContactPage(copy.app, new Request('http://localhost:4321/pages/contact-us', {
      method: 'POST', body: new URLSearchParams({ _token: fresh.token, name: 'Aminah', phone_number: '0123456789', message: 'Hello' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: `XSRF-TOKEN=${encodeURIComponent(fresh.token)}` },
    }), '198.51.100.80');
    expect([sent.response?.status, sent.sent]).toEqual([undefined, true]);
  });
});
