/**
 * The product's jobs (decision 0015): what each kind does, and which recur how often. Mail and SMS go through
 * `send_message` (a bulk send's through `send_bulk_message`, which only the worker process runs); the sweeps that were timers in every process are recurring jobs of the cluster, each run once
 * per period whichever process takes it.
 */
import { updateTrustSignals } from '../trust/responsiveness.ts';
import { removeExpiredReportedDetails } from '../safety/reported-details.ts';
import { runReviewSignals } from '../moderation/review-filter.ts';
import { updatePriceStatistics } from '../moderation/price-statistics.ts';
import { SESSION_RULES } from '../accounts/sessions.ts';
import { deleteDueAccounts } from '../accounts/settings.ts';
import { sendLeadDigests } from '../advertiser/leads.ts';
import { removeOldConversations, sendUnreadNotices } from '../conversations/notices.ts';
import type { AppContext } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { RefundPaymentJob, refundThroughProvider, runSubscriptionLifecycle } from '../billing/index.ts';
import { expire, restoreOwner, SYSTEM } from '../listings/index.ts';
import { runSavedSearchAlerts, SAVED_SEARCH_ALERTS_JOB, SavedSearchAlertsJob } from '../saved-searches/alerts.ts';
import { SendBulkMessageJob, SendMessageJob } from '../outbox/outbox.ts';
import { removeStaleTempFiles, removeStaleUploads } from '../uploads/pipeline.ts';
import { defineJob, jobKind, NO_PAYLOAD, type JobDefinition } from './kind.ts';
import type { RecurringJob } from './runner.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long the sign-in log keeps an attempt. */
const AUTH_LOG_DAYS = 90;
/** Invalidation log entries kept (a process that fell further behind starts its caches again). */
const KEPT_INVALIDATIONS = 100_000;
/** How long finished jobs stay listed (`npm run jobs`). */
const FINISHED_JOB_DAYS = 7;

export const RECURRING_JOBS: readonly RecurringJob[] = [
  // Posts past their expiry leave search, rows and sitemaps.
  { kind: 'expire_posts', everyMs: MINUTE },
  // Subscriptions over time: renewal invoices, grace, ends and downgrades, each mailed (billing/subscription-lifecycle.ts).
  { kind: 'end_subscriptions', everyMs: MINUTE },
  // Suspensions with an end that has passed are restored.
  { kind: 'end_suspensions', everyMs: 15 * MINUTE },
  // Advertisers on the daily lead digest get it once 08:00 (Malaysia) has passed; a run at any time catches up.
  { kind: 'lead_digests', everyMs: 15 * MINUTE },
  // Conversations: one mail per conversation and side whose messages stayed unread for 15 minutes.
  { kind: 'conversation_notices', everyMs: MINUTE },
  // Conversations go 24 months after their last message.
  { kind: 'conversation_retention', everyMs: DAY },
  // Reported payment details: reports a year old, details left with none, confirmations two years old (safety/reported-details.ts).
  { kind: 'reported_details_retention', everyMs: DAY },
  // The site's category statistics: buy-and-sell prices per category and condition, brand and product (moderation/price-statistics.ts).
  { kind: 'category_price_stats', everyMs: DAY },
  // Badges' signals: each owned business's "Usually replies within N hours" (trust/responsiveness.ts).
  { kind: 'trust_signals', everyMs: DAY },
  // The fake-review filter: new and edited reviews every 15 minutes, the last 90 days each night (moderation/review-filter.ts).
  { kind: 'review_signals', everyMs: 15 * MINUTE },
  { kind: 'review_signals_nightly', everyMs: DAY },
  // Saved-search alerts: daily and weekly once 07:00 (Malaysia) has passed, and instant ones a listing going live
  // did not already send (saved-searches/alerts.ts).
  { kind: SAVED_SEARCH_ALERTS_JOB, everyMs: 15 * MINUTE },
  // Accounts asked to be deleted 14 days ago go, with their files.
  { kind: 'delete_accounts', everyMs: HOUR },
  // Uploads no form used within a day go, rows first; half-written temporary files too.
  { kind: 'remove_stale_uploads', everyMs: HOUR },
  // Ended sessions, challenges, codes and counters, and old lines of the sign-in log.
  { kind: 'remove_ended_sign_ins', everyMs: HOUR },
  // Finished jobs and sent messages, a week on.
  { kind: 'remove_finished_jobs', everyMs: DAY },
  // The invalidation log keeps its newest entries: far more than any process reads between two looks.
  { kind: 'prune_cache_invalidations', everyMs: HOUR },
  // The search index rebuilt from the catalogue in short transactions: any drift is gone within a week.
  { kind: 'rebuild_search_index', everyMs: 7 * DAY },
];

/** The recurring sweeps: kinds without a payload, each run by its schedule (or `npm run jobs -- run KIND`). */
const sweep = (name: string) => jobKind(name, NO_PAYLOAD);

/** What each kind does, over the app (reached when a job runs: the runner is built before the app is). */
export function jobDefinitions(appOf: () => AppContext): JobDefinition[] {
  return [
    defineJob(SendMessageJob, ({ id }) => appOf().outbox.deliver(id)),
    defineJob(SendBulkMessageJob, ({ id }) => appOf().outbox.deliver(id)),
    defineJob(sweep('expire_posts'), async () => {
      await expire(appOf().listings);
    }),
    defineJob(sweep('end_subscriptions'), () => runSubscriptionLifecycle(appOf())),
    defineJob(sweep('end_suspensions'), async () => {
      const app = appOf();
      for (const id of await app.repos.listings.findEndedSuspensions(100)) {
        try {
          await restoreOwner(app.listings, SYSTEM, id);
        } catch (error) {
          // Restored meanwhile by an operator: nothing left to do.
          if (!(error instanceof AppError && error.status === 409)) throw error;
        }
      }
    }),
    defineJob(RefundPaymentJob, ({ paymentId }) => refundThroughProvider(appOf(), paymentId)),
    defineJob(sweep('lead_digests'), async () => {
      await sendLeadDigests(appOf());
    }),
    defineJob(sweep('conversation_notices'), async () => {
      await sendUnreadNotices(appOf());
    }),
    defineJob(sweep('conversation_retention'), async () => {
      await removeOldConversations(appOf());
    }),
    defineJob(sweep('reported_details_retention'), async () => {
      await removeExpiredReportedDetails(appOf());
    }),
    defineJob(sweep('category_price_stats'), async () => {
      await updatePriceStatistics(appOf());
    }),
    defineJob(sweep('trust_signals'), async () => {
      await updateTrustSignals(appOf());
    }),
    defineJob(sweep('review_signals'), async () => {
      await runReviewSignals(appOf(), 'changed');
    }),
    defineJob(sweep('review_signals_nightly'), async () => {
      await runReviewSignals(appOf(), 'nightly');
    }),
    defineJob(SavedSearchAlertsJob, async ({ frequencies }) => {
      await runSavedSearchAlerts(appOf(), frequencies);
    }),
    defineJob(sweep('delete_accounts'), async () => {
      await deleteDueAccounts(appOf());
    }),
    defineJob(sweep('remove_stale_uploads'), async () => {
      await removeStaleUploads(appOf());
      await removeStaleTempFiles(appOf());
    }),
    defineJob(sweep('remove_ended_sign_ins'), async () => {
      const { repos, clock } = appOf();
      const now = clock.now();
      await repos.counters.removeExpired(now);
      await repos.auth.removeExpired(new Date(now).toISOString(), new Date(now - SESSION_RULES.idleMs).toISOString(),
        new Date(now - AUTH_LOG_DAYS * DAY).toISOString());
    }),
    defineJob(sweep('remove_finished_jobs'), async () => {
      const { repos, clock } = appOf();
      const before = new Date(clock.now() - FINISHED_JOB_DAYS * DAY).toISOString();
      await repos.jobs.removeFinished(before);
      // Sent messages go with their jobs: alerts alone send thousands a day.
      await repos.outbox.removeSent(before);
    }),
    defineJob(sweep('rebuild_search_index'), () => appOf().repos.maintenance.rebuildSearchIndex()),
    defineJob(sweep('prune_cache_invalidations'), async () => {
      await appOf().repos.cache.pruneInvalidations(KEPT_INVALIDATIONS);
    }),
  ];
}
