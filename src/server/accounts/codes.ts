/**
 * One-time codes (register, reset, sign-in, confirming an address): six random digits, sent by mail
 * or SMS through the outbox, stored only as a hash bound to their purpose, address and sign-in
 * challenge (ASVS 6.6.2), single use, valid 10 minutes, dead after 5 wrong tries. An address gets at
 * most one code a minute and 5 an hour per purpose; a client asks for at most 20 an hour.
 */
import { createHash, randomInt } from 'node:crypto';
import type { CodePurpose } from '../db/rows.ts';
import type { ContactAddress } from '../../shared/schemas/accounts.ts';
import type { Locale } from '../../shared/locale.ts';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { SignInGuard } from './brute-force.ts';
import { invalid, tooMany } from '../errors.ts';
import { accountExistsMail, accountExistsSms, codeMail, codeSms } from './messages.ts';

export const CODE_RULES = { ttlMs: 10 * 60_000, maxWrongTries: 5, gapMs: 60_000, perHour: 5 } as const;

/** The address codes are stored under: the e-mail, or the phone number's digits. */
export function addressOf(contact: ContactAddress): string {
  return contact.channel === 'email' ? contact.email : contact.phone_number;
}

function codeHash(purpose: CodePurpose, address: string, challengeId: string | null, code: string): string {
  return createHash('sha256').update(`${purpose}\n${address}\n${challengeId ?? ''}\n${code}`).digest('hex');
}

export interface CodeRequest {
  purpose: CodePurpose;
  contact: ContactAddress;
  /** The sign-in challenge a login code belongs to. */
  challengeId?: string | null;
  /** The account a 'verify' code belongs to. */
  userId?: number | null;
  client: string;
  /** The key the code is stored under, when not the address itself (a 'verify' code: the user id and the address). */
  storeAs?: string;
  /** Whether the one-a-minute rule applies (a fresh sign-in sends its code at once; resends wait). */
  gap?: boolean;
  /**
   * What reaches the address: the code; a notice that it already has an account (sign-up of a taken
   * address); or nothing (a reset for an unknown address). The answer and the limits are the same in
   * all three, so they do not tell whether an account exists.
   */
  deliver: 'code' | 'account-exists' | 'nothing';
  /** The language of the mail or SMS (issue 42): the account's, or the asking page's before there is one. */
  locale: Locale;
}

/** What sending and using codes need: the codes' table, the clock, the outbox, and the send counter of the brute-force limits. */
export interface CodeDeps {
  repos: Repositories;
  clock: Clock;
  outbox: Pick<Outbox, 'queueMail' | 'queueSms'>;
  signIn: Pick<SignInGuard, 'countCodeSend'>;
}

/** Stores a new code (the older ones of the purpose and address stop working) and delivers it; 429 past the send limits. */
export async function sendCode(app: CodeDeps, request: CodeRequest): Promise<void> {
  const address = request.storeAs ?? addressOf(request.contact);
  const now = app.clock.now();
  const sends = await app.repos.auth.findCodeSendTimes(request.purpose, address, new Date(now - 60 * 60_000).toISOString());
  const last = sends[0] ? Date.parse(sends[0]) : 0;
  const wait = sends.length >= CODE_RULES.perHour
    ? Date.parse(sends[CODE_RULES.perHour - 1]!) + 60 * 60_000 - now
    : request.gap === false ? 0 : last + CODE_RULES.gapMs - now;
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw sends.length >= CODE_RULES.perHour ? tooMany('too_many_codes', seconds) : tooMany('wait_before_code', seconds, { seconds });
  }
  await app.signIn.countCodeSend(request.client);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const challengeId = request.challengeId ?? null;
  // The code and its message in one transaction (decision 0015). The message is made in every case and queued (its
  // sending never awaited), so the answer takes the same time whether the address has an account or not (security
  // probe item 5); a reset for an unknown address stores no message.
  const minutes = CODE_RULES.ttlMs / 60_000;
  const to = addressOf(request.contact);
  await app.repos.transaction(async (tx) => {
    await tx.auth.insertCode({
      purpose: request.purpose, address, challengeId, userId: request.userId ?? null,
      codeHash: codeHash(request.purpose, address, challengeId, code), createdAt: new Date(now).toISOString(), expiresAt: new Date(now + CODE_RULES.ttlMs).toISOString(),
    });
    if (request.contact.channel === 'email') {
      const mail = request.deliver === 'account-exists' ? accountExistsMail(to, request.locale) : codeMail(to, request.purpose, code, minutes, request.locale);
      await app.outbox.queueMail(mail, { deliver: request.deliver !== 'nothing', tx });
    } else {
      const text = request.deliver === 'account-exists' ? accountExistsSms(request.locale) : codeSms(request.purpose, code, minutes, request.locale);
      if (request.deliver !== 'nothing') await app.outbox.queueSms({ to, text }, { tx });
    }
  });
}

/**
 * Uses the newest code of the purpose and address (and challenge): true when `code` is it, unused and
 * unexpired. A wrong code counts a try; the fifth wrong try kills the code. Throws the 422 otherwise.
 */
export async function useCode(app: CodeDeps, purpose: CodePurpose, contact: ContactAddress | string, code: string, challengeId: string | null = null): Promise<void> {
  const address = typeof contact === 'string' ? contact : addressOf(contact);
  const row = await app.repos.auth.findLatestCode(purpose, address, challengeId);
  const refused = () => invalid('code', 'code_invalid');
  if (!row || row.used_at !== null || Date.parse(row.expires_at) <= app.clock.now() || row.failed_attempts >= CODE_RULES.maxWrongTries) throw refused();
  if (row.code_hash !== codeHash(purpose, address, challengeId, code)) {
    await app.repos.auth.recordWrongCode(row.id);
    throw refused();
  }
  if (!(await app.repos.auth.useCode(row.id))) throw refused();
}
