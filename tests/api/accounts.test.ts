import { beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_LIMITS } from '../../src/server/accounts/brute-force.ts';
import { REGISTER_NAME_WARNING } from '../../src/shared/schemas/accounts.ts';
import { useAccountsApp, TEST_PASSWORD } from '../helpers/accounts.ts';
import { latestCode, messagesTo } from '../helpers/session-client.ts';


const PASSWORD = TEST_PASSWORD;
const { outbox, copy, clock, browser, ageCodes, registerByEmail, signIn } = useAccountsApp('accounts');
const DAY = 24 * 60 * 60_000;

/** How many sessions the account with this e-mail has. */
async function sessionRows(email: string): Promise<number> {
  const rows = await copy.query.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id').where('users.email', '=', email).execute();
  return rows.length;
}

describe('register (spec §5, §7)', () => {
  it('sends a code to the e-mail, then creates the account with it; the person logs in afterwards', async () => {
    const visitor = browser();
    const sent = await visitor.post('/api/register/verification', { type: 'email', email: ' Siti.Rahmah@Example.MY ' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('A verification code has been sent to your email.');
    const [mail] = messagesTo(outbox, 'siti.rahmah@example.my');
    expect(mail).toMatch(/Content-Type: text\/plain/);
    expect(mail).toMatch(/Content-Type: text\/html/);
    expect(mail).toContain('Yellow Pages Malaysia');
    const answer = await visitor.post('/api/register', {
      type: 'email', name: 'Siti Rahmah', email: 'siti.rahmah@example.my', code: latestCode(outbox, 'siti.rahmah@example.my'),
      password: PASSWORD, password_confirmation: PASSWORD,
    });
    expect(answer.status).toBe(201);
    expect(answer.cookies.some((cookie) => cookie.includes('yp_session'))).toBe(false);
    const row = (await copy.repos.users.findCredentials({ email: 'siti.rahmah@example.my' }))!;
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers every bad field with a 422 and its message', async () => {
    const visitor = browser();
    const empty = await visitor.post('/api/register', { type: 'email' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['code', 'email', 'name', 'password', 'password_confirmation']);
    const base = { type: 'email', email: 'lim@example.my', code: '123456', password: PASSWORD, password_confirmation: PASSWORD };
    const company = await visitor.post('/api/register', { ...base, name: 'Lim Trading Sdn Bhd' });
    expect(company.body.errors!.name).toEqual([REGISTER_NAME_WARNING]);
    expect((await visitor.post('/api/register', { ...base, name: 'Tan Co' })).body.errors!.name).toEqual([REGISTER_NAME_WARNING]);
    // 'Co' inside a word is a name, not a company word.
    expect((await visitor.post('/api/register', { ...base, name: 'Colin Coleman' })).body.errors?.name).toBeUndefined();
    const mismatch = await visitor.post('/api/register', { ...base, name: 'Lim', password_confirmation: 'something else' });
    expect(mismatch.body.errors!.password_confirmation).toEqual(['The password confirmation does not match.']);
    const short = await visitor.post('/api/register', { ...base, name: 'Lim', password: 'short', password_confirmation: 'short' });
    expect(short.body.errors!.password).toEqual(['The password must be at least 8 characters.']);
    const common = await visitor.post('/api/register', { ...base, name: 'Lim', password: 'password123', password_confirmation: 'password123' });
    expect(common.status).toBe(422);
    expect(common.body.errors!.password![0]).toMatch(/too common/);
    const badEmail = await visitor.post('/api/register', { ...base, name: 'Lim', email: 'not-an-email' });
    expect(badEmail.body.errors!.email).toEqual(['The email must be a valid email address.']);
    const badCode = await visitor.post('/api/register', { ...base, name: 'Lim' });
    expect(badCode.body.errors!.code).toEqual(['The code is invalid or has expired.']);
    expect(await copy.repos.users.findCredentials({ email: 'lim@example.my' })).toBeUndefined();
  });

  it('does not tell whether an address has an account: the same answer, and the owner gets a notice instead of a code', async () => {
    await registerByEmail('taken@example.my');
    ageCodes('taken@example.my');
    const visitor = browser();
    const fresh = await visitor.post('/api/register/verification', { email: 'nobody-yet@example.my' });
    const taken = await visitor.post('/api/register/verification', { email: 'taken@example.my' });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.message).toBe(fresh.body.message);
    const notice = messagesTo(outbox, 'taken@example.my').at(-1)!;
    expect(notice).toContain('already have');
    expect(notice).not.toMatch(/code is \d{6}/);
  });

  it('registers by phone with the code sent by SMS, and logs in by phone as people type it', async () => {
    const visitor = browser();
    const sent = await visitor.post('/api/register/verification', { type: 'phone', phone_number_country: '60', phone_number: '6012-888 1234' });
    expect(sent.body.message).toBe('A verification code has been sent to your phone number.');
    const code = latestCode(outbox, '60128881234');
    const created = await visitor.post('/api/register', {
      type: 'phone', name: 'Raju', phone_number_country: '60', phone_number: '60128881234', code, password: PASSWORD, password_confirmation: PASSWORD,
    });
    expect(created.status).toBe(201);
    const login = await visitor.post('/api/auth/login', { phone_number_country: '60', phone_number: '012-888 1234', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('A verification code has been sent to your phone number.');
    const done = await visitor.post('/api/auth/2fa', { temp_token: (login.body.data as { temp_token: string }).temp_token, code: latestCode(outbox, '60128881234') });
    expect((done.body.data as { phone_number: string }).phone_number).toBe('60128881234');
  });
});

describe('codes', () => {
  it('sends at most one a minute and five an hour to an address, with Retry-After', async () => {
    const visitor = browser();
    const email = 'limits@example.my';
    expect((await visitor.post('/api/register/verification', { email })).status).toBe(200);
    const again = await visitor.post('/api/register/verification', { email });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('Retry-After'))).toBeGreaterThan(0);
    for (let sent = 1; sent < 5; sent += 1) {
      ageCodes(email);
      expect((await visitor.post('/api/register/verification', { email })).status).toBe(200);
    }
    ageCodes(email);
    const sixth = await visitor.post('/api/register/verification', { email });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(60);
  });

  it('is single-use, expires after 10 minutes, and dies after 5 wrong tries; only the newest works', async () => {
    const visitor = browser();
    const register = (email: string, code: string) => visitor.post('/api/register', { name: 'Ah Kow', email, code, password: PASSWORD, password_confirmation: PASSWORD });

    await visitor.post('/api/register/verification', { email: 'expired@example.my' });
    const expired = latestCode(outbox, 'expired@example.my');
    clock.advance(10 * 60_000 + 1000);
    expect((await register('expired@example.my', expired)).status).toBe(422);

    await visitor.post('/api/register/verification', { email: 'tries@example.my' });
    const right = latestCode(outbox, 'tries@example.my');
    const wrong = right === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await register('tries@example.my', wrong)).status).toBe(422);
    expect((await register('tries@example.my', right)).status).toBe(422);

    await visitor.post('/api/register/verification', { email: 'newest@example.my' });
    const first = latestCode(outbox, 'newest@example.my');
    ageCodes('newest@example.my');
    await visitor.post('/api/register/verification', { email: 'newest@example.my' });
    const second = latestCode(outbox, 'newest@example.my');
    if (first !== second) expect((await register('newest@example.my', first)).status).toBe(422);
    expect((await register('newest@example.my', second)).status).toBe(201);
    // Used once: a second account with the same code is refused.
    expect((await register('newest@example.my', second)).status).toBe(422);
  });

  it('stores codes only as hashes', async () => {
    const visitor = browser();
    await visitor.post('/api/register/verification', { email: 'hash@example.my' });
    const code = latestCode(outbox, 'hash@example.my');
    const stored = (await copy.repos.auth.findLatestCode('register', 'hash@example.my'))!;
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.code_hash).not.toContain(code);
  });
});

describe('log in with a second step (spec §4 Two-factor)', () => {
  beforeAll(async () => {
    await registerByEmail('hafiz@example.my', 'Hafiz');
  });

  it('answers a wrong password and an unknown address alike, and logs both attempts without the password', async () => {
    const visitor = browser();
    const wrong = await visitor.post('/api/auth/login', { email: 'hafiz@example.my', password: 'not the password' });
    const unknown = await visitor.post('/api/auth/login', { email: 'nobody@example.my', password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('These credentials do not match our records.');
    const rows = await copy.query.selectFrom('auth_attempts').selectAll()
      .where('action', '=', 'login').where('identifier', 'in', ['hafiz@example.my', 'nobody@example.my']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(rows)).not.toContain('not the password');
    expect(rows.every((row) => row.outcome === 'bad_credentials' && row.client === visitor.client)).toBe(true);
  });

  it('a right password gives a temp_token and sends a code; the code gives the user and a new session', async () => {
    const visitor = browser();
    const login = await visitor.post('/api/auth/login', { email: 'HAFIZ@example.my', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('A verification code has been sent to your email.');
    expect(login.cookies.some((cookie) => cookie.includes('yp_session'))).toBe(false);
    const tempToken = (login.body.data as { temp_token: string }).temp_token;
    const anonymousToken = visitor.jar.get('XSRF-TOKEN');

    const code = latestCode(outbox, 'hafiz@example.my');
    const wrong = await visitor.post('/api/auth/2fa', { temp_token: tempToken, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect((await visitor.get('/api/user')).status).toBe(401);

    const done = await visitor.post('/api/auth/2fa', { temp_token: tempToken, code });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe(true);
    const user = done.body.data as { name: string; email: string; roles: unknown[]; user_detail: object };
    expect(user).toMatchObject({ name: 'Hafiz', email: 'hafiz@example.my', roles: [] });
    expect(user).toHaveProperty('user_detail.salary_type', 'month');
    const session = done.cookies.find((cookie) => cookie.startsWith('yp_session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
    expect(visitor.jar.get('XSRF-TOKEN')).not.toBe(anonymousToken);

    const own = await visitor.get('/api/user');
    expect(own.body).toMatchObject({ email: 'hafiz@example.my' });
    // Answers about one person are never stored by a cache, errors included.
    expect(own.headers.get('Cache-Control')).toBe('no-store');
    expect((await visitor.get('/api/follow')).headers.get('Cache-Control')).toBe('no-store');
    expect((await browser().get('/api/account')).headers.get('Cache-Control')).toBe('no-store');
    expect((await browser().get('/api/countries')).headers.get('Cache-Control')).not.toBe('no-store');
    expect((await visitor.get('/api/account')).body.data).toMatchObject({ email: 'hafiz@example.my' });
    // The temp_token and its code are spent.
    expect((await visitor.post('/api/auth/2fa', { temp_token: tempToken, code })).status).toBe(422);
  });

  it('resends the code for the temp_token; the older code stops working', async () => {
    const visitor = browser();
    const login = await visitor.post('/api/auth/login', { email: 'hafiz@example.my', password: PASSWORD });
    const tempToken = (login.body.data as { temp_token: string }).temp_token;
    const first = latestCode(outbox, 'hafiz@example.my');
    expect((await visitor.post('/api/2fa/verification', { temp_token: tempToken })).status).toBe(429);
    ageCodes('hafiz@example.my');
    const resent = await visitor.post('/api/2fa/verification', { temp_token: tempToken });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe(true);
    const second = latestCode(outbox, 'hafiz@example.my');
    if (first !== second) expect((await visitor.post('/api/auth/2fa', { temp_token: tempToken, code: first })).status).toBe(422);
    expect((await visitor.post('/api/auth/2fa', { temp_token: tempToken, code: second })).status).toBe(200);
    expect((await visitor.post('/api/2fa/verification', { temp_token: 'made-up' })).body.errors!.temp_token).toBeDefined();
  });

  it('rotates the session and its XSRF token at sign-in: the old session is gone, the old token refused', async () => {
    ageCodes('hafiz@example.my', 61);
    const visitor = await signIn('hafiz@example.my');
    const firstSession = visitor.jar.get('yp_session')!;
    const firstToken = visitor.jar.get('XSRF-TOKEN')!;
    ageCodes('hafiz@example.my', 61);
    await signIn('hafiz@example.my', PASSWORD, visitor);
    expect(visitor.jar.get('yp_session')).not.toBe(firstSession);
    const old = browser(visitor.client);
    old.jar.set('yp_session', firstSession);
    old.jar.set('XSRF-TOKEN', firstToken);
    const stale = await old.get('/api/user');
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('Session expired!');
    // The signed-in browser must send its session's token: the one from before signing in is refused.
    const withOldToken = await visitor.call('PATCH', '/api/account/password', {}, { 'X-XSRF-TOKEN': decodeURIComponent(firstToken) });
    expect(withOldToken.status).toBe(419);
  });

  it('logs out only from the site itself, deleting the session', async () => {
    ageCodes('hafiz@example.my', 61);
    const visitor = await signIn('hafiz@example.my');
    const before = await sessionRows('hafiz@example.my');
    const crossSite = await visitor.get('/api/auth/logout', { 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await visitor.get('/api/user')).status).toBe(200);
    const session = visitor.jar.get('yp_session')!;
    const out = await visitor.get('/api/auth/logout', { 'Sec-Fetch-Site': 'same-origin' });
    expect(out.status).toBe(200);
    expect(await sessionRows('hafiz@example.my')).toBe(before - 1);
    expect(visitor.jar.has('yp_session')).toBe(false);
    const replay = browser(visitor.client);
    replay.jar.set('yp_session', session);
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await browser().get('/api/user')).body.message).toBe('Unauthenticated.');
  });
});

describe('session lifetime', () => {
  it('ends a session after 14 idle days and 90 days in all, deleting the row', async () => {
    await registerByEmail('sleepy@example.my', 'Sleepy');
    const idle = await signIn('sleepy@example.my');
    clock.advance(15 * DAY);
    const expired = await idle.get('/api/user');
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('Session expired!');
    // The dead cookie is dropped from the browser.
    expect(expired.cookies.some((cookie) => cookie.startsWith('yp_session=;') && cookie.includes('Max-Age=0'))).toBe(true);
    expect(idle.jar.has('yp_session')).toBe(false);
    expect(await sessionRows('sleepy@example.my')).toBe(0);

    ageCodes('sleepy@example.my', 61);
    const old = await signIn('sleepy@example.my');
    // Used every 10 days, it never idles out; it still ends 90 days after signing in.
    for (let day = 10; day < 90; day += 10) {
      clock.advance(10 * DAY);
      expect((await old.get('/api/user')).status, `day ${day}`).toBe(200);
    }
    clock.advance(10 * DAY);
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('marks a session used at most once an hour, and logs out with the XSRF header where Sec-Fetch-Site is missing', async () => {
    await registerByEmail('busy@example.my', 'Busy');
    const visitor = await signIn('busy@example.my');
    const { id: userId } = (await copy.repos.users.findCredentials({ email: 'busy@example.my' }))!;
    const seen = async () => (await copy.query.selectFrom('sessions').select('last_seen_at').where('user_id', '=', userId).executeTakeFirstOrThrow()).last_seen_at;
    const first = await seen();
    await visitor.get('/api/user');
    expect(await seen()).toBe(first);
    clock.advance(2 * 60 * 60_000);
    await visitor.get('/api/user');
    // The touch is written behind the request.
    await expect.poll(async () => Date.parse(await seen())).toBeGreaterThan(clock.now() - 60_000);
    const out = await visitor.get('/api/auth/logout', { 'X-XSRF-TOKEN': decodeURIComponent(visitor.jar.get('XSRF-TOKEN')!) });
    expect(out.status).toBe(200);
    expect(await sessionRows('busy@example.my')).toBe(0);
  });
});

describe('brute force', () => {
  it(`blocks an account from a client after ${SIGN_IN_LIMITS.accountClient.points} wrong passwords, however the e-mail is written`, async () => {
    await registerByEmail('target@example.my', 'Target');
    const attacker = browser();
    // Case, spaces and full-width letters all name the same account.
    const spellings = ['target@example.my', 'TARGET@example.my', ' target@example.my ', 'ｔａｒｇｅｔ@example.my', 'Target@Example.My'];
    let refused = 0;
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountClient.points + 5; attempt += 1) {
      const answer = await attacker.post('/api/auth/login', { email: spellings[attempt % spellings.length], password: `guess-${attempt}-xyz` });
      if (answer.status === 422) refused += 1;
      else {
        expect(answer.status).toBe(429);
        expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThan(0);
      }
    }
    expect(refused).toBe(SIGN_IN_LIMITS.accountClient.points);
    // Even the right password is refused while blocked; another client is not affected.
    expect((await attacker.post('/api/auth/login', { email: 'target@example.my', password: PASSWORD })).status).toBe(429);
    expect((await browser().post('/api/auth/login', { email: 'target@example.my', password: PASSWORD })).status).toBe(200);
  });

  it(`evaluates at most ${SIGN_IN_LIMITS.account.points} wrong passwords an hour from clients that are not the account's devices, while its device still signs in`, async () => {
    await registerByEmail('botnet-target@example.my', 'Botnet Target');
    // The owner's browser signed in before: it carries the account's device cookie.
    const owner = await signIn('botnet-target@example.my');
    expect(owner.jar.get('yp_device')).toMatch(/^\d+\.[\w-]{22}\.[\w-]{32}$/);
    owner.jar.delete('yp_session');
    // 60 wrong passwords, each from its own address (as a botnet, behind a proxy that names each client).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 60; attempt += 1) {
      statuses.push((await browser(`198.18.${attempt >> 8}.${attempt & 255}`).post('/api/auth/login', { email: 'botnet-target@example.my', password: `leaked-${attempt}-xyz` })).status);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(SIGN_IN_LIMITS.account.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - SIGN_IN_LIMITS.account.points);
    // A new client with the right password waits too (Retry-After): the account's allowance for unknown clients is spent.
    const stranger = await browser('198.18.9.9').post('/api/auth/login', { email: 'botnet-target@example.my', password: PASSWORD });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The owner's device signs in during the flood, with the right password and the code.
    ageCodes('botnet-target@example.my', 2);
    const login = await owner.post('/api/auth/login', { email: 'botnet-target@example.my', password: PASSWORD });
    expect(login.status).toBe(200);
    const done = await owner.post('/api/auth/2fa', { temp_token: (login.body.data as { temp_token: string }).temp_token, code: latestCode(outbox, 'botnet-target@example.my') });
    expect(done.status).toBe(200);
    // A forged device cookie, or another account's, is any other client.
    const forger = browser('198.18.9.10');
    forger.jar.set('yp_device', owner.jar.get('yp_device')!.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')));
    expect((await forger.post('/api/auth/login', { email: 'botnet-target@example.my', password: PASSWORD })).status).toBe(429);
    // Attempts stay logged, counted in the database.
    const logged = await copy.query.selectFrom('auth_attempts').select('id').where('identifier', '=', 'botnet-target@example.my').where('outcome', '=', 'bad_credentials').execute();
    expect(logged).toHaveLength(SIGN_IN_LIMITS.account.points);
  });

  it('lets a browser that reset the password sign in while the account’s allowance for strangers is spent (probe finding 8)', async () => {
    await registerByEmail('reset-during-flood@example.my', 'Reset During Flood');
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.account.points + 5; attempt += 1) {
      await browser(`198.19.${attempt >> 8}.${attempt & 255}`).post('/api/auth/login', { email: 'reset-during-flood@example.my', password: `leaked-${attempt}-xyz` });
    }
    const newBrowser = browser('198.19.9.9');
    expect((await newBrowser.post('/api/auth/login', { email: 'reset-during-flood@example.my', password: PASSWORD })).status).toBe(429);
    // The reset code proves the mailbox: the browser that used it becomes one of the account's devices.
    expect((await newBrowser.post('/api/password/verification', { email: 'reset-during-flood@example.my' })).status).toBe(200);
    const fresh = 'a fresh secret after the flood';
    const reset = await newBrowser.post('/api/password/reset', { email: 'reset-during-flood@example.my', code: latestCode(outbox, 'reset-during-flood@example.my'), password: fresh, password_confirmation: fresh });
    expect(reset.status).toBe(200);
    expect(newBrowser.jar.get('yp_device')).toMatch(/^\d+\.[\w-]{22}\.[\w-]{32}$/);
    expect((await newBrowser.post('/api/auth/login', { email: 'reset-during-flood@example.my', password: fresh })).status).toBe(200);
    // Another new browser still waits: the allowance for strangers stays spent.
    expect((await browser('198.19.9.10').post('/api/auth/login', { email: 'reset-during-flood@example.my', password: fresh })).status).toBe(429);
  });

  it('limits wrong two-factor codes per account and client too', async () => {
    await registerByEmail('codes@example.my', 'Codes');
    const attacker = browser();
    let blocked = false;
    for (let round = 0; round < 4 && !blocked; round += 1) {
      ageCodes('codes@example.my', 2);
      const login = await attacker.post('/api/auth/login', { email: 'codes@example.my', password: PASSWORD });
      if (login.status === 429) { blocked = true; break; }
      const tempToken = (login.body.data as { temp_token: string }).temp_token;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const answer = await attacker.post('/api/auth/2fa', { temp_token: tempToken, code: String(100000 + round * 10 + attempt) });
        if (answer.status === 429) { blocked = true; break; }
      }
    }
    expect(blocked).toBe(true);
  });
});

describe('forgot password', () => {
  it('answers alike for unknown addresses, resets with the code, and ends every session', async () => {
    await registerByEmail('forgetful@example.my', 'Forgetful');
    const signedIn = await signIn('forgetful@example.my');
    const visitor = browser();
    const known = await visitor.post('/api/password/verification', { email: 'forgetful@example.my' });
    const unknown = await visitor.post('/api/password/verification', { email: 'ghost@example.my' });
    expect(known.status).toBe(200);
    expect(unknown.body.message?.replace('ghost', '')).toBe(known.body.message);
    expect(messagesTo(outbox, 'ghost@example.my')).toHaveLength(0);

    const reset = { email: 'forgetful@example.my', code: latestCode(outbox, 'forgetful@example.my'), password: 'a brand new secret', password_confirmation: 'a brand new secret' };
    expect((await visitor.post('/api/password/reset', { ...reset, password_confirmation: 'nope nope nope' })).status).toBe(422);
    const done = await visitor.post('/api/password/reset', reset);
    expect(done.status).toBe(200);
    expect(done.cookies.some((cookie) => cookie.includes('yp_session'))).toBe(false);
    expect((await signedIn.get('/api/user')).status).toBe(401);
    expect((await visitor.post('/api/auth/login', { email: 'forgetful@example.my', password: PASSWORD })).status).toBe(422);
    expect((await visitor.post('/api/auth/login', { email: 'forgetful@example.my', password: 'a brand new secret' })).status).toBe(200);
    expect((await visitor.post('/api/password/reset', reset)).status).toBe(422);
  });
});

describe('limits on resetting', () => {
  it('blocks wrong reset codes for an account from a client with a 429', async () => {
    await registerByEmail('reset-target@example.my', 'Reset Target');
    const attacker = browser();
    await attacker.post('/api/password/verification', { email: 'reset-target@example.my' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountClient.points + 2; attempt += 1) {
      statuses.push((await attacker.post('/api/password/reset', {
        email: 'reset-target@example.my', code: String(200000 + attempt), password: 'a brand new secret', password_confirmation: 'a brand new secret',
      })).status);
    }
    expect(statuses.filter((status) => status === 422)).toHaveLength(SIGN_IN_LIMITS.accountClient.points);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('account calls', () => {
  it('answer 401 when signed out', async () => {
    const visitor = browser();
    for (const [method, path] of [['GET', '/api/user'], ['GET', '/api/account'], ['PATCH', '/api/account/password'], ['POST', '/api/account/upgrade'], ['POST', '/api/account/verification']] as const) {
      expect((await visitor.call(method, path, method === 'GET' ? undefined : {})).status).toBe(401);
    }
  });

  it('change the password with the current one; the other sessions end', async () => {
    await registerByEmail('changer@example.my', 'Changer');
    const here = await signIn('changer@example.my');
    ageCodes('changer@example.my', 61);
    const elsewhere = await signIn('changer@example.my');
    const empty = await here.patch('/api/account/password', {});
    expect(Object.keys(empty.body.errors!).sort()).toEqual(['current_password', 'password', 'password_confirmation']);
    const wrong = await here.patch('/api/account/password', { current_password: 'wrong one!', password: 'teh tarik kurang manis', password_confirmation: 'teh tarik kurang manis' });
    expect(wrong.body.errors!.current_password).toEqual(['The current password is incorrect.']);
    const changed = await here.patch('/api/account/password', { current_password: PASSWORD, password: 'teh tarik kurang manis', password_confirmation: 'teh tarik kurang manis' });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect(messagesTo(outbox, 'changer@example.my').at(-1)).toContain('password was changed');
  });

  it('become an advertiser with a phone number confirmed by its code', async () => {
    await registerByEmail('seller@example.my', 'Seller');
    const visitor = await signIn('seller@example.my');
    const missing = await visitor.post('/api/account/upgrade', {});
    expect(missing.body.errors!.phone_number).toEqual(['The phone number field is required.']);
    const noCode = await visitor.post('/api/account/upgrade', { phone_number_country: '60', phone_number: '60197770001' });
    expect(noCode.body.errors!.code).toBeDefined();
    await registerByEmail('other@example.my', 'Other');
    const other = await signIn('other@example.my');
    expect((await visitor.post('/api/account/verification', { type: 'phone', phone_number_country: '60', phone_number: '60197770001' })).status).toBe(200);
    const code = latestCode(outbox, '60197770001');
    // The code belongs to this account: another account cannot use it.
    expect((await other.post('/api/account/upgrade', { phone_number_country: '60', phone_number: '60197770001', code })).status).toBe(422);
    // Asking for another role too gets only the advertiser's: operators are made by `npm run operator` alone.
    const upgraded = await visitor.post('/api/account/upgrade', { phone_number_country: '60', phone_number: '60197770001', code, role: 'operator', roles: ['operator'] });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data).toMatchObject({ roles: [{ name: 'advertiser' }], phone_number: '60197770001' });
    expect((upgraded.body.data as { roles: unknown[] }).roles).toHaveLength(1);
    // The number is now taken.
    expect((await other.post('/api/account/verification', { phone_number_country: '60', phone_number: '0197770001' })).status).toBe(422);
  });
});
