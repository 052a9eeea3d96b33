import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';

/** How long a worker's lease runs unrenewed; it renews at a third of that. */
export const WORKER_LEASE_MS = 60_000;

/**
 * A worker process's lease (issue 62): held while it runs the background work and renewed, released when it stops; a
 * worker killed lets it run out. GET /healthz says whether any worker holds one.
 */
export class WorkerLease {
  private readonly repos: Repositories;
  private readonly clock: Clock;
  private readonly owner: string;
  private timer: NodeJS.Timeout | undefined;

  constructor(repos: Repositories, clock: Clock, owner: string) {
    this.repos = repos;
    this.clock = clock;
    this.owner = owner;
  }

  private hold(): Promise<void> {
    return this.repos.jobs.holdWorkerLease(this.owner, new Date(this.clock.now() + WORKER_LEASE_MS).toISOString());
  }

  async start(): Promise<void> {
    await this.hold();
    this.timer = setInterval(() => void this.hold().catch((error: unknown) => console.error(`jobs: renewing the worker's lease failed: ${String(error)}`)), WORKER_LEASE_MS / 3);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.repos.jobs.releaseWorkerLease(this.owner);
  }
}
