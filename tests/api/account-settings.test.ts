import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteDueAccounts } from '../../src/server/accounts/settings.ts';
import { PROFILE_NAME_WARNING, type User } from '../../src/shared/schemas/accounts.ts';
import { livePost } from '../fixtures/catalogue.ts';
import { useAccountsApp } from '../helpers/accounts.ts';
import { latestCode, messagesTo, type SessionClient } from '../helpers/session-client.ts';
import { saveReview } from '../../src/server/engagement/reviews.ts';

const { outbox, copy, clock, api, browser, ageCodes, registerByEmail, signIn } = useAccountsApp('settings');
let people = 0;

/** A new account, signed in. */
async function member(): Promise<{ visitor: SessionClient; email: string }> {
  const email = `member-${++people}@example.my`;
  await registerByEmail(email, 'Aminah Binti Yusof');
  return { visitor: await signIn(email), email };
}

const user = (answer: { body: { data?: unknown } }) => answer.body.data as User;

/** A multipart upload of one file in `field`, with the session's cookies and XSRF token. */
async function upload(visitor: SessionClient, path: string, field: string, bytes: Buffer, filename: string, type: string) {
  if (!visitor.jar.has('XSRF-TOKEN')) await visitor.get('/api/sanctum/csrf-cookie');
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const response = await api().request(path, {
    method: 'POST', body: form,
    headers: { Cookie: visitor.cookieHeader(), 'X-XSRF-TOKEN': decodeURIComponent(visitor.jar.get('XSRF-TOKEN')!) },
  }, { clientAddress: visitor.client });
  return { status: response.status, body: await response.json() as { message: string; data?: unknown; errors?: Record<string, string[]> } };
}

let places: { malaysia: number; selangor: number } | undefined;
beforeAll(async () => {
  places = {
    malaysia: (await copy.repos.catalog.findCountries()).find((country) => country.name === 'Malaysia')!.id,
    selangor: (await copy.repos.catalog.findStates()).find((state) => state.name === 'Selangor')!.id,
  };
});
const malaysia = () => places!.malaysia;
const selangor = () => places!.selangor;

describe('account calls answer 401 when signed out', () => {
  it('for every settings call', async () => {
    const visitor = browser();
    for (const [method, path] of [['PATCH', '/api/account'], ['PATCH', '/api/account/detail'], ['POST', '/api/account/job_detail'],
      ['PUT', '/api/account/pending-delete'], ['DELETE', '/api/account/pending-delete'], ['GET', '/api/account/cv']] as const) {
      expect((await visitor.call(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(401);
    }
    expect((await upload(visitor, '/api/account/photo', 'photo', Buffer.from('x'), 'a.jpg', 'image/jpeg')).status).toBe(401);
    expect((await upload(visitor, '/api/account/cv', 'cv', Buffer.from('%PDF-1.4\n%%EOF\n'), 'cv.pdf', 'application/pdf')).status).toBe(401);
  });
});

describe('PATCH account (spec §5 Edit profile)', () => {
  it('saves the name and personal details and answers the user', async () => {
    const { visitor } = await member();
    const answer = await visitor.patch('/api/account', {
      name: 'Aminah Yusof', gender: 'f', dob: '1990-05-17', address_line1: '12 Jalan Bunga Raya', address_line2: '',
      postcode: '47301', city: 'Petaling Jaya', state_id: selangor(), country_id: malaysia(),
    });
    expect(answer.status).toBe(200);
    expect(user(answer)).toMatchObject({
      name: 'Aminah Yusof',
      user_detail: { gender: 'f', dob: '1990-05-17', address_line1: '12 Jalan Bunga Raya', address_line2: null, postcode: '47301',
        city: { name: 'Petaling Jaya' }, state: { name: 'Selangor' }, country: { name: 'Malaysia' } },
    });
    expect((await visitor.get('/api/account')).body.data).toMatchObject({ name: 'Aminah Yusof' });
  });

  it('answers each bad field with its message', async () => {
    const { visitor } = await member();
    const company = await visitor.patch('/api/account', { name: 'Aminah Enterprise' });
    expect(company.body.errors!.name).toEqual([PROFILE_NAME_WARNING]);
    expect((await visitor.patch('/api/account', { name: '' })).body.errors!.name).toEqual(['The name field is required.']);
    expect((await visitor.patch('/api/account', { gender: 'x' })).body.errors!.gender).toEqual(['Choose Male or Female.']);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    expect((await visitor.patch('/api/account', { dob: nextYear })).body.errors!.dob).toEqual(['The dob may not be in the future.']);
    const tooYoung = `${new Date().getUTCFullYear() - 10}-01-01`;
    expect((await visitor.patch('/api/account', { dob: tooYoung })).body.errors!.dob).toEqual(['You must be at least 13 years old.']);
    expect((await visitor.patch('/api/account', { dob: '1990-02-30' })).body.errors!.dob).toEqual(['The dob must be a real date.']);
    expect((await visitor.patch('/api/account', { postcode: '4730', country_id: malaysia() })).body.errors!.postcode).toEqual(['The postcode must be 5 digits.']);
    expect((await visitor.patch('/api/account', { state_id: 99999 })).body.errors!.state_id).toEqual(['Choose a state.']);
    expect((await visitor.patch('/api/account', { country_id: 99999 })).body.errors!.country_id).toEqual(['Choose a country.']);
    // Roles cannot be given through the profile (ASVS 8.2.3).
    const sneaky = await visitor.patch('/api/account', { name: 'Aminah', roles: [{ name: 'advertiser' }], pending_delete: false });
    expect(user(sneaky).roles).toEqual([]);
  });
});

describe('changing the e-mail and phone with a code', () => {
  it('changes the e-mail with the code sent to the new address and tells the old one', async () => {
    const { visitor, email } = await member();
    const newEmail = `renamed-${people}@example.my`;
    expect((await visitor.post('/api/account/verification', { email: newEmail })).status).toBe(200);
    const code = latestCode(outbox, newEmail);
    const wrong = await visitor.patch('/api/account', { email: newEmail, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.errors!.code).toEqual(['The code is invalid or has expired.']);
    expect((await visitor.patch('/api/account', { email: newEmail })).body.errors!.code).toEqual(['The code field is required.']);
    const changed = await visitor.patch('/api/account', { email: newEmail, code });
    expect(changed.status).toBe(200);
    expect(user(changed).email).toBe(newEmail);
    expect(messagesTo(outbox, email).at(-1)).toContain(`changed to ${newEmail}`);
    // The new address signs in; the old one no longer does.
    expect((await browser().post('/api/auth/login', { email, password: 'kopi-o kosong 2026' })).status).toBe(422);
    ageCodes(newEmail, 61);
    expect((await browser().post('/api/auth/login', { email: newEmail, password: 'kopi-o kosong 2026' })).status).toBe(200);
  });

  it('refuses an e-mail another account uses', async () => {
    const { visitor } = await member();
    const taken = `member-1@example.my`;
    expect((await visitor.post('/api/account/verification', { email: taken })).body.errors!.email).toEqual(['The email has already been taken.']);
    expect((await visitor.patch('/api/account', { email: taken, code: '123456' })).body.errors!.email).toEqual(['The email has already been taken.']);
  });

  it('changes the phone number with the SMS code', async () => {
    const { visitor } = await member();
    expect((await visitor.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: '0176660001' })).status).toBe(200);
    const code = latestCode(outbox, '60176660001');
    const empty = await visitor.patch('/api/account', { phone_number: '', code });
    expect(empty.body.errors!.phone_number).toEqual(['The phone number field is required.']);
    const changed = await visitor.patch('/api/account', { phone_number_country: '60', phone_number: '017-666 0001', code });
    expect(changed.status).toBe(200);
    expect(user(changed)).toMatchObject({ phone_number: '60176660001', phone_number_country: '60' });
  });
});

describe('resume (spec §5 Edit resume)', () => {
  it('saves the resume through PATCH account/detail and POST account/job_detail', async () => {
    const { visitor } = await member();
    const saved = await visitor.patch('/api/account/detail', {
      education: 'degree', experience: 6, salary_type: '', salary: '', language: ['English', 'Malay', 'English'], additional_skill: 'Forklift licence',
    });
    expect(saved.status).toBe(200);
    expect(user(saved).user_detail).toMatchObject({ education: 'degree', experience: 6, salary_type: 'month', salary: null, language: ['English', 'Malay'], additional_skill: 'Forklift licence' });
    const job = await visitor.post('/api/account/job_detail', { education: 'master', experience: '10', salary_type: 'year', salary: '84000', language: ['Chinese'] });
    expect(user(job).user_detail).toMatchObject({ education: 'master', experience: 10, salary_type: 'year', salary: 84000, language: ['Chinese'] });
  });

  it('requires education, experience and a known salary type, within range', async () => {
    const { visitor } = await member();
    const empty = await visitor.patch('/api/account/detail', {});
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['education', 'experience']);
    const bad = await visitor.patch('/api/account/detail', { education: 'phd', experience: 61, salary_type: 'week', salary: -1, language: ['Klingon'] });
    expect(bad.body.errors).toMatchObject({
      education: ['The education field is required.'], experience: ['The experience may not be greater than 60.'],
      salary_type: ['The salary type must be month or year.'], salary: ['The salary must be at least 0.'], language: ['Choose languages from the list.'],
    });
  });
});

describe('photo and CV', () => {
  it('takes a photo through the upload pipeline; the old one is deleted when replaced', async () => {
    const { visitor } = await member();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } }).png().toBuffer();
    const first = await upload(visitor, '/api/account/photo', 'photo', png, 'me.png', 'image/png');
    expect(first.status).toBe(200);
    const image = user(first).image!;
    expect(image.full_webp).toMatch(/^\/media\/uploads\/.+\.webp$/);
    const file = join(copy.app.config.mediaDir, image.full.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const second = await upload(visitor, '/api/account/photo', 'photo', png, 'me-again.png', 'image/png');
    expect(user(second).image!.full).not.toBe(image.full);
    expect(existsSync(file)).toBe(false);
    const notImage = await upload(visitor, '/api/account/photo', 'photo', Buffer.from('<html>hi</html>'), 'me.png', 'image/png');
    expect(notImage.status).toBe(422);
    expect(notImage.body.errors!.photo).toBeDefined();
  });

  it('keeps the CV private: stored outside the public media path, downloaded by its owner only', async () => {
    const { visitor } = await member();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const answer = await upload(visitor, '/api/account/cv', 'cv', pdf, 'Résumé Aminah.pdf', 'application/pdf');
    expect(answer.status).toBe(200);
    const cv = user(answer).user_detail.cv!;
    expect(cv).toMatchObject({ original_filename: 'Résumé Aminah.pdf', mime_type: 'application/pdf' });
    const { file: stored } = await copy.query.selectFrom('documents').select('file').where('id', '=', cv.id).executeTakeFirstOrThrow();
    expect(stored.startsWith('private/')).toBe(true);

    const download = await api().request('/api/account/cv', { headers: { Cookie: visitor.cookieHeader() } }, { clientAddress: visitor.client });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="R_sum_ Aminah.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé Aminah.pdf')}`);
    expect(download.headers.get('Cache-Control')).toBe('private, no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    const { visitor: someoneElse } = await member();
    expect((await someoneElse.get('/api/account/cv')).status).toBe(404);
    const word = await upload(visitor, '/api/account/cv', 'cv', Buffer.from('just text'), 'cv.txt', 'text/plain');
    expect(word.status).toBe(422);
  });
});

describe('deleting an account (decision 0006)', () => {
  it('marks it, ends the other sessions, mails a confirmation; cancelling keeps it', async () => {
    const { visitor, email } = await member();
    const other = await signIn(email);
    const marked = await visitor.call('PUT', '/api/account/pending-delete', {});
    expect(marked.status).toBe(200);
    expect(user(marked).pending_delete).toBe(true);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await visitor.get('/api/user')).status).toBe(200);
    expect(messagesTo(outbox, email).at(-1)).toContain('will be deleted in 14 days');
    const kept = await visitor.call('DELETE', '/api/account/pending-delete', {});
    expect(user(kept).pending_delete).toBe(false);
  });

  it('the deletion job erases the account and its photo and CV files 14 days later; reviews stay as Former member', async () => {
    const { visitor, email } = await member();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3c3' } }).png().toBuffer();
    const photo = user(await upload(visitor, '/api/account/photo', 'photo', png, 'p.png', 'image/png')).image!;
    const cv = user(await upload(visitor, '/api/account/cv', 'cv', Buffer.from('%PDF-1.4\n%%EOF\n'), 'cv.pdf', 'application/pdf')).user_detail.cv!;
    const { id: userId } = (await copy.repos.users.findCredentials({ email }))!;
    const { file: cvPath } = await copy.query.selectFrom('documents').select('file').where('id', '=', cv.id).executeTakeFirstOrThrow();
    const cvFile = join(copy.app.config.mediaDir, cvPath);
    const photoFile = join(copy.app.config.mediaDir, photo.full.replace('/media/', ''));
    const post = await livePost(copy.app, 'services');
    const reviewId = await saveReview(copy.repos, { listing: post, userId, reviewerName: 'Aminah', rating: 4, content: 'Came on time.', mediaIds: [] });
    await visitor.call('PUT', '/api/account/pending-delete', {});

    expect(await deleteDueAccounts(copy.app)).toBe(0);
    clock.advance(15 * 24 * 60 * 60_000);
    expect(await deleteDueAccounts(copy.app)).toBe(1);
    const rowsOf = async (table: 'users' | 'user_details' | 'sessions', column: 'id' | 'user_id') =>
      copy.query.selectFrom(table).select(column).where(column, '=', userId).execute();
    expect(await rowsOf('users', 'id')).toEqual([]);
    expect(await rowsOf('user_details', 'user_id')).toEqual([]);
    expect(await rowsOf('sessions', 'user_id')).toEqual([]);
    expect(await copy.query.selectFrom('auth_attempts').select('id')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('identifier', '=', email)])).execute()).toEqual([]);
    expect(existsSync(photoFile)).toBe(false);
    expect(existsSync(cvFile)).toBe(false);
    const { rows } = await copy.repos.catalog.findReviews(post, 200, 0);
    expect(rows.find((row) => row.id === reviewId)).toMatchObject({ reviewer_name: 'Former member', content: 'Came on time.' });
    expect(await copy.query.selectFrom('reviews').select('user_id').where('id', '=', reviewId).executeTakeFirst()).toEqual({ user_id: null });
    expect((await visitor.get('/api/user')).status).toBe(401);
  });
});
