/** The mail and SMS texts of signing in: codes, a notice when an address already has an account, a password change. */
import { SITE_NAME } from '../../shared/seo.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Mail } from '../outbox/outbox.ts';
import type { CodePurpose } from '../db/rows.ts';

const CODE_PURPOSE_TEXT: Record<CodePurpose, string> = {
  register: 'to finish creating your account',
  reset: 'to reset your password',
  login: 'to log in',
  verify: 'to confirm this address',
  claim: 'to claim your business on our directory',
};

export function codeMail(to: string, purpose: CodePurpose, code: string, minutes: number): Mail {
  return composeMail(to, `Your verification code ${code}`, [
    `Your verification code is ${code}. Enter it ${CODE_PURPOSE_TEXT[purpose]}.`,
    `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail: nothing changes without the code.`,
  ]);
}

export function codeSms(purpose: CodePurpose, code: string, minutes: number): string {
  return `${SITE_NAME}: your code is ${code}, ${CODE_PURPOSE_TEXT[purpose]}. It expires in ${minutes} minutes. Never share it.`;
}

/** Sent instead of a sign-up code when the address already has an account (the answer to the form stays the same). */
export function accountExistsMail(to: string): Mail {
  return composeMail(to, 'You already have an account', [
    'Someone asked to create an account with this address, but you already have one.',
    'Log in instead, or use "Forgot password" to set a new password. If it was not you, ignore this mail.',
  ]);
}

export function accountExistsSms(): string {
  return `${SITE_NAME}: this number already has an account. Log in or use Forgot password.`;
}

export function passwordChangedMail(to: string): Mail {
  return composeMail(to, 'Your password was changed', [
    'The password of your account was just changed, and your other devices were signed out.',
    'If it was not you, use "Forgot password" at once to set a new one.',
  ]);
}

/** To the old address when the e-mail changes (so a taken-over account is noticed). */
export function emailChangedMail(to: string, newEmail: string): Mail {
  return composeMail(to, 'Your email address was changed', [
    `The email address of your account was changed to ${newEmail}. Mail about your account now goes there.`,
    'If it was not you, reply to this mail or contact us at once.',
  ]);
}

export function deletionRequestedMail(to: string, days: number): Mail {
  return composeMail(to, 'Your account will be deleted', [
    `You asked to delete your account. It will be deleted in ${days} days, with your profile, photo and CV; your reviews stay, signed 'Former member'.`,
    'Changed your mind? Log in and choose "Cancel deletion" on your profile page before then.',
  ]);
}
