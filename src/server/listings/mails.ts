/**
 * The mails a listing's owner gets when someone else changes it (issue 39): an operator's approval, refusal, hiding,
 * removal or suspension (each quoting the reason, with where to appeal), and a restored account. Queued in the
 * command's transaction: sent once it commits, never for a change that rolled back.
 */
import { absoluteUrl } from '../../shared/urls.ts';
import type { Repositories } from '../db/repositories.ts';
import { composeMail } from '../outbox/compose.ts';
import type { ListingDeps } from './deps.ts';
import { say } from '../../shared/said.ts';

/** Mails the account, if it has an address, in the transaction, in its language: `subject` and `paragraphs` are said. */
export async function mailAccount(deps: ListingDeps, tx: Repositories, userId: number | null, subject: string, paragraphs: string[]): Promise<void> {
  const user = userId === null ? undefined : await tx.users.findUser(userId);
  if (user?.email) await deps.outbox.queueMail(composeMail(user.email, subject, paragraphs, [], user.locale), { tx });
}

export const dashboardLink = (deps: ListingDeps, postId: number) => absoluteUrl(deps.siteUrl, `/advertiser/posts/${postId}`);

/** The words of a moderator's decision on a listing (said): what happened, why, and where to appeal. */
export function decisionLines(deps: ListingDeps, what: string, reason: string | null): string[] {
  return [what, ...(reason ? [say('mail_reason', { reason })] : []), deps.appealLine];
}
