/**
 * Live delivery of conversations (issue 44): each process keeps the Server-Sent Events streams its people opened and
 * hands them the events the database holds (conversation_events, written in the transaction of the change). What
 * makes it look: a change this process committed (an in-process poke), a notification from another process (PostgreSQL's
 * hub: the newest event number, ids only), and a poll each second while streams are open (the fallback while the hub
 * is down; on SQLite the one process pokes itself). Each look reads from a margin before the last number seen,
 * because PostgreSQL hands numbers out in start order, not commit order; a stream skips what it already sent.
 */
import { CHANNELS, type Notifications } from '../db/replication.ts';
import type { Repositories } from '../db/repositories.ts';
import type { EventRow } from '../db/conversation-rows.ts';

/** An event as one reader's stream sends it: its name, its number (none for the unread count) and its data. */
export interface StreamEvent {
  event: 'message' | 'read' | 'unread' | 'offer';
  id?: string;
  data: unknown;
}

/** What an event tells one reader (eventView): read once per event and reader, whatever their number of streams. */
export type EventViewOf = (userId: number, event: EventRow) => Promise<StreamEvent[]>;

/** Event numbers a look goes back over: a transaction that took its number before others may commit after them. */
export const REPLAY_MARGIN = 200;
/** Events one look reads at most; a look that fills it looks again at once. */
const BATCH = 500;
const POLL_MS = 1_000;
export const HEARTBEAT_MS = 15_000;
/** Streams one account may hold open (HTTP/1.1 gives a browser 6 connections per origin). */
export const STREAMS_PER_ACCOUNT = 5;

export interface LiveStream {
  userId: number;
  /** The session the stream was opened with: the stream ends with it (probe finding 7). */
  sessionId: string;
  /** Events this stream sent, by number (a look over the margin skips them). */
  readonly sent: Set<number>;
  /** Writes an event's view (its reader's, read once for all their streams: review F9). */
  deliver(event: EventRow, view: StreamEvent[]): Promise<void>;
  close(): void;
}

export class ConversationLive {
  private readonly repos: Repositories;
  private readonly now: () => number;
  private readonly viewOf: EventViewOf;
  private readonly streams = new Map<number, Set<LiveStream>>();
  private cursor = 0;
  private looking: Promise<void> | undefined;
  private again = false;
  /** Streams still opening: a look leaves them to their own replay (or history), then looks again once they are open. */
  private readonly opening = new Set<LiveStream>();
  /**
   * Each stream's horizon: the event number its replay or history read from. An event at or below it is the past, never
   * news, whatever a look that began before the stream opened read (numbers have gaps: a rolled-back write spends them).
   */
  private readonly horizons = new WeakMap<LiveStream, number>();
  private poll: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(repos: Repositories, notifications: Notifications | null, now: () => number, viewOf: EventViewOf) {
    this.repos = repos;
    this.now = now;
    this.viewOf = viewOf;
    notifications?.listen(CHANNELS.conversationEvents, () => this.poke());
    notifications?.onReconnect(() => this.poke());
  }

  /** True while the account holds fewer than STREAMS_PER_ACCOUNT streams here. */
  canOpen(userId: number): boolean {
    return !this.closed && (this.streams.get(userId)?.size ?? 0) < STREAMS_PER_ACCOUNT;
  }

  /** Opens a stream; false when the account holds STREAMS_PER_ACCOUNT already. */
  async open(stream: LiveStream, lastEventId: number | undefined): Promise<boolean> {
    const mine = this.streams.get(stream.userId) ?? new Set();
    if (mine.size >= STREAMS_PER_ACCOUNT || this.closed) return false;
    // Registered before anything is awaited: streams opening at once each count.
    const first = this.streams.size === 0;
    mine.add(stream);
    this.streams.set(stream.userId, mine);
    // Until its replay or its history is read, a look running meanwhile would hand it history as news.
    this.opening.add(stream);
    try {
      await this.readHistory(stream, first, lastEventId);
    } finally {
      this.opening.delete(stream);
    }
    // What came while it opened is handed by the next look (the margin reads it again).
    this.poke();
    return true;
  }

  /** A new stream's past: the events a reconnecting browser missed, replayed; or, for a new one, history it skips. */
  private async readHistory(stream: LiveStream, first: boolean, lastEventId: number | undefined): Promise<void> {
    if (first) this.cursor = Math.max(this.cursor, await this.repos.conversationEvents.lastEventSeq());
    this.startPolling();
    if (lastEventId !== undefined) {
      // Replay what came since the reconnecting browser's last event, with the margin (the browser skips messages it has).
      const horizon = Math.max(0, lastEventId - REPLAY_MARGIN);
      this.horizons.set(stream, horizon);
      for (const event of await this.repos.conversationEvents.findEventsAfter(horizon, BATCH, stream.userId)) await this.hand([stream], event);
    } else {
      // A new stream starts from now: what the next look's margin reads again is history to it, not news.
      const horizon = Math.max(0, this.cursor - REPLAY_MARGIN);
      this.horizons.set(stream, horizon);
      for (const event of await this.repos.conversationEvents.findEventsAfter(horizon, BATCH, stream.userId)) stream.sent.add(event.seq);
    }
  }

  /**
   * True while the stream's session lasts: its row is there (a logout, a password change, a suspension and an account
   * deletion remove it, in any process) and not past its absolute expiry. Asked before each event a stream is handed
   * and at each heartbeat.
   */
  async sessionLasts(stream: LiveStream): Promise<boolean> {
    const session = await this.repos.auth.findSession(stream.sessionId);
    return session !== undefined && Date.parse(session.expires_at) > this.now();
  }

  /** Closes the account's streams here whose session has ended, at once (called after this process ends sessions). */
  async closeEnded(userId: number): Promise<void> {
    for (const stream of [...(this.streams.get(userId) ?? [])]) if (!await this.sessionLasts(stream)) stream.close();
  }

  remove(stream: LiveStream): void {
    const mine = this.streams.get(stream.userId);
    mine?.delete(stream);
    if (mine?.size === 0) this.streams.delete(stream.userId);
    if (this.streams.size === 0) this.stopPolling();
  }

  /** Something changed: look for new events soon (one look at a time; a poke meanwhile makes one more). */
  poke(): void {
    if (this.closed || this.streams.size === 0) return;
    if (this.looking) {
      this.again = true;
      return;
    }
    this.looking = this.look().catch((error: unknown) => console.error('Reading conversation events failed', error)).finally(() => {
      this.looking = undefined;
      if (this.again) {
        this.again = false;
        this.poke();
      }
    });
  }

  /** Resolves once no look is running (tests: what was committed has been handed to the streams). */
  async settled(): Promise<void> {
    while (this.looking) await this.looking;
  }

  private async look(): Promise<void> {
    for (;;) {
      const events = await this.repos.conversationEvents.findEventsAfter(Math.max(0, this.cursor - REPLAY_MARGIN), BATCH);
      for (const event of events) {
        const open = [...this.streams.get(event.user_id) ?? []].filter((stream) => !this.opening.has(stream) && event.seq > (this.horizons.get(stream) ?? 0));
        if (open.length > 0) await this.hand(open, event);
        this.cursor = Math.max(this.cursor, event.seq);
      }
      if (events.length < BATCH) return;
    }
  }

  /** Hands an event to one reader's streams that have not sent it: its view is read once, for all of them. */
  private async hand(streams: readonly LiveStream[], event: EventRow): Promise<void> {
    // Claimed before anything is awaited: a replay and a look handing the same event at once hand it once.
    const fresh = streams.filter((stream) => !stream.sent.has(event.seq));
    for (const stream of fresh) stream.sent.add(event.seq);
    const open: LiveStream[] = [];
    for (const stream of fresh) {
      if (!await this.sessionLasts(stream)) stream.close();
      else open.push(stream);
      // The set only needs the margin's worth: older numbers never come again.
      if (stream.sent.size > REPLAY_MARGIN * 4) for (const seq of [...stream.sent].sort((a, b) => a - b).slice(0, REPLAY_MARGIN * 2)) stream.sent.delete(seq);
    }
    if (open.length === 0) return;
    const view = await this.viewOf(event.user_id, event);
    for (const stream of open) await stream.deliver(event, view);
  }

  private startPolling(): void {
    if (this.poll || this.closed) return;
    this.poll = setInterval(() => this.poke(), POLL_MS);
    this.poll.unref();
  }

  private stopPolling(): void {
    clearInterval(this.poll);
    this.poll = undefined;
  }

  /** Shutdown: every stream ends first (browsers reconnect to another process), before requests in flight are waited for. */
  closeAll(): void {
    this.closed = true;
    this.stopPolling();
    for (const mine of this.streams.values()) for (const stream of mine) stream.close();
    this.streams.clear();
  }
}
