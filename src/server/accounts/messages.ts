/** The mail and SMS texts of signing in: codes, a notice when an address already has an account, a password change. */
import { SITE_NAME } from '../../shared/seo.ts';
import { composeMail } from '../outbox/compose.ts';
import type { Mail } from '../outbox/outbox.ts';
import type { CodePurpose } from '../db/rows.ts';
import type { Locale } from '../../shared/locale.ts';
import * as m from '../../paraglide/messages.js';
import { say } from '../../shared/said.ts';

/** Why a code was sent, in the recipient's language (issue 42). */
const CODE_PURPOSE_TEXT: Record<CodePurpose, (inputs: object, options: { locale: Locale }) => string> = {
  register: m.code_purpose_register,
  reset: m.code_purpose_reset,
  login: m.code_purpose_login,
  verify: m.code_purpose_verify,
  claim: m.code_purpose_claim,
};

/** A code by mail, in the recipient's language (issue 42: the account's, or the asking page's before there is one). */
export function codeMail(to: string, purpose: CodePurpose, code: string, minutes: number, locale: Locale): Mail {
  const options = { locale };
  return composeMail(to, m.mail_code_subject({ code }, options), [
    m.mail_code_body({ code, purpose: CODE_PURPOSE_TEXT[purpose]({}, options) }, options),
    m.mail_code_expiry({ minutes }, options),
  ], [], locale);
}

export function codeSms(purpose: CodePurpose, code: string, minutes: number, locale: Locale): string {
  const options = { locale };
  return m.sms_code({ site: SITE_NAME, code, purpose: CODE_PURPOSE_TEXT[purpose]({}, options), minutes }, options);
}

/** Sent instead of a sign-up code when the address already has an account (the answer to the form stays the same). */
export function accountExistsMail(to: string, locale: Locale): Mail {
  const options = { locale };
  return composeMail(to, m.mail_account_exists_subject({}, options), [m.mail_account_exists_body({}, options), m.mail_account_exists_hint({}, options)], [], locale);
}

export function accountExistsSms(locale: Locale): string {
  return m.sms_account_exists({ site: SITE_NAME }, { locale });
}

export function passwordChangedMail(to: string, locale: Locale): Mail {
  return composeMail(to, say('mail_password_changed_subject'), [say('mail_password_changed_body'), say('mail_password_changed_hint')], [], locale);
}

/** To the old address when the e-mail changes (so a taken-over account is noticed). */
export function emailChangedMail(to: string, newEmail: string, locale: Locale): Mail {
  return composeMail(to, say('mail_email_changed_subject'), [say('mail_email_changed_body', { email: newEmail }), say('mail_email_changed_hint')], [], locale);
}

export function deletionRequestedMail(to: string, days: number, locale: Locale): Mail {
  return composeMail(to, say('mail_deletion_subject'), [say('mail_deletion_body', { days }), say('mail_deletion_hint')], [], locale);
}
