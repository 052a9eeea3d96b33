import { malaysiaToday } from '../../shared/malaysia-time.ts';
import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import type { ListingRef, ViewCounts } from '../db/rows.ts';

/** Clients remembered per day at most; older entries fall out first. */
const MAX_TRACKED = 200_000;
/** Counted views are written together, once every this many ms. */
export const VIEW_FLUSH_MS = 5_000;

/** Browsers that announce themselves as crawlers or tools; they read pages but are not people viewing them. */
const BOT_AGENT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|headless|lighthouse|curl|wget|python|java\/|go-http|node-fetch|axios|okhttp|httpclient|monitor|pingdom|uptime/i;

/** True when the User-Agent says a program, not a person, is asking. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT_AGENT.test(userAgent);
}

/**
 * Counts a person's view of a detail or profile page, once per client, listing and Malaysian day,
 * keeps the counts in memory and writes them in one transaction every few seconds (and at close).
 * With several app servers each counts on its own, which is fine for a view counter.
 */
export class ViewRecorder {
  private readonly seen = new Map<string, string>();
  private pending: ViewCounts = { posts: new Map(), profiles: new Map() };
  private readonly repos: Repositories;
  private readonly clock: Clock;

  /** The job runner of the process flushes it every VIEW_FLUSH_MS (a local task: the counts are this process's). */
  constructor(repos: Repositories, clock: Clock) {
    this.clock = clock;
    this.repos = repos;
  }

  /** Records a view; false when it does not count (a bot, or this client already counted today). */
  record(listing: ListingRef, client: string, userAgent: string | undefined): boolean {
    if (isBot(userAgent)) return false;
    const day = malaysiaToday(this.clock.now());
    const key = `${listing.type}:${listing.id}|${createHash('sha1').update(client).digest('base64url')}`;
    if (this.seen.get(key) === day) return false;
    this.seen.delete(key);
    this.seen.set(key, day);
    while (this.seen.size > MAX_TRACKED) this.seen.delete(this.seen.keys().next().value as string);
    const counts = listing.type === 'profile' ? this.pending.profiles : this.pending.posts;
    counts.set(listing.id, (counts.get(listing.id) ?? 0) + 1);
    return true;
  }

  /** Writes the counted views in one transaction. */
  async flush(): Promise<void> {
    const counts = this.pending;
    if (counts.posts.size === 0 && counts.profiles.size === 0) return;
    this.pending = { posts: new Map(), profiles: new Map() };
    await this.repos.engagement.addViews(counts, malaysiaToday(this.clock.now()));
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
