/**
 * The account flows of spec §4, §5 and §7 (decision 0005): sign-up with a code, sign-in with a password
 * then a code (two steps joined by a temp_token), forgot password, change password, becoming an
 * advertiser. Answers never tell whether an address has an account: a wrong address and a wrong
 * password get the same message in the same time, and code requests the same answer.
 */
import type { Actor } from '../policies.ts';
import { randomBytes } from 'node:crypto';
import { ADVERTISER_ROLE } from '../../shared/constants.ts';
import {
  ChangePasswordSchema, CodeRequestSchema, LoginSchema, RegisterSchema, ResetPasswordSchema, TempTokenSchema, TwoFactorSchema, UpgradeSchema,
  type ContactAddress, type User,
} from '../../shared/schemas/accounts.ts';
import type { AppContext } from '../app-types.ts';
import { refuseSuspended } from './suspension.ts';
import type { Repositories } from '../db/repositories.ts';
import type { AuthAttempt, ChallengeRow, CredentialsRow, SessionRow, UserRow } from '../db/rows.ts';
import type { Locale } from '../../shared/locale.ts';
import { ConflictError } from '../db/errors.ts';
import { AppError, parseInput, invalid } from '../errors.ts';
import { identifierKey } from './brute-force.ts';
import { deviceCookie, deviceOf } from './devices.ts';
import { addressOf, CODE_RULES, sendCode, useCode } from './codes.ts';
import { passwordChangedMail } from './messages.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';
import { sha256, startSession } from './sessions.ts';
import { toUserJson } from './user-json.ts';
import { say } from '../../shared/said.ts';


/** Who is asking: the client key, the session the request came with (replaced at sign-in), and its Cookie header. */
export interface Caller {
  client: string;
  session: SessionRow | null;
  /** The request's cookies (a device cookie of the account signing in, accounts/devices.ts). */
  cookies?: string | null;
  /** The language of the asking page (issue 42: its Accept-Language), for what goes out before there is an account. */
  locale?: Locale;
}

function field(contact: ContactAddress): 'email' | 'phone_number' {
  return contact.channel === 'email' ? 'email' : 'phone_number';
}

function sentTo(contact: ContactAddress): string {
  return contact.channel === 'email' ? 'your email' : 'your phone number';
}

function credentialsOf(app: AppContext, contact: ContactAddress): Promise<CredentialsRow | undefined> {
  return app.repos.users.findCredentials(contact.channel === 'email' ? { email: contact.email } : { phone_number: contact.phone_number });
}

/** The brute-force key of an identifier: its account when there is one, else its skeleton. */
function limitKey(contact: ContactAddress, account: { id: number } | undefined): string {
  return account ? `user:${account.id}` : `id:${identifierKey(addressOf(contact))}`;
}

async function log(app: AppContext, attempt: AuthAttempt): Promise<void> {
  await app.repos.auth.logAttempt(attempt).catch((error: unknown) => console.error('Logging a sign-in attempt failed', error));
}

/** A 422 on `password` when the new password is common or too easy to guess (passwords.ts). */
function refuseWeakPassword(password: string, personal: readonly (string | null | undefined)[] = []): void {
  const problem = passwordProblem(password, personal.filter((value): value is string => Boolean(value)));
  if (problem) throw invalid('password', problem);
}

/** The signed-in user's row; a 401 when the account is gone. */
export async function requireUser(app: { repos: Pick<Repositories, 'users'> }, userId: number): Promise<UserRow> {
  const user = await app.repos.users.findUser(userId);
  if (!user) throw new AppError('unauthenticated');
  return user;
}

/** The signed-in person as the policies see them (policies.ts). */
export async function actorOf(app: AppContext, userId: number): Promise<Actor> {
  const user = await requireUser(app, userId);
  return { id: user.id, roles: user.roles };
}

export async function userJson(app: AppContext, userId: number): Promise<User> {
  return toUserJson(app.media, await requireUser(app, userId));
}

/** POST register/verification: a code to the address, or (when it already has an account) a notice instead. */
export async function sendRegisterCode(app: AppContext, input: unknown, caller: Caller) {
  const { contact } = parseInput(CodeRequestSchema, input);
  const existing = await credentialsOf(app, contact);
  await sendCode(app, { purpose: 'register', contact, client: caller.client, deliver: existing ? 'account-exists' : 'code', locale: existing?.locale ?? caller.locale ?? 'en' });
  return { status: true, message: say('api_code_sent_to', { contact: sentTo(contact) }) };
}

/** POST register: creates the account once the code checks out. The person then logs in (spec §4). */
export async function register(app: AppContext, input: unknown, caller: Caller) {
  const form = parseInput(RegisterSchema, input);
  refuseWeakPassword(form.password, [form.name, addressOf(form.contact)]);
  const key = limitKey(form.contact, undefined);
  await app.signIn.attempt(key, caller.client);
  try {
    await useCode(app, 'register', form.contact, form.code);
  } catch (error) {
    await app.signIn.fail(key, caller.client);
    await log(app, { action: 'register', identifier: addressOf(form.contact), userId: null, client: caller.client, outcome: 'bad_code' });
    throw error;
  }
  await app.signIn.passed(key, caller.client);
  const taken = () => invalid(field(form.contact), form.contact.channel === 'email' ? 'email_taken' : 'phone_number_taken');
  if (await credentialsOf(app, form.contact)) throw taken();
  const passwordHash = await hashPassword(form.password);
  const userId = await app.repos.transaction(async (tx) => {
    const id = await tx.users.createUser({
      name: form.name,
      email: form.contact.channel === 'email' ? form.contact.email : null,
      phone_number: form.contact.channel === 'sms' ? form.contact.phone_number : null,
      phone_number_country: form.contact.channel === 'sms' ? form.contact.phone_number_country : null,
      password_hash: passwordHash,
      locale: caller.locale ?? 'en',
    });
    // The code just proved the number (one number, one account: it is this account's unless another proved it first).
    if (form.contact.channel === 'sms') await tx.verifications.proveNumber(form.contact.phone_number, id, 'account');
    return id;
  }).catch((error: unknown) => {
    if (error instanceof ConflictError) throw taken();
    throw error;
  });
  await log(app, { action: 'register', identifier: addressOf(form.contact), userId, client: caller.client, outcome: 'success' });
  return { status: true, message: say('api_account_created') };
}

/** Where a user's sign-in codes go: the channel they signed in with, when the account has that address. */
function channelOf(user: Pick<UserRow, 'email' | 'phone_number' | 'phone_number_country'>, preferred: 'email' | 'sms'): ContactAddress {
  if ((preferred === 'sms' || !user.email) && user.phone_number) {
    return { channel: 'sms', phone_number: user.phone_number, phone_number_country: user.phone_number_country ?? '' };
  }
  return { channel: 'email', email: user.email! };
}

/**
 * POST auth/login: checks the password (the same message and time for a wrong address or password)
 * and, when right, starts the second step: a temp_token and a code through the account's channel.
 */
export async function login(app: AppContext, input: unknown, caller: Caller) {
  const { contact, password } = parseInput(LoginSchema, input);
  const account = await credentialsOf(app, contact);
  const key = limitKey(contact, account);
  // A browser the account signed in on has an allowance of its own; every other client shares the account's (issue 38).
  const step = { device: account ? deviceOf(caller.cookies, app.secrets.device, account.id) : null };
  await app.signIn.attempt(key, caller.client, step);
  const identifier = addressOf(contact);
  if (!(await verifyPassword(account?.password_hash, password)) || !account) {
    await app.signIn.fail(key, caller.client, step);
    await log(app, { action: 'login', identifier, userId: account?.id ?? null, client: caller.client, outcome: 'bad_credentials' });
    throw invalid(field(contact), 'bad_credentials');
  }
  await app.signIn.passed(key, caller.client, step);
  await refuseSuspended(app, account.id);
  const tempToken = randomBytes(32).toString('base64url');
  const codeContact = channelOf(account, contact.channel);
  const challenge: ChallengeRow = {
    id: sha256(tempToken), user_id: account.id, channel: codeContact.channel, expires_at: new Date(app.clock.now() + CODE_RULES.ttlMs).toISOString(),
  };
  await app.repos.auth.insertChallenge(challenge);
  await sendCode(app, { purpose: 'login', contact: codeContact, challengeId: challenge.id, client: caller.client, deliver: 'code', gap: false, locale: account.locale });
  await log(app, { action: 'login', identifier, userId: account.id, client: caller.client, outcome: 'password_ok' });
  return { message: say('api_code_sent_to', { contact: sentTo(codeContact) }), data: { temp_token: tempToken } };
}

/** The live challenge of a temp_token, with the user and the address its codes go to; 422 when it is gone. */
async function challengeOf(app: AppContext, tempToken: string) {
  const challenge = await app.repos.auth.findChallenge(sha256(tempToken));
  const user = challenge && Date.parse(challenge.expires_at) > app.clock.now() ? await app.repos.users.findUser(challenge.user_id) : undefined;
  if (!challenge || !user) throw invalid('temp_token', 'login_expired');
  return { challenge, user, contact: channelOf(user, challenge.channel) };
}

/** POST 2fa/verification: sends a new sign-in code for the temp_token (the resend of spec §7). */
export async function resendLoginCode(app: AppContext, input: unknown, caller: Caller) {
  const { temp_token } = parseInput(TempTokenSchema, input);
  const { challenge, user, contact } = await challengeOf(app, temp_token);
  await sendCode(app, { purpose: 'login', contact, challengeId: challenge.id, client: caller.client, deliver: 'code', locale: user.locale });
  return { status: true, message: say('api_new_code_sent_to', { contact: sentTo(contact) }) };
}

/** POST auth/2fa: the code of the temp_token; a new session (replacing the caller's) and the user. */
export async function completeLogin(app: AppContext, input: unknown, caller: Caller) {
  const { temp_token, code } = parseInput(TwoFactorSchema, input);
  const { challenge, user, contact } = await challengeOf(app, temp_token);
  const key = `user:${user.id}`;
  await app.signIn.attempt(key, caller.client);
  try {
    await useCode(app, 'login', contact, code, challenge.id);
  } catch (error) {
    await app.signIn.fail(key, caller.client);
    await log(app, { action: '2fa', identifier: addressOf(contact), userId: user.id, client: caller.client, outcome: 'bad_code' });
    throw error;
  }
  await app.repos.auth.deleteChallenge(challenge.id);
  await refuseSuspended(app, user.id);
  // The browser becomes one of the account's devices (accounts/devices.ts).
  const cookies = [...await startSession(app, user.id, caller.client, caller.session), deviceCookie(app.secrets.device, user.id, app.config.siteUrl)];
  await app.signIn.succeed(key, caller.client);
  await log(app, { action: '2fa', identifier: addressOf(contact), userId: user.id, client: caller.client, outcome: 'success' });
  return { body: { status: true, message: say('api_logged_in'), data: toUserJson(app.media, user) }, cookies };
}

/** POST password/verification: a reset code when the address has an account; the same answer when not. */
export async function sendResetCode(app: AppContext, input: unknown, caller: Caller) {
  const { contact } = parseInput(CodeRequestSchema, input);
  const account = await credentialsOf(app, contact);
  await sendCode(app, { purpose: 'reset', contact, client: caller.client, deliver: account ? 'code' : 'nothing', locale: account?.locale ?? caller.locale ?? 'en' });
  return { status: true, message: say('api_code_sent_if_account', { contact: sentTo(contact) }) };
}

/**
 * POST password/reset: a new password with the reset code. Every session of the account ends (and its live streams);
 * the person then logs in, with the second step (a reset never skips it, ASVS 6.4.3). The code proved the mailbox, so
 * the browser becomes one of the account's devices, as a sign-in makes it (probe finding 8): guesses made elsewhere no
 * longer lock it out.
 */
export async function resetPassword(app: AppContext, input: unknown, caller: Caller) {
  const form = parseInput(ResetPasswordSchema, input);
  refuseWeakPassword(form.password, [addressOf(form.contact)]);
  const account = await credentialsOf(app, form.contact);
  const key = limitKey(form.contact, account);
  await app.signIn.attempt(key, caller.client);
  try {
    await useCode(app, 'reset', form.contact, form.code);
    if (!account) throw invalid('code', 'code_invalid');
  } catch (error) {
    await app.signIn.fail(key, caller.client);
    await log(app, { action: 'reset', identifier: addressOf(form.contact), userId: account?.id ?? null, client: caller.client, outcome: 'bad_code' });
    throw error;
  }
  await app.repos.users.setPassword(account.id, await hashPassword(form.password), null);
  await app.live.closeEnded(account.id);
  await app.signIn.succeed(key, caller.client);
  await log(app, { action: 'reset', identifier: addressOf(form.contact), userId: account.id, client: caller.client, outcome: 'success' });
  return { body: { status: true, message: say('api_password_reset') }, cookies: [deviceCookie(app.secrets.device, account.id, app.config.siteUrl)] };
}

/** PATCH account/password: needs the current password; the other sessions end (ASVS 6.2.3, 7.4.3). */
export async function changePassword(app: AppContext, userId: number, input: unknown, caller: Caller) {
  const form = parseInput(ChangePasswordSchema, input);
  const user = await app.repos.users.findUser(userId);
  await checkCurrentPassword(app, userId, user && await passwordHashOf(app, user), form.current_password, caller);
  // A right password means the account exists.
  refuseWeakPassword(form.password, [user!.name, user!.email, user!.phone_number]);
  const hash = await hashPassword(form.password);
  await app.repos.transaction(async (tx) => {
    await tx.users.setPassword(userId, hash, caller.session?.id ?? null);
    if (user!.email) await app.outbox.queueMail(passwordChangedMail(user!.email, user!.locale), { tx });
  });
  await app.live.closeEnded(userId);
  return { status: true, message: say('api_password_changed') };
}

/**
 * POST account/upgrade (spec §4 Become advertiser): adds the advertiser role. A phone number is
 * required; a number that is not the account's own yet needs the code sent to it (account/verification).
 */
export async function becomeAdvertiser(app: AppContext, userId: number, input: unknown, caller: Caller) {
  const { contact, code } = parseInput(UpgradeSchema, input);
  const user = await requireUser(app, userId);
  if (contact.phone_number === user.phone_number) {
    await app.repos.users.addRole(userId, ADVERTISER_ROLE);
  } else {
    const owner = await app.repos.users.findCredentials({ phone_number: contact.phone_number });
    if (owner && owner.id !== userId) await refuseTakenAddress(app, userId, caller, 'phone_number');
    if (!code) throw invalid('code', 'enter_code_sent_phone');
    await useAccountCode(app, userId, caller, contact.phone_number, code);
    await app.repos.transaction(async (tx) => {
      await tx.users.addRole(userId, ADVERTISER_ROLE, contact);
      await accountPhoneProved(tx, userId, contact.phone_number, user.phone_number);
    });
  }
  return { status: true, message: say('api_now_advertiser'), data: await userJson(app, userId) };
}

/**
 * An account's phone was set with the code sent to it, in the transaction that sets it: the number is proved by this
 * account (unless another proved it first), and the number it had before, proved only as its phone, is free again.
 */
export async function accountPhoneProved(tx: Repositories, userId: number, number: string, previous: string | null): Promise<void> {
  await tx.verifications.proveNumber(number, userId, 'account');
  if (previous !== null && previous !== number) await tx.verifications.releaseAccountNumber(previous, userId);
}

/**
 * A signed-in person asked for an address another account already has. The answer says so (they must
 * choose another, and would expect to be told), but each such answer takes an attempt from the same
 * per-account and per-client budget as a wrong code, so nobody can test a list of addresses with it
 * (security probe item 4): past 10, 429 for 15 minutes.
 */
export async function refuseTakenAddress(app: AppContext, userId: number, caller: Caller, field: 'email' | 'phone_number'): Promise<never> {
  const key = `user:${userId}`;
  await app.signIn.attempt(key, caller.client);
  await app.signIn.fail(key, caller.client);
  throw invalid(field, field === 'email' ? 'email_taken' : 'phone_number_taken');
}

/** How long after signing in (a password and a code) a session may change its e-mail without the password again. */
const RECENT_PROOF_MS = 15 * 60_000;

/**
 * Asks for proof before a change that could take the account over (the e-mail, then a reset): the current
 * password, unless this session signed in within RECENT_PROOF_MS. An account without a password (social
 * sign-in) signs in again instead. A wrong password counts against the brute-force limits.
 */
export async function requireRecentProof(app: AppContext, user: UserRow, caller: Caller, password: string | undefined): Promise<void> {
  if (caller.session && app.clock.now() - Date.parse(caller.session.created_at) < RECENT_PROOF_MS) return;
  const hash = await passwordHashOf(app, user);
  if (!hash) {
    throw invalid('current_password', 'sign_in_again_for_email');
  }
  if (!password) {
    throw invalid('current_password', 'enter_current_password');
  }
  await checkCurrentPassword(app, user.id, hash, password, caller);
}

/** The account's password hash; none for an account made by social sign-in. */
async function passwordHashOf(app: AppContext, user: Pick<UserRow, 'email' | 'phone_number'>): Promise<string | null | undefined> {
  return (await app.repos.users.findCredentials(user.email ? { email: user.email } : { phone_number: user.phone_number! }))?.password_hash;
}

/**
 * Checks the current password a signed-in person typed, under the brute-force limits (the attempt is taken
 * before Argon2 runs and given back when right); a 422 on `current_password` when it is wrong.
 */
async function checkCurrentPassword(app: AppContext, userId: number, hash: string | null | undefined, password: string, caller: Caller, field = 'current_password'): Promise<void> {
  const key = `user:${userId}`;
  await app.signIn.attempt(key, caller.client);
  if (!(await verifyPassword(hash, password))) {
    await app.signIn.fail(key, caller.client);
    throw invalid(field, 'current_password_wrong');
  }
  await app.signIn.passed(key, caller.client);
}

/** The signed-in person's password, checked under the brute-force limits (the operator console's re-authentication); a 422 on `password`. */
export async function checkPassword(app: AppContext, user: UserRow, password: string, caller: Caller): Promise<void> {
  await checkCurrentPassword(app, user.id, await passwordHashOf(app, user), password, caller, 'password');
}

/** An account code is stored under the user id and the address: it works only for the account it was sent for. */
function accountCodeKey(userId: number, address: string): string {
  return `${userId}:${address}`;
}

/** Uses the code POST account/verification sent to `address` for this user, counted against the account's brute-force limit. */
export async function useAccountCode(app: AppContext, userId: number, caller: Caller, address: string, code: string): Promise<void> {
  const key = `user:${userId}`;
  await app.signIn.attempt(key, caller.client);
  try {
    await useCode(app, 'verify', accountCodeKey(userId, address), code);
  } catch (error) {
    await app.signIn.fail(key, caller.client);
    throw error;
  }
  await app.signIn.passed(key, caller.client);
}

/**
 * POST account/verification: a code to an address the signed-in user wants to add (a new e-mail, or
 * the phone number of becoming an advertiser). Codes are bound to the user and the address.
 */
export async function sendAccountCode(app: AppContext, userId: number, input: unknown, caller: Caller) {
  const { contact } = parseInput(CodeRequestSchema, input);
  const owner = await credentialsOf(app, contact);
  if (owner && owner.id !== userId) await refuseTakenAddress(app, userId, caller, field(contact));
  const { locale } = await requireUser(app, userId);
  await sendCode(app, { purpose: 'verify', contact, storeAs: accountCodeKey(userId, addressOf(contact)), userId, client: caller.client, deliver: 'code', locale });
  return { status: true, message: say(contact.channel === 'email' ? 'api_code_sent_new_email' : 'api_code_sent_phone') };
}
