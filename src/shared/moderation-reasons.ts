/**
 * Why a moderator acts (issue 39): a short list per kind of decision plus free text. The console shows the list; the
 * owner's mail and their dashboard quote the reason as `{label}: {text}`; the audit log keeps it. "Other" needs the text.
 */
import { z } from 'zod';

/** Hiding, removing or refusing a listing. */
export const LISTING_REASONS = {
  spam: 'Spam or misleading content',
  prohibited: 'Goods or services not allowed on the site',
  scam: 'Suspected scam or fraud',
  offensive: 'Offensive or abusive content',
  duplicate: 'Duplicate of another listing',
  wrong_details: 'Wrong or missing details',
  other: 'Other',
} as const;

/** Suspending an account. */
export const ACCOUNT_REASONS = {
  spam: 'Spam or misleading listings',
  scam: 'Suspected scam or fraud',
  abuse: 'Abuse of other people',
  repeated: 'Repeated breaches of our rules',
  other: 'Other',
} as const;

/** Dismissing reports. */
export const DISMISS_REASONS = {
  no_breach: 'Nothing against our rules',
  handled: 'Already dealt with',
  false_report: 'A false or abusive report',
  other: 'Other',
} as const;

export type ReasonList = Record<string, string> & { other: string };

/** The input of a decision with a reason: `{reason_code, reason}`; "other" needs the text. */
export function reasonSchema<List extends ReasonList>(list: List) {
  const codes = Object.keys(list) as [keyof List & string, ...(keyof List & string)[]];
  return z.object({
    reason_code: z.enum(codes, { error: 'Choose a reason.' }),
    reason: z.string({ error: 'Write the reason.' }).trim().max(1000, 'Keep the reason under 1000 characters.').optional(),
  }).refine((input) => input.reason_code !== 'other' || (input.reason?.length ?? 0) >= 3, { path: ['reason'], message: 'Write the reason: the owner is told.' });
}

/** The reason as the owner reads it: the list's words, and the moderator's text after them. */
export function reasonText(list: ReasonList, input: { reason_code: string; reason?: string | undefined }): string {
  const text = input.reason?.trim() ?? '';
  if (input.reason_code === 'other') return text;
  const label = list[input.reason_code] ?? input.reason_code;
  return text ? `${label}: ${text}` : label;
}
