/**
 * Search impressions (issue 26): every first page of a search a person asked for, served from the page cache or not,
 * counts once for each post it showed, per Malaysian day, and per search term when a keyword was typed. Counted in
 * memory and written together every few seconds, like views (engagement/views.ts); bots are left out. A page that
 * shows results names them in an internal header the middleware reads on every response, hit or miss, and removes.
 */
import { malaysiaToday } from '../../shared/malaysia-time.ts';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../db/repositories.ts';
import { isBot } from '../engagement/views.ts';

/** The internal header a search page names its first page's posts and term in; never sent out. */
export const IMPRESSIONS_HEADER = 'X-Search-Impressions';
/** How long a stored term may be (longer typed searches are cut). */
const TERM_MAX = 80;

/** A search term as insights group it: lower case, spaces collapsed, cut to TERM_MAX. */
export function searchTerm(keyword: string | null | undefined): string {
  return (keyword ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, TERM_MAX);
}

export interface Impression {
  term: string;
  postIds: number[];
}

/** The header value of a first page's impression: the term, then the post ids. */
export function impressionHeader(impression: Impression): string {
  return `${encodeURIComponent(impression.term)};${impression.postIds.join(',')}`;
}

export function readImpressionHeader(value: string): Impression | undefined {
  const match = /^([^;]*);([\d,]*)$/.exec(value);
  if (!match) return undefined;
  try {
    return { term: decodeURIComponent(match[1]!), postIds: match[2]!.split(',').filter(Boolean).map(Number) };
  } catch {
    return undefined;
  }
}

export class ImpressionRecorder {
  private posts = new Map<number, number>();
  private terms = new Map<string, { postId: number; term: string; count: number }>();
  private readonly repos: Repositories;
  private readonly clock: Clock;

  constructor(repos: Repositories, clock: Clock) {
    this.repos = repos;
    this.clock = clock;
  }

  /** Counts one search's first page for a person (nothing for a bot). */
  record(impression: Impression, userAgent: string | undefined): void {
    if (isBot(userAgent) || impression.postIds.length === 0) return;
    const term = searchTerm(impression.term);
    for (const postId of new Set(impression.postIds)) {
      this.posts.set(postId, (this.posts.get(postId) ?? 0) + 1);
      if (!term) continue;
      const key = `${postId}\u0000${term}`;
      const counted = this.terms.get(key);
      if (counted) counted.count += 1;
      else this.terms.set(key, { postId, term, count: 1 });
    }
  }

  /** Writes what was counted in one transaction. */
  async flush(): Promise<void> {
    if (this.posts.size === 0) return;
    const posts = [...this.posts].map(([postId, count]) => ({ postId, count }));
    const terms = [...this.terms.values()];
    this.posts = new Map();
    this.terms = new Map();
    await this.repos.insights.addImpressions(malaysiaToday(this.clock.now()), posts, terms);
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
