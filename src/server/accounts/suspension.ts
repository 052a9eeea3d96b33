/**
 * A suspended account (issue 28): signing in is refused, with the reason and where to appeal, while its suspension
 * runs (until its end date, or until an operator restores it). Suspending is the operator console's
 * (operator/suspensions.ts, through the listings core's suspendOwner).
 */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { AppContext } from '../app-types.ts';
import { absoluteUrl } from '../../shared/urls.ts';
import { AppError } from '../errors.ts';

/** Where a moderators' decision is appealed: the appeal form, or the inbox (every decision's mail says it). */
export function appealLine(config: Pick<AppContext['config'], 'siteUrl' | 'enquiryInbox'>): string {
  return `To appeal, use ${absoluteUrl(config.siteUrl, '/appeal')} or write to ${config.enquiryInbox}.`;
}

/** The words a suspended person reads when signing in. */
export function suspendedMessage(app: AppContext, suspension: { until: string | null; reason: string }): string {
  const until = suspension.until ? ` until ${malaysiaToday(Date.parse(suspension.until) - 1)}` : '';
  const reason = /[.!?]$/.test(suspension.reason.trim()) ? suspension.reason.trim() : `${suspension.reason.trim()}.`;
  return `Your account is suspended${until}: ${reason} ${appealLine(app.config)}`;
}

/** Refuses signing in to an account whose suspension runs now (a 403 with the reason and where to appeal). */
export async function refuseSuspended(app: AppContext, userId: number): Promise<void> {
  const message = await suspensionOf(app, userId);
  if (message) throw new AppError(403, message);
}

/** The suspended message of an account whose suspension runs now; undefined when it is not suspended. */
export async function suspensionOf(app: AppContext, userId: number): Promise<string | undefined> {
  const suspension = await app.repos.listings.findSuspension(userId);
  return suspension && (suspension.until === null || Date.parse(suspension.until) > app.clock.now()) ? suspendedMessage(app, suspension) : undefined;
}

