/**
 * The composition root: builds the repositories, services, search engine and limits once per
 * process. Astro middleware hands it to pages as `Astro.locals.app`; the Hono API takes the same
 * object. Nothing else opens a database.
 */
import { ConversationLive } from './conversations/live.ts';
import { eventView } from './conversations/conversations.ts';
import { randomBytes } from 'node:crypto';
import { SignInGuard } from './accounts/brute-force.ts';
import { fileOffsetClock, systemClock, type Clock } from './clock.ts';
import type { AppContext } from './app-types.ts';
import type { Config } from './config.ts';
import type { AppRole } from './process-role.ts';
import { openBackend } from './db/backend.ts';
import { jobDefinitions, RECURRING_JOBS } from './jobs/kinds.ts';
import { JobRunner } from './jobs/runner.ts';
import { MemoryStore } from 'hono-rate-limiter';
import { CounterStore, RateLimits, SHARED_RULES } from './rate-limits.ts';
import { DecodeQueue } from './uploads/decode-queue.ts';
import { VIEW_FLUSH_MS, ViewRecorder } from './engagement/views.ts';
import { ImpressionRecorder } from './search/impressions.ts';
import { localMediaStore, s3MediaStore } from './media/store.ts';
import { createMediaUrls } from './media/urls.ts';
import { Outbox, SEND_MESSAGE_JOB } from './outbox/outbox.ts';
import { PageHealth } from './page-health.ts';
import { createPageCache } from './page-cache.ts';
import { LoadMeter, RenderGate } from './render-gate.ts';
import { CacheInvalidations } from './cache/invalidations.ts';
import { withResponseCache } from './search/cache.ts';
import { searchAnswers } from './search/answers.ts';
import { appealLine } from './accounts/suspension.ts';
import { billplzProvider } from './billing/billplz.ts';
import { listingBilling, paymentProviders, startPaidPlan } from './billing/index.ts';
import { expire, publishPaid, type ListingDeps } from './listings/index.ts';
import { heldBackReason, heldChecks, heldMessage } from './moderation/checks.ts';
import { queueInstantAlerts } from './saved-searches/alerts.ts';
import { setPlaceNames } from '../shared/place-names.ts';
import { withDisplayNames } from './search/display-names.ts';

export type { AppContext } from './app-types.ts';

/** The job kinds a web process runs itself: the latency-bound ones. */
const WEB_JOB_KINDS: readonly string[] = [SEND_MESSAGE_JOB];

export interface AppContextOptions {
  /** What this process is for; 'all' by default. */
  role?: AppRole;
  /** The clock (tests move one by hand); by default the system's, or TEST_CLOCK_FILE's in an end-to-end test. */
  clock?: Clock;
  /**
   * Start background work: the job runner (unless JOB_RUNNER=off, where `npm run jobs -- work` runs the cluster's
   * jobs) and this process's own tasks (the view flush). Tests turn it off and run jobs themselves.
   */
  timers?: boolean;
}

/**
 * Builds the app on the backend the config names (db/backend.ts). Refuses when migrations are pending:
 * they are an explicit step (`npm run migrate`), never run by a serving process.
 */
export async function createAppContext(config: Config, options: AppContextOptions = {}): Promise<AppContext> {
  const clock = options.clock ?? (config.testClockFile ? fileOffsetClock(config.testClockFile) : systemClock);
  const backend = await openBackend(config, clock);
  const { repos } = backend;
  const media = createMediaUrls(config.mediaBaseUrl);
  const timers = options.timers ?? true;
  const role = options.role ?? 'all';
  const invalidations = new CacheInvalidations(repos, clock, {
    pollMs: config.cachePollMs, replication: backend.replication, notifications: backend.notifications,
  });
  await invalidations.start();
  // States' and towns' names in Malay and Chinese, for every page this process renders (issue 42).
  setPlaceNames(await repos.catalog.findPlaceNames());
  const engine = backend.createSearchEngine(searchAnswers({ repos, media }), { workers: role === 'worker' ? 0 : config.searchWorkers, mediaBaseUrl: config.mediaBaseUrl, wordIndexMax: config.searchWordIndexMax, types: config.searchTypes, clockFile: config.testClockFile ?? undefined });
  // Display names in the caller's language sit inside the response cache, whose key holds `lang` (issue 42).
  const search = withResponseCache(withDisplayNames(engine, () => context), invalidations, config.searchCacheSize, config.searchCacheBytes);
  const views = new ViewRecorder(repos, clock);
  const impressions = new ImpressionRecorder(repos, clock);
  const limits = new RateLimits((rule) => (SHARED_RULES.has(rule) ? new CounterStore(repos.counters, clock) : new MemoryStore()));
  const mediaStore = config.mediaStore.kind === 's3' ? s3MediaStore(config.mediaStore) : localMediaStore(config.mediaDir);
  const outbox = new Outbox(repos, {
    directory: config.outboxDir, smtpUrl: config.smtpUrl, from: config.mailFrom, host: new URL(config.siteUrl).hostname, readMedia: (file) => mediaStore.readBytes(file),
  });
  // Its handlers reach the app once it is built.
  const jobs: JobRunner = new JobRunner({
    repos, clock, recurring: RECURRING_JOBS, leaseMs: config.jobLeaseMs,
    jobs: jobDefinitions(() => context).filter((definition) => role !== 'web' || WEB_JOB_KINDS.includes(definition.kind.name)),
    local: [
      { name: 'view flush', everyMs: VIEW_FLUSH_MS, run: () => views.flush() },
      { name: 'impression flush', everyMs: VIEW_FLUSH_MS, run: () => impressions.flush() },
    ],
  });
  // How busy this process is, for the render bound (render-gate.ts); tests (no timers) never count as busy.
  const load = timers ? new LoadMeter() : undefined;
  const secrets = {
    csrf: await repos.maintenance.appSecret('csrf-token-key', randomBytes(32).toString('base64url')),
    // Signs the one-click unsubscribe links of saved-search alerts (issue 29): one key for every process.
    unsubscribe: await repos.maintenance.appSecret('unsubscribe-token-key', randomBytes(32).toString('base64url')),
    // Signs the device cookies of sign-in (accounts/devices.ts, issue 38).
    device: await repos.maintenance.appSecret('device-cookie-key', randomBytes(32).toString('base64url')),
    // Signs the sandbox checkout's bills and callbacks (development/sandbox-checkout.ts, issue 40).
    sandbox: await repos.maintenance.appSecret('sandbox-checkout-key', randomBytes(32).toString('base64url')),
  };
  // Each event's view is read once per reader, for all their streams (review F9); it reaches the app once it is built.
  const live = new ConversationLive(repos, backend.notifications, () => clock.now(), (userId, event) => eventView(context, userId, event));
  // The development doubles are loaded only when one is on: a production process never loads their code.
  const development = config.billing.sandbox
    ? (await import('./development/index.ts')).developmentDoubles({ sandboxKey: secrets.sandbox, siteUrl: config.siteUrl, clock })
    : null;
  // The listings core's narrow dependencies (issue 39); its ports reach the app once it is built.
  const payments = paymentProviders([...(config.billing.billplz ? [billplzProvider(config.billing.billplz)] : []), ...(development?.payments ?? [])]);
  // Its ports get what each needs, never the whole app: billing its rates, outbox and providers; the checks the catalogue.
  const listings: ListingDeps = {
    repos, clock, outbox, siteUrl: config.siteUrl, appealLine: appealLine(config),
    billing: listingBilling({ clock, config, outbox, payments }),
    checks: async (post, ownerId) => {
      const outcome = await heldChecks({ repos, media, clock, config }, post, ownerId);
      return { ...outcome, message: heldMessage(outcome.checks), heldBackReason: heldBackReason(outcome.checks) };
    },
    alerts: (tx) => queueInstantAlerts({ clock }, tx),
  };
  const context: AppContext = {
    config,
    clock,
    secrets,
    listings,
    payments,
    development,
    fulfilment: {
      plan: startPaidPlan,
      ad: (tx, invoice, line) => (line.post_id ? publishPaid(listings, tx, line.post_id, invoice.id) : Promise.resolve()),
    },
    repos,
    replication: backend.replication,
    media,
    search,
    views,
    impressions,
    invalidations,
    pages: role === 'worker' ? createPageCache(0, invalidations) : createPageCache(config.pageCacheBytes, invalidations, { renders: new RenderGate({ ...config.renders, busy: () => load?.busy ?? false }), load }),
    pageHealth: new PageHealth(),
    limits,
    imageDecodes: new DecodeQueue(config.imageDecodes, config.imageDecodeQueue),
    mediaStore,
    outbox,
    signIn: new SignInGuard(repos.counters, () => clock.now()),
    jobs,
    live,
    async close() {
      live.closeAll();
      load?.close();
      await jobs.stop();
      await limits.close();
      await outbox.close();
      await views.close();
      await impressions.close();
      await search.close();
      invalidations.close();
      await repos.close();
    },
  };
  outbox.useRunner(jobs);
  if (timers) {
    // Posts that expired while no process ran leave search at once, not a minute later. A process that cannot do it
    // now (a slow machine, a database switching over) serves anyway: the recurring expiry job does it within a minute.
    // Seen on the cluster (issue 41): at 500,000 listings, 0.25-core hosts rolled it back past the transaction limit
    // and, before this, failed to start over and over.
    await expire(listings).catch((error: unknown) => console.error(`Expiring due posts at start failed; the recurring job will: ${error instanceof Error ? error.message : String(error)}`));
    await jobs.start({ claim: config.jobRunner === 'in-process' });
  }
  return context;
}

/** A web process (issue 62): pages, the API, and the background work a visitor waits on. */
export function createWebContext(config: Config, options: Omit<AppContextOptions, 'role'> = {}): Promise<AppContext> {
  return createAppContext(config, { ...options, role: 'web' });
}

/** A worker process (issue 62): every kind of background work; no page cache, no render gate, no search threads. */
export function createWorkerContext(config: Config, options: Omit<AppContextOptions, 'role'> = {}): Promise<AppContext> {
  return createAppContext({ ...config, searchWorkers: 0, pageCacheBytes: 0 }, { ...options, role: 'worker' });
}
