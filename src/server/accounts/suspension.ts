/**
 * A suspended account (issue 28): signing in is refused, with the reason and where to appeal, while its suspension
 * runs (until its end date, or until an operator restores it). Suspending is the operator console's
 * (operator/suspensions.ts, through the listings core's suspendOwner).
 */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { AppContext } from '../app-types.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import { AppError } from '../errors.ts';
import { say } from '../../shared/said.ts';

/** Where a moderators' decision is appealed: the appeal form, or the inbox (every decision's mail says it). */
export function appealLine(config: Pick<AppContext['config'], 'siteUrl' | 'enquiryInbox'>): string {
  return say('mail_appeal', { url: absoluteUrl(config.siteUrl, '/appeal'), inbox: config.enquiryInbox });
}

type Suspension = { until: string | null; reason: string };

/** The reason as a sentence, and the last day of a suspension with an end. */
const wordsOf = (suspension: Suspension) => ({
  reason: /[.!?]$/.test(suspension.reason.trim()) ? suspension.reason.trim() : `${suspension.reason.trim()}.`,
  until: suspension.until ? malaysiaToday(Date.parse(suspension.until) - 1) : '',
});

/** The words a suspended person reads when signing in (and in the mail that tells them), said: worded where they leave. */
export function suspendedSaid(app: AppContext, suspension: Suspension): string {
  return say(suspension.until ? 'api_account_suspended_until' : 'api_account_suspended',
    { ...wordsOf(suspension), url: absoluteUrl(app.config.siteUrl, '/appeal'), inbox: app.config.enquiryInbox });
}

/** The suspension of an account that runs now; undefined when it is not suspended. */
async function runningSuspension(app: AppContext, userId: number): Promise<Suspension | undefined> {
  const suspension = await app.repos.listings.findSuspension(userId);
  return suspension && (suspension.until === null || Date.parse(suspension.until) > app.clock.now()) ? suspension : undefined;
}

/** Refuses signing in to an account whose suspension runs now (a 403 with the reason and where to appeal). */
export async function refuseSuspended(app: AppContext, userId: number): Promise<void> {
  const suspension = await runningSuspension(app, userId);
  if (suspension) throw new AppError(suspension.until ? 'account_suspended_until' : 'account_suspended', undefined, { said: suspendedSaid(app, suspension) });
}

/** Whether the account's suspension runs now (a social sign-in, which ends in a redirect, says so apart). */
export async function isSuspended(app: AppContext, userId: number): Promise<boolean> {
  return (await runningSuspension(app, userId)) !== undefined;
}
