/**
 * The composition root: builds the repositories, services, search engine and limits once per
 * process. Astro middleware hands it to pages as `Astro.locals.app`; the Hono API takes the same
 * object. Nothing else opens a database.
 */
import { randomBytes } from 'node:crypto';
import { SignInGuard } from './accounts/brute-force.ts';
import { fileOffsetClock, systemClock, type Clock } from './clock.ts';
import { SESSION_RULES } from './accounts/sessions.ts';
import { deleteDueAccounts } from './accounts/settings.ts';
import type { Config } from './config.ts';
import type { CatalogContext } from './catalog/context.ts';
import { createExpiryJob, type ExpiryJob } from './catalog/lifecycle.ts';
import type { Repositories } from './db/repositories.ts';
import { openBackend } from './db/backend.ts';
import { RateLimits } from './rate-limits.ts';
import { DecodeQueue } from './uploads/decode-queue.ts';
import { removeStaleTempFiles, removeStaleUploads } from './uploads/pipeline.ts';
import { ViewRecorder } from './engagement/views.ts';
import { createMediaUrls, type MediaUrls } from './media/urls.ts';
import { Outbox } from './outbox/outbox.ts';
import { createPageCache } from './page-cache.ts';
import { withResponseCache, type SearchEngine } from './search/engine.ts';

/** How often stale uploads, and ended sessions and codes, are looked for. */
const UPLOAD_SWEEP_MS = 60 * 60 * 1000;
/** How long the sign-in log keeps an attempt. */
const AUTH_LOG_DAYS = 90;

export interface AppContext extends CatalogContext {
  config: Config;
  /** The time: services never read Date.now() (clock.ts). */
  clock: Clock;
  repos: Repositories;
  media: MediaUrls;
  search: SearchEngine;
  views: ViewRecorder;
  /** Rendered public pages, compressed, per catalogue version. */
  pages: ReturnType<typeof createPageCache>;
  /** Every rate limit (rate-limits.ts). */
  limits: RateLimits;
  /** Keys the app made for itself, the same in every process on the database (the CSRF token signing key). */
  secrets: { csrf: string };
  /** Image decodes of uploads, bounded (uploads/decode-queue.ts). */
  imageDecodes: DecodeQueue;
  /** Mail and SMS (outbox/outbox.ts). */
  outbox: Outbox;
  /** Brute-force limits of signing in (accounts/brute-force.ts). */
  signIn: SignInGuard;
  /** Stops timers, flushes counts, closes workers and the database. */
  close(): Promise<void>;
}

export interface AppContextOptions {
  /** The clock (tests move one by hand); by default the system's, or TEST_CLOCK_FILE's in an end-to-end test. */
  clock?: Clock;
  /** Start the timers (view flushing, expiry sweep); tests turn them off and call them directly. */
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
  const engine = backend.createSearchEngine({ repos, media }, { workers: config.searchWorkers, mediaBaseUrl: config.mediaBaseUrl, clockFile: config.testClockFile ?? undefined });
  const search = withResponseCache(engine, repos, config.searchCacheSize, config.searchCacheBytes);
  const views = new ViewRecorder(repos, clock, timers ? undefined : 0);
  const expiry: ExpiryJob = createExpiryJob(repos, timers);
  const limits = new RateLimits();
  const outbox = new Outbox({ directory: config.outboxDir, smtpUrl: config.smtpUrl, from: config.mailFrom });
  // Uploads no form attached within a day go, files first; checked hourly (the query is indexed).
  const uploadSweep = timers ? setInterval(() => void Promise.all([removeStaleUploads({ repos, config, clock }), removeStaleTempFiles({ config, clock })])
    .catch((error: unknown) => console.error('Removing stale uploads failed', error)), UPLOAD_SWEEP_MS) : undefined;
  uploadSweep?.unref();
  const authSweep = timers ? setInterval(() => {
    const now = clock.now();
    void deleteDueAccounts(context).catch((error: unknown) => console.error('Deleting accounts failed', error));
    void repos.counters.removeExpired(now).catch((error: unknown) => console.error('Removing ended counters failed', error));
    void repos.auth.removeExpired(new Date(now).toISOString(), new Date(now - SESSION_RULES.idleMs).toISOString(),
      new Date(now - AUTH_LOG_DAYS * 24 * 60 * 60_000).toISOString()).catch((error: unknown) => console.error('Removing ended sessions failed', error));
  }, UPLOAD_SWEEP_MS) : undefined;
  authSweep?.unref();
  const secrets = { csrf: await repos.maintenance.appSecret('csrf-token-key', randomBytes(32).toString('base64url')) };
  const context: AppContext = {
    config,
    clock,
    secrets,
    repos,
    media,
    search,
    views,
    pages: createPageCache(config.pageCacheBytes),
    limits,
    imageDecodes: new DecodeQueue(config.imageDecodes, config.imageDecodeQueue),
    outbox,
    signIn: new SignInGuard(repos.counters, () => clock.now()),
    async close() {
      expiry.stop();
      clearInterval(uploadSweep);
      clearInterval(authSweep);
      await limits.close();
      await outbox.close();
      await views.close();
      await search.close();
      await repos.close();
    },
  };
  return context;
}
