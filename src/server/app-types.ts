/**
 * What the app is, as a type: everything the composition root (app-context.ts) builds once per process. Modules take
 * it (or a narrower part of it) without importing the root that builds it, so no domain module is in an import cycle
 * with the composition root (issue 39).
 */
import type { ConversationLive } from './conversations/live.ts';
import type { SignInGuard } from './accounts/brute-force.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { CatalogContext } from './catalog/context.ts';
import type { Repositories } from './db/repositories.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { RateLimits } from './rate-limits.ts';
import type { DecodeQueue } from './uploads/decode-queue.ts';
import type { ViewRecorder } from './engagement/views.ts';
import type { ImpressionRecorder } from './search/impressions.ts';
import type { MediaStore } from './media/store.ts';
import type { MediaUrls } from './media/urls.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { PageCache } from './page-cache.ts';
import type { PageHealth } from './page-health.ts';
import type { CacheInvalidations } from './cache/invalidations.ts';
import type { Replication } from './db/backend.ts';
import type { SearchEngine } from './search/engine/search-engine.ts';
import type { Fulfilment } from './billing/fulfilment.ts';
import type { HostedProvider, PaymentProviders } from './billing/providers.ts';
import type { Hono } from 'hono';
import type { ApiEnv } from './api/env.ts';
import type { ListingDeps } from './listings/deps.ts';

export interface AppContext extends CatalogContext {
  config: Config;
  /** The time: services never read Date.now() (clock.ts). */
  clock: Clock;
  repos: Repositories;
  /** PostgreSQL's replicas behind the shared reads (issue 41), or null: every read goes to the one database. */
  replication: Replication | null;
  media: MediaUrls;
  search: SearchEngine;
  views: ViewRecorder;
  /** Search impressions of first pages, by post and term, for insights (issue 26). */
  impressions: ImpressionRecorder;
  /** What changed, by tag, for this process's caches (cache/invalidations.ts, decision 0017). */
  invalidations: CacheInvalidations;
  /** Rendered public pages, compressed, kept until a change names their tags. */
  pages: PageCache;
  /** Whether this process's pages answer, or fail with server errors (GET /readyz). */
  pageHealth: PageHealth;
  /** Every rate limit (rate-limits.ts). */
  limits: RateLimits;
  /** Keys the app made for itself, the same in every process on the database (the CSRF token signing key). */
  secrets: { csrf: string; unsubscribe: string; device: string; sandbox: string };
  /** The development doubles that are on (development/: the sandbox checkout), or null, as in production. */
  development: DevelopmentDoubles | null;
  /** Image decodes of uploads, bounded (uploads/decode-queue.ts). */
  imageDecodes: DecodeQueue;
  /** Where media files live (media/store.ts): the local folder or an S3-compatible bucket. */
  mediaStore: MediaStore;
  /** Mail and SMS (outbox/outbox.ts). */
  outbox: Outbox;
  /** Brute-force limits of signing in (accounts/brute-force.ts). */
  signIn: SignInGuard;
  /** What the listing commands are given (listings/, issue 39): narrow, so the listings core never reaches the whole app. */
  listings: ListingDeps;
  /** The payment providers this site takes, by name (billing/providers.ts). */
  payments: PaymentProviders;
  /** What a paid invoice's lines deliver (billing/fulfilment.ts). */
  fulfilment: Fulfilment;
  /** Background work: the job runner of this process (jobs/runner.ts, decision 0015). */
  jobs: JobRunner;
  /** This process's open conversation streams (issue 44), handed each event the database holds for their reader. */
  live: ConversationLive;
  /** Stops the runner, flushes counts, closes workers and the database. */
  close(): Promise<void>;
}

/** What the development doubles (development/index.ts) give the app when one is on: never in production. */
export interface DevelopmentDoubles {
  /** Payment providers that take no money (the sandbox checkout, decision 0028). */
  payments: HostedProvider[];
  /** Their API routes, mounted under /api; `dispatch` sends a request through the API itself (a callback, say). */
  routes(dispatch: (request: Request) => Response | Promise<Response>): Hono<ApiEnv>;
}
